import ExpenseCore
import ExpenseSupport
import PropertyList

/// What a form on a terminal suggests from the data: the merchants already paid, and the category
/// each was last booked under.
extension Store {
    /// The category of the latest expense at `merchant` (compared without case); nil when none.
    public func lastCategory(forMerchant merchant: String) throws -> String? {
        try db.queryFirst("SELECT category FROM expenses WHERE merchant = ? COLLATE NOCASE ORDER BY id DESC LIMIT 1",
                          [.text(merchant)], { $0.string(0) })
    }

    /// Merchants already paid whose name starts with `prefix` (without case), most recent first.
    public func merchants(startingWith prefix: String, limit: Int = 20) throws -> [String] {
        // LIKE's own wildcards in the prefix are matched literally.
        let escaped = prefix.replacingScalars { ["\\", "%", "_"].contains($0) ? "\\" + String($0) : nil }
        return try db.query("""
            SELECT merchant FROM expenses WHERE merchant LIKE ? ESCAPE '\\' AND merchant <> ''
            GROUP BY merchant COLLATE NOCASE ORDER BY max(id) DESC LIMIT ?
            """, [.text(escaped + "%"), .integer(Int64(limit))]) { $0.string(0) }
    }
}
