extension PostgresSchema {
    /// E-mail receipts (`message/rfc822`): the CHECK on `public.receipts.media_type` lists every
    /// `ReceiptMediaType`, as a new team database's table does. Whatever the old constraint was
    /// named, each CHECK of that table on media_type is dropped, then the one list added. No other
    /// table or server function names media types (`receipt_new` passes the value to the table).
    /// Frozen as it shipped: the list is `ReceiptMediaType`'s cases then, written out.
    static let mailReceipts = """
        DO $migration$
        DECLARE
            name text;
        BEGIN
            FOR name IN
                SELECT conname FROM pg_catalog.pg_constraint
                WHERE conrelid = 'public.receipts'::regclass AND contype = 'c'
                    AND pg_catalog.pg_get_constraintdef(oid) LIKE '%media_type%'
            LOOP
                EXECUTE format('ALTER TABLE public.receipts DROP CONSTRAINT %I', name);
            END LOOP;
        END
        $migration$;
        ALTER TABLE public.receipts ADD CONSTRAINT receipts_media_type_check CHECK (media_type IN ('image/jpeg', 'image/png', 'image/heic', 'image/webp', 'application/pdf', 'message/rfc822'));
        """
}
