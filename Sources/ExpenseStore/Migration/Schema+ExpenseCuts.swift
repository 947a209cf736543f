import ExpenseSupport

extension Schema {
    /// Issue 43: an item an approver cut, approving the report with it at a lower amount (or at
    /// none), with the reason the traveller reads. One row per item at most: a later cut of the
    /// same item replaces it. The item keeps its own amount; what the report owes its traveller
    /// is computed from the approved one (`ReportTotals`). Gone with the report's return to a
    /// draft (recall, reopen), as its frozen per diems are. Literal SQL, as every migration is to be.
    static func addExpenseCuts(_ db: Database) throws {
        try db.execute(SQL(verbatim: expenseCuts))
    }

    static let expenseCuts = """
        CREATE TABLE expense_cuts (
            expense_id INTEGER PRIMARY KEY NOT NULL REFERENCES expenses (id) ON DELETE CASCADE,
            report_id INTEGER NOT NULL REFERENCES reports (id) ON DELETE CASCADE,
            approved_minor INTEGER NOT NULL CHECK (approved_minor >= 0),
            reason TEXT NOT NULL CHECK (length(trim(reason)) > 0),
            cut_by TEXT NOT NULL,
            on_behalf_of TEXT,
            cut_at TEXT NOT NULL
        );
        CREATE INDEX expense_cuts_by_report ON expense_cuts (report_id);
        """
}
