import ExpenseCore
import ExpenseSupport
import PropertyList

/// What a form on a terminal suggests from the data: the merchants already paid, and the category
/// each was last booked under.
extension Store {
    /// The category of the latest expense at `merchant` (compared without case); nil when none.
    public func lastCategory(forMerchant merchant: String) throws -> String? {
        let sameMerchant = db.dialect == .sqlite ? "merchant = ? COLLATE NOCASE" : "lower(merchant) = lower(?)"
        return try db.queryFirst(
            "SELECT category FROM expenses WHERE \(sameMerchant) ORDER BY id DESC LIMIT 1",
            [.text(merchant)], { $0.string(0) })
    }

    /// Merchants already paid whose name starts with `prefix` (without case), most recent first.
    public func merchants(startingWith prefix: String, limit: Int = 20) throws -> [String] {
        // LIKE's own wildcards in the prefix are matched literally.
        let escaped = prefix.replacingScalars { ["\\", "%", "_"].contains($0) ? "\\" + String($0) : nil }
        // Each name as last written: SQLite gives a bare column the max(id) row's value.
        let sql =
            db.dialect == .sqlite
            ? """
            SELECT merchant FROM expenses WHERE merchant LIKE ? ESCAPE '\\' AND merchant <> ''
            GROUP BY merchant COLLATE NOCASE ORDER BY max(id) DESC LIMIT ?
            """
            : """
            SELECT (array_agg(merchant ORDER BY id DESC))[1] FROM expenses WHERE merchant ILIKE ? ESCAPE '\\' AND merchant <> ''
            GROUP BY lower(merchant) ORDER BY max(id) DESC LIMIT ?
            """
        return try db.query(sql, [.text(escaped + "%"), .integer(Int64(limit))]) { $0.string(0) }
    }
}
