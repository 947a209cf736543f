import ExpenseCore
import ExpenseSupport

extension PostgresSchema {
    /// Receipts and their bytes. Bytes arrive a chunk at a time into the sender's own uploads,
    /// and become content only whole and hashing to their name; content is never appended to or
    /// changed, and a receipt's row names only complete content. A receipt's row changes only in
    /// what text recognition said of it, and not while it is attached to a frozen item.
    static let receiptUploads = """
        -- A receipt's bytes as its sender sends them, until they are whole and hash to their name:
        -- only then content (receipt_contents), which a receipt's row may name.
        CREATE TABLE receipt_uploads (
            sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
            chunk bigint NOT NULL CHECK (chunk >= 0),
            bytes bytea NOT NULL CHECK (length(bytes) > 0),
            owner text NOT NULL CHECK (length(owner) > 0),
            PRIMARY KEY (owner, sha256, chunk)
        );
        ALTER TABLE receipt_uploads ALTER COLUMN bytes SET STORAGE EXTERNAL;
        """

    static var receiptFunctions: [ServerFunction] {
        [
            // Bounded (issue 40): a chunk is at most the app's size, and the sender's unfinished
            // uploads at most the quota; her own expired ones go first. Her chunks take turns
            // (a lock of her own), so that parallel sessions cannot pass the quota together.
            ServerFunction(
                ServerWrites.receiptChunk,
                declare: "who text := caller(); limits public.upload_limits; held bigint;",
                body: """
                    PERFORM require_group(who, '\(travellerRole)', 'capture receipts');
                    IF octet_length(p_bytes) > \(DatabaseReceiptStorage.chunkSize) THEN
                        RAISE EXCEPTION 'a chunk of receipt % has % bytes; at most \(DatabaseReceiptStorage.chunkSize) are sent at once',
                            left(p_sha256, 12), octet_length(p_bytes)
                            USING ERRCODE = 'integrity_constraint_violation', HINT = 'send the bytes in chunks of 256 KiB';
                    END IF;
                    IF EXISTS (SELECT 1 FROM public.receipt_contents WHERE sha256 = p_sha256) THEN RETURN; END IF;
                    PERFORM pg_advisory_xact_lock(hashtext('receipt_uploads ' || who));
                    SELECT * INTO limits FROM public.upload_limits WHERE singleton = 1;
                    DELETE FROM public.receipt_uploads
                    WHERE owner = who AND started_at < now() - make_interval(secs => limits.expiry_seconds);
                    SELECT coalesce(sum(octet_length(bytes)), 0) INTO held FROM public.receipt_uploads
                    WHERE owner = who AND NOT (sha256 = p_sha256 AND chunk = p_chunk);
                    IF held + octet_length(p_bytes) > limits.quota_bytes THEN
                        RAISE EXCEPTION 'your unfinished receipt uploads would hold % bytes; at most % are kept for you',
                            held + octet_length(p_bytes), limits.quota_bytes
                            USING ERRCODE = 'integrity_constraint_violation',
                                  HINT = 'finish or abandon an upload first: unfinished ones expire after ' || limits.expiry_seconds
                                      || ' seconds, and receipt gc removes them';
                    END IF;
                    INSERT INTO public.receipt_uploads (owner, sha256, chunk, bytes) VALUES (who, p_sha256, p_chunk, p_bytes)
                    ON CONFLICT (owner, sha256, chunk) DO UPDATE SET bytes = excluded.bytes;
                    """, callers: [travellerRole]),
            // True when the sender's chunks became content now; false when it was there already.
            ServerFunction(
                ServerWrites.receiptContentFinish,
                declare: "who text := caller(); chunks bigint; last_chunk bigint; actual text;",
                body: """
                    IF EXISTS (SELECT 1 FROM public.receipt_contents WHERE sha256 = p_sha256) THEN
                        DELETE FROM public.receipt_uploads WHERE owner = who AND sha256 = p_sha256;
                        RETURN false;
                    END IF;
                    SELECT count(*), max(chunk) INTO chunks, last_chunk FROM public.receipt_uploads WHERE owner = who AND sha256 = p_sha256;
                    IF chunks = 0 OR last_chunk <> chunks - 1 THEN
                        RAISE EXCEPTION 'the bytes of receipt % arrived incomplete; nothing was stored', left(p_sha256, 12)
                            USING ERRCODE = 'integrity_constraint_violation';
                    END IF;
                    SELECT encode(sha256(string_agg(bytes, ''::bytea ORDER BY chunk)), 'hex') INTO actual
                    FROM public.receipt_uploads WHERE owner = who AND sha256 = p_sha256;
                    IF actual <> p_sha256 THEN
                        RAISE EXCEPTION 'the bytes sent for receipt % hash to %; nothing was stored', left(p_sha256, 12), left(actual, 12)
                            USING ERRCODE = 'integrity_constraint_violation';
                    END IF;
                    INSERT INTO public.receipt_contents (sha256, chunk, bytes)
                    SELECT sha256, chunk, bytes FROM public.receipt_uploads WHERE owner = who AND sha256 = p_sha256;
                    DELETE FROM public.receipt_uploads WHERE owner = who AND sha256 = p_sha256;
                    RETURN true;
                    """, callers: [travellerRole]),
            // Expired unfinished uploads: the caller's own, or everyone's for the administrator
            // (a member of the definer, which no group is). Returns how many chunks went.
            ServerFunction(
                ServerWrites.receiptUploadsGC,
                declare: "who text; gone bigint;",
                body: """
                    IF pg_has_role(session_user, '\(definerRole)', 'MEMBER') THEN
                        who := NULL;
                    ELSE
                        who := caller();
                    END IF;
                    DELETE FROM public.receipt_uploads u USING public.upload_limits l
                    WHERE l.singleton = 1 AND u.started_at < now() - make_interval(secs => l.expiry_seconds)
                      AND (who IS NULL OR u.owner = who);
                    GET DIAGNOSTICS gone = ROW_COUNT;
                    RETURN gone;
                    """, callers: groupRoles),
            ServerFunction(
                ServerWrites.receiptNew, declare: "who text := caller(); stored bigint; made bigint;",
                body: """
                    PERFORM require_group(who, '\(travellerRole)', 'capture receipts');
                    SELECT sum(length(bytes)) INTO stored FROM public.receipt_contents WHERE sha256 = p_sha256;
                    IF stored IS NULL THEN
                        RAISE EXCEPTION 'the bytes of receipt % are not stored yet', left(p_sha256, 12) USING ERRCODE = 'integrity_constraint_violation';
                    END IF;
                    IF stored <> p_size THEN
                        RAISE EXCEPTION 'receipt % has % bytes, not %', left(p_sha256, 12), stored, p_size USING ERRCODE = 'integrity_constraint_violation';
                    END IF;
                    INSERT INTO public.receipts (sha256, media_type, size, original_name, source, captured_at, taken_at, width, height,
                        ocr_status, ocr_note, ocr_text, suggested_merchant, suggested_date, suggested_amount, suggested_currency,
                        suggested_category, owner)
                    VALUES (p_sha256, p_media_type, p_size, coalesce(p_original_name, ''), p_source, p_captured_at, p_taken_at, p_width,
                            p_height, p_ocr_status, coalesce(p_ocr_note, ''), coalesce(p_ocr_text, ''), p_merchant, p_date, p_amount,
                            p_currency, p_category, who)
                    RETURNING id INTO made;
                    RETURN made;
                    """, callers: [travellerRole]),
            ServerFunction(
                ServerWrites.receiptOCR,
                declare: "who text := caller();",
                body: """
                    PERFORM own_receipt(p_receipt, who);
                    IF EXISTS (SELECT 1 FROM public.expense_receipts l JOIN public.expenses e ON e.id = l.expense_id
                               JOIN public.reports r ON r.id = e.report_id
                               WHERE l.receipt_id = p_receipt AND r.status NOT IN \(Store.editableStatusesSQL)) THEN
                        RAISE EXCEPTION 'the report is not a draft; its items are frozen' USING ERRCODE = 'integrity_constraint_violation';
                    END IF;
                    UPDATE public.receipts SET ocr_status = p_ocr_status, ocr_note = coalesce(p_ocr_note, ''),
                        ocr_text = coalesce(p_ocr_text, ''), suggested_merchant = p_merchant, suggested_date = p_date,
                        suggested_amount = p_amount, suggested_currency = p_currency, suggested_category = p_category
                    WHERE id = p_receipt;
                    """, callers: [travellerRole]),
            // Only a receipt attached to nothing: the links' foreign key refuses the rest.
            ServerFunction(
                ServerWrites.receiptDelete,
                declare: "who text := caller();",
                body: """
                    PERFORM own_receipt(p_receipt, who);
                    DELETE FROM public.receipts WHERE id = p_receipt;
                    """, callers: [travellerRole]),
            ServerFunction(
                name: "own_receipt", parameters: "p_receipt bigint, p_who text", returns: "void",
                body: """
                    IF NOT EXISTS (SELECT 1 FROM public.receipts WHERE id = p_receipt AND owner = p_who) THEN
                        RAISE EXCEPTION 'unknown receipt %', p_receipt USING ERRCODE = 'insufficient_privilege';
                    END IF;
                    """),
            ServerFunction(
                ServerWrites.inboxTaken, declare: "who text := caller();",
                body: """
                    IF p_receipt IS NOT NULL THEN PERFORM own_receipt(p_receipt, who); END IF;
                    INSERT INTO public.receipt_inbox_taken (path, size, modified_ns, receipt_id, taken_at, owner)
                    VALUES (p_path, p_size, p_modified_ns, p_receipt, p_at, who)
                    ON CONFLICT (owner, path, size, modified_ns) DO UPDATE SET receipt_id = excluded.receipt_id, taken_at = excluded.taken_at;
                    """, callers: [travellerRole]),
        ]
    }
}
