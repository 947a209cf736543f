extension Schema {
    /// Batch import of statements (issue 5) and the ECB's reference rates.
    ///
    /// An imported expense carries its batch, the physical line it came from, and its fingerprint:
    /// the statement's own transaction id in `external_id` when the rules map one, else a 64-bit
    /// hash of its date, amount, currency, merchant and occurrence number in `import_key`. The
    /// unique indexes make a second import of the same row a no-op. The key index leads with the
    /// date so that a statement, which is sorted by date, touches few index pages at a time: a
    /// random 64-bit key alone made every insert of a large import a cache miss.
    ///
    /// Deleting an imported expense deletes its fingerprint with it, so importing the statement
    /// again brings the row back (Firefly III's "deleted rows still count as duplicates" is a
    /// recurring complaint); rules can `skip` rows that should stay out.
    ///
    /// A batch row is never deleted: `import undo` deletes its expenses and stamps `undone_at`,
    /// so `import list` keeps the history. `first_expense_id`/`last_expense_id` bound the ids of
    /// its expenses (one transaction inserts them, so no other writer's ids fall in between),
    /// which lets undo find them by rowid without an index on `import_batch_id`.
    static func createImportsAndRates(_ db: Database) throws {
        try db.execute(
            SQL(
                verbatim: """
                    CREATE TABLE import_batches (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        file TEXT NOT NULL,
                        rules TEXT NOT NULL,
                        report_id INTEGER REFERENCES reports (id) ON DELETE SET NULL,
                        imported_at TEXT NOT NULL,
                        rows_new INTEGER NOT NULL DEFAULT 0 CHECK (rows_new >= 0),
                        rows_duplicate INTEGER NOT NULL DEFAULT 0 CHECK (rows_duplicate >= 0),
                        rows_invalid INTEGER NOT NULL DEFAULT 0 CHECK (rows_invalid >= 0),
                        rows_skipped INTEGER NOT NULL DEFAULT 0 CHECK (rows_skipped >= 0),
                        first_expense_id INTEGER,
                        last_expense_id INTEGER,
                        undone_at TEXT,
                        CHECK ((first_expense_id IS NULL) = (last_expense_id IS NULL))
                    );

                    ALTER TABLE expenses ADD COLUMN import_batch_id INTEGER REFERENCES import_batches (id);
                    ALTER TABLE expenses ADD COLUMN import_line INTEGER CHECK (import_line > 0);
                    ALTER TABLE expenses ADD COLUMN import_key INTEGER;
                    ALTER TABLE expenses ADD COLUMN external_id TEXT CHECK (length(external_id) > 0);
                    CREATE UNIQUE INDEX expenses_by_import_key ON expenses (date, import_key) WHERE import_key IS NOT NULL;
                    CREATE UNIQUE INDEX expenses_by_external_id ON expenses (external_id) WHERE external_id IS NOT NULL;

                    -- The ECB's euro foreign exchange reference rates: 1 EUR = per_eur units of currency
                    -- on date, as the exact decimal text the ECB publishes. Cross rates are derived.
                    CREATE TABLE exchange_rates (
                        currency TEXT NOT NULL CHECK (length(currency) = 3 AND currency = upper(currency) AND currency <> 'EUR'),
                        date TEXT NOT NULL CHECK (date IS date(date)),
                        per_eur TEXT NOT NULL CHECK (length(per_eur) > 0),
                        PRIMARY KEY (currency, date)
                    ) WITHOUT ROWID;
                    """))
    }
}
