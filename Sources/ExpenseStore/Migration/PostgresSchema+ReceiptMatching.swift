import ExpenseSupport

extension PostgresSchema {
    /// `Schema.addReceiptMatching` on the server: each person's items by day and amount, the
    /// owner first as every query of a traveller's filters by it.
    static let receiptMatching = "CREATE INDEX expenses_by_date_and_amount ON expenses (owner, date, amount_minor);"
}
