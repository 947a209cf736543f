import ExpenseSupport

extension PostgresSchema {
    /// `Schema.addReceiptMatching` on the server: each person's items by amount, currency and day,
    /// the owner first as every query of a traveller's filters by it.
    static let receiptMatching = "CREATE INDEX expenses_by_amount ON expenses (owner, amount_minor, currency, date);"
}
