import ExpenseCore
import ExpenseSupport

extension Schema {
    /// Receipts (issue 6): the metadata of the files in the vault, which expense each belongs to,
    /// and the inbox photos already taken.
    ///
    /// A row exists only for a file already in the vault: the app writes the file first, then the
    /// row, in one write transaction, so `receipt gc` (which also runs under the write lock) never
    /// sees a row's file as an orphan. `sha256` is unique: the same bytes captured twice are one
    /// receipt, which may be attached to several expenses — the case the shared-receipt rule flags.
    ///
    /// Its lists of media types, sources and OCR statuses are written out as this migration has
    /// run since e-mail receipts (`message/rfc822`, which `acceptMailReceipts` adds to a table made
    /// before them); a new case of `ReceiptMediaType` needs a migration of its own.
    static func createReceipts(_ db: Database) throws {
        try db.execute(
            SQL(
                verbatim: """
                    CREATE TABLE receipts (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        sha256 TEXT NOT NULL UNIQUE CHECK (length(sha256) = 64 AND sha256 NOT GLOB '*[^0-9a-f]*'),
                        media_type TEXT NOT NULL CHECK (media_type IN ('image/jpeg', 'image/png', 'image/heic', 'image/webp', 'application/pdf', 'message/rfc822')),
                        size INTEGER NOT NULL CHECK (size > 0),
                        original_name TEXT NOT NULL DEFAULT '',
                        source TEXT NOT NULL CHECK (source IN ('file', 'stdin', 'camera', 'inbox')),
                        captured_at TEXT NOT NULL,
                        -- EXIF DateTimeOriginal: the camera's local time, no zone, as YYYY-MM-DDTHH:MM:SS.
                        taken_at TEXT CHECK (taken_at IS NULL OR length(taken_at) = 19),
                        width INTEGER CHECK (width > 0),
                        height INTEGER CHECK (height > 0),
                        ocr_status TEXT NOT NULL CHECK (ocr_status IN ('done', 'skipped', 'failed')),
                        ocr_note TEXT NOT NULL DEFAULT '',
                        ocr_text TEXT NOT NULL DEFAULT '',
                        suggested_merchant TEXT,
                        suggested_date TEXT CHECK (suggested_date IS date(suggested_date, '+0 days')),
                        -- A decimal with a point, as printed: its digits are checked against the currency
                        -- only when an expense is made from it.
                        suggested_amount TEXT CHECK (suggested_amount IS NULL OR suggested_amount GLOB '[0-9]*'),
                        suggested_currency TEXT CHECK (suggested_currency IS NULL OR length(suggested_currency) = 3),
                        suggested_category TEXT
                    );

                    CREATE TABLE expense_receipts (
                        expense_id INTEGER NOT NULL REFERENCES expenses (id) ON DELETE CASCADE,
                        -- No cascade: a receipt in use cannot be deleted; detach it first.
                        receipt_id INTEGER NOT NULL REFERENCES receipts (id),
                        attached_at TEXT NOT NULL,
                        PRIMARY KEY (expense_id, receipt_id)
                    ) WITHOUT ROWID;
                    CREATE INDEX expense_receipts_by_receipt ON expense_receipts (receipt_id, expense_id);

                    -- The receipts of an item are part of it: frozen with the item outside draft.
                    CREATE TRIGGER expense_receipts_frozen_insert BEFORE INSERT ON expense_receipts
                    WHEN (SELECT r.status FROM expenses e JOIN reports r ON r.id = e.report_id WHERE e.id = NEW.expense_id) <> 'draft'
                    BEGIN SELECT RAISE(ABORT, 'the report is not a draft; its items are frozen'); END;
                    CREATE TRIGGER expense_receipts_frozen_delete BEFORE DELETE ON expense_receipts
                    WHEN (SELECT r.status FROM expenses e JOIN reports r ON r.id = e.report_id WHERE e.id = OLD.expense_id) <> 'draft'
                    BEGIN SELECT RAISE(ABORT, 'the report is not a draft; its items are frozen'); END;

                    -- Photos taken from the inbox folder, by path, size and modification time, so that the
                    -- same photo is not captured twice while a changed or replaced one is.
                    CREATE TABLE receipt_inbox_taken (
                        path TEXT NOT NULL,
                        size INTEGER NOT NULL,
                        modified_ns INTEGER NOT NULL,
                        receipt_id INTEGER REFERENCES receipts (id) ON DELETE SET NULL,
                        taken_at TEXT NOT NULL,
                        PRIMARY KEY (path, size, modified_ns)
                    ) WITHOUT ROWID;
                    """))
    }
}
