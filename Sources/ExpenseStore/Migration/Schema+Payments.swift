import ExpenseSupport

extension Schema {
    /// Issue 41: who is paid where, the company's own account, and the payment runs that pay
    /// approved reports by SEPA credit transfer. A run's reports keep the account they were
    /// written with, and a report is in at most one run that was not cancelled (the partial
    /// index), so that nothing is paid twice. Literal SQL, as every migration is to be.
    static func addPayments(_ db: Database) throws {
        try db.execute(SQL(verbatim: payments))
    }

    static let payments = """
        CREATE TABLE payees (
            user_name TEXT PRIMARY KEY NOT NULL,
            holder TEXT NOT NULL,
            iban TEXT NOT NULL,
            bic TEXT,
            changed_at TEXT NOT NULL,
            changed_by TEXT NOT NULL
        );
        CREATE TABLE payee_changes (
            id INTEGER PRIMARY KEY,
            user_name TEXT NOT NULL,
            at TEXT NOT NULL,
            actor TEXT NOT NULL,
            old_iban TEXT,
            new_iban TEXT NOT NULL
        );
        CREATE TABLE company_account (
            singleton INTEGER PRIMARY KEY NOT NULL CHECK (singleton = 1),
            name TEXT NOT NULL,
            iban TEXT NOT NULL,
            bic TEXT
        );
        CREATE TABLE payment_runs (
            id INTEGER PRIMARY KEY,
            message_id TEXT NOT NULL UNIQUE,
            created_by TEXT NOT NULL,
            created_at TEXT NOT NULL,
            format TEXT NOT NULL,
            execution_date TEXT NOT NULL,
            sha256 TEXT NOT NULL DEFAULT '',
            status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'confirmed', 'cancelled')),
            closed_by TEXT,
            closed_at TEXT
        );
        CREATE TABLE payment_run_reports (
            run_id INTEGER NOT NULL REFERENCES payment_runs(id),
            report_id INTEGER NOT NULL REFERENCES reports(id),
            amount_minor INTEGER NOT NULL CHECK (amount_minor > 0),
            currency TEXT NOT NULL,
            holder TEXT NOT NULL,
            iban TEXT NOT NULL,
            bic TEXT,
            seen_version INTEGER NOT NULL,
            end_to_end_id TEXT NOT NULL,
            released INTEGER NOT NULL DEFAULT 0 CHECK (released IN (0, 1)),
            PRIMARY KEY (run_id, report_id)
        );
        CREATE UNIQUE INDEX payment_run_reports_once ON payment_run_reports (report_id) WHERE released = 0;
        """
}
