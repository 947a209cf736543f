import ExpenseSupport

extension Schema {
    /// Issue 30: a receipt is matched to the items of its amount on its days, looked up on this
    /// index (amount first: a total picks a handful of a million items; then the currency and the
    /// days), never by reading every item of those days.
    static func addReceiptMatching(_ db: Database) throws {
        try db.execute(receiptMatchingIndex)
    }

    static let receiptMatchingIndex = "CREATE INDEX expenses_by_amount ON expenses (amount_minor, currency, date)"
}
