import ExpenseCore
import ExpenseSupport

extension PostgresSchema {
    /// The staging table of an import: the session's own, made by the definer, which lets the
    /// caller COPY rows into it and nothing else. The functions read it schema-qualified and only
    /// when the definer made it: a member's own temporary table of that name is refused, never read.
    public static let importStaging = "expenses_import_staging"
    public static let stagedColumns = """
        import_line, report_id, date, category, merchant, description, amount_minor, currency, rate, rate_date,
        rate_source, converted_minor, paid_by, import_key, external_id
        """

    /// A statement import: a batch of the caller's, rows staged with COPY and inserted by one call
    /// per few thousand (duplicates turned away by the fingerprints), its counts, and its undo.
    static var importFunctions: [ServerFunction] {
        [
            ServerFunction(
                ServerWrites.importBegin,
                declare: "who text := caller(); made bigint;",
                body: """
                    PERFORM require_group(who, '\(travellerRole)', 'import statements');
                    IF p_report IS NOT NULL THEN PERFORM own_draft(p_report, who); END IF;
                    INSERT INTO public.import_batches (file, rules, report_id, imported_at, owner) VALUES (p_file, p_rules, p_report, p_at, who)
                    RETURNING id INTO made;
                    CREATE TEMPORARY TABLE IF NOT EXISTS \(importStaging) (
                        import_line bigint, report_id bigint, date text, category text, merchant text, description text,
                        amount_minor bigint, currency text, rate text, rate_date text, rate_source text, converted_minor bigint,
                        paid_by text, import_key bigint, external_id text
                    ) ON COMMIT DELETE ROWS;
                    PERFORM require_own_staging();
                    EXECUTE format('GRANT INSERT ON pg_temp.\(importStaging) TO %I', who);
                    RETURN made;
                    """, callers: [travellerRole]),
            ServerFunction(
                name: "require_own_staging", parameters: "", returns: "void",
                body: """
                    IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_class c JOIN pg_catalog.pg_roles o ON o.oid = c.relowner
                                   WHERE c.oid = to_regclass('pg_temp.\(importStaging)') AND o.rolname = '\(definerRole)') THEN
                        RAISE EXCEPTION 'the import''s staging table is not the server''s own' USING ERRCODE = 'insufficient_privilege';
                    END IF;
                    """),
            // Inserts the staged rows into the batch, as the caller's; returns how many were new.
            ServerFunction(
                ServerWrites.importRows,
                declare: "who text := caller(); batch public.import_batches; added bigint; wrong_line bigint; wrong text;",
                body: """
                    batch := own_batch(p_batch, who);
                    PERFORM require_own_staging();
                    -- Rows may go to several reports (a statement of several trips): each one a draft of the caller's.
                    PERFORM own_draft(r.report_id, who)
                    FROM (SELECT DISTINCT report_id FROM pg_temp.\(importStaging) WHERE report_id IS NOT NULL ORDER BY report_id) AS r;
                    -- Every row's conversion is the server's (`conversionFunctions`), checked over the whole batch at once.
                    \(stagedConversionFault) INTO wrong_line, wrong;
                    IF wrong_line IS NOT NULL THEN
                        RAISE EXCEPTION 'import line %: %', wrong_line, wrong USING ERRCODE = 'integrity_constraint_violation';
                    END IF;
                    INSERT INTO public.expenses (report_id, date, category, merchant, description, amount_minor, currency, rate, rate_date,
                        rate_source, converted_minor, paid_by, created_at, updated_at, import_batch_id, import_line, import_key,
                        external_id, owner)
                    SELECT report_id, date, category, coalesce(merchant, ''), coalesce(description, ''), amount_minor, currency, rate,
                           rate_date, rate_source, converted_minor, paid_by, p_at, p_at, p_batch, import_line, import_key, external_id, who
                    FROM pg_temp.\(importStaging) ORDER BY import_line
                    ON CONFLICT DO NOTHING;
                    GET DIAGNOSTICS added = ROW_COUNT;
                    -- Not DELETE: the deleted rows of one transaction stay in the table until it ends,
                    -- and every later call read them all again (a million-row import read 50 million).
                    TRUNCATE pg_temp.\(importStaging);
                    RETURN added;
                    """, callers: [travellerRole]),
            ServerFunction(
                ServerWrites.importFinish, declare: "who text := caller();",
                body: """
                    PERFORM own_batch(p_batch, who);
                    UPDATE public.import_batches SET rows_new = p_new, rows_duplicate = p_duplicate, rows_invalid = p_invalid,
                        rows_skipped = p_skipped, first_expense_id = p_first, last_expense_id = p_last
                    WHERE id = p_batch;
                    """, callers: [travellerRole]),
            // Deletes what the batch added, unless some of it is in a report that is not a draft.
            ServerFunction(
                ServerWrites.importUndo,
                declare: "who text := caller(); batch public.import_batches; frozen record; removed bigint;",
                body: """
                    batch := own_batch(p_batch, who);
                    IF batch.undone_at IS NOT NULL THEN
                        RAISE EXCEPTION 'import batch % was already undone at %', p_batch, batch.undone_at
                            USING ERRCODE = 'integrity_constraint_violation';
                    END IF;
                    SELECT r.id, r.status INTO frozen FROM public.expenses e JOIN public.reports r ON r.id = e.report_id
                    WHERE e.import_batch_id = p_batch AND r.status NOT IN \(Store.editableStatusesSQL) ORDER BY r.id LIMIT 1 FOR UPDATE OF r;
                    IF frozen.id IS NOT NULL THEN
                        RAISE EXCEPTION 'cannot undo import batch %: some of its expenses are in report %, which is %', p_batch, frozen.id,
                            frozen.status USING ERRCODE = 'integrity_constraint_violation';
                    END IF;
                    DELETE FROM public.expenses WHERE import_batch_id = p_batch AND owner = who;
                    GET DIAGNOSTICS removed = ROW_COUNT;
                    UPDATE public.import_batches SET undone_at = p_at WHERE id = p_batch;
                    RETURN removed;
                    """, callers: [travellerRole]),
            ServerFunction(
                name: "own_batch", parameters: "p_batch bigint, p_who text", returns: "public.import_batches",
                declare: "batch public.import_batches;",
                body: """
                    SELECT * INTO batch FROM public.import_batches WHERE id = p_batch FOR UPDATE;
                    IF batch.id IS NULL OR batch.owner <> p_who THEN
                        RAISE EXCEPTION 'unknown import batch %', p_batch USING ERRCODE = 'insufficient_privilege';
                    END IF;
                    RETURN batch;
                    """),
        ]
    }
}
