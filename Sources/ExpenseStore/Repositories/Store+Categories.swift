import ExpenseCore
import ExpenseSupport

extension Store {
    /// The categories, in their configured order.
    public func categories() throws -> [Category] {
        try db.query(
            """
            SELECT code, name, receipt_required_above, daily_limit, currency FROM categories ORDER BY position, code
            """
        ) { row in
            let currency = Store.currency(row.string(4))
            return Category(
                code: row.string(0), name: row.string(1),
                receiptRequiredAbove: row.optionalInt64(2).map { Money(minorUnits: $0, currency: currency) },
                dailyLimit: row.optionalInt64(3).map { Money(minorUnits: $0, currency: currency) })
        }
    }

    /// The category with `code`, or an error that names the closest one.
    public func category(_ code: String) throws -> Category {
        let all = try categories()
        if let match = all.first(where: { $0.code == code.lowercased() }) { return match }
        let suggestion = Suggestion.closest(to: code.lowercased(), among: all.map(\.code))
        throw ExpenseError(.invalidData, .unknownCategory(code, suggestion: suggestion), "unknown category '\(code)'")
    }
}
