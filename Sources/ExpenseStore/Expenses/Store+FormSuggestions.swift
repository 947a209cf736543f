import ExpenseCore
import ExpenseSupport
import PropertyList

/// What a form on a terminal suggests from the data: the merchants already paid, and the category
/// each was last booked under.
extension Store {
    /// The category of the latest expense at `merchant` (compared without case); nil when none.
    public func lastCategory(forMerchant merchant: String) throws -> String? {
        try writes.expenses.lastCategory(forMerchant: merchant)
    }

    /// Merchants already paid whose name starts with `prefix` (without case), most recent first.
    public func merchants(startingWith prefix: String, limit: Int = 20) throws -> [String] {
        // LIKE's own wildcards in the prefix are matched literally.
        let escaped = prefix.replacingScalars { ["\\", "%", "_"].contains($0) ? "\\" + String($0) : nil }
        return try writes.expenses.merchants(like: escaped + "%", limit: limit)
    }
}
