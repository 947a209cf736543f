import ExpenseSupport

extension Schema {
    /// Issue 30: a receipt is matched to the items of its amount on its few days, looked up on
    /// this index: one seek per day (`date IN (...)`), then the amount, never every item of those
    /// days. The day leads, as in the import's own index, so that a statement's lines, which come
    /// in the order of their days, are added at its end: led by the amount, every line went to a
    /// random page of it, and a million-line import took three times as long.
    static func addReceiptMatching(_ db: Database) throws {
        try db.execute(SQL(verbatim: receiptMatchingIndex))
    }

    static let receiptMatchingIndex = "CREATE INDEX expenses_by_date_and_amount ON expenses (date, amount_minor)"
}
