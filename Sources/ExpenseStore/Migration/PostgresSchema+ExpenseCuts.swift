extension PostgresSchema {
    /// Issue 43: the items an approver cut (`Schema.expenseCuts`). A private table: its rows are
    /// read with their report (row security, `logPolicies`) and written only by `expense_cut`
    /// (`cutFunctions`), which checks who may decide on the report and that the amount is no
    /// more than the item's. Literal SQL.
    static let expenseCuts = """
        CREATE TABLE expense_cuts (
            expense_id bigint PRIMARY KEY REFERENCES expenses (id) ON DELETE CASCADE,
            report_id bigint NOT NULL REFERENCES reports (id) ON DELETE CASCADE,
            approved_minor bigint NOT NULL CHECK (approved_minor >= 0),
            reason text NOT NULL CHECK (length(trim(reason)) > 0),
            cut_by text NOT NULL,
            on_behalf_of text,
            cut_at text NOT NULL
        );
        CREATE INDEX expense_cuts_by_report ON expense_cuts (report_id);
        """
}
