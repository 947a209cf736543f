import ExpenseCore
import ExpenseSupport

extension Store {
    /// The categories, in their configured order.
    public func categories() throws -> [Category] {
        try db.query(
            """
            SELECT \(Self.categoryColumns) FROM categories ORDER BY position, code
            """, Self.category)
    }

    static let categoryColumns: SQL = "code, name, receipt_required_above, daily_limit, currency"

    /// A category of its row (`categoryColumns`).
    static func category(_ row: Row) throws -> Category {
        let stored = StoredRow(row, table: "categories", key: .column(0))
        let currency = try stored.currency(4)
        return Category(
            code: row.string(0), name: row.string(1),
            receiptRequiredAbove: try stored.optionalInteger(2).map { Money(minorUnits: $0, currency: currency) },
            dailyLimit: try stored.optionalInteger(3).map { Money(minorUnits: $0, currency: currency) })
    }

    /// The category with `code`, or an error that names the closest one.
    public func category(_ code: String) throws -> Category {
        let all = try categories()
        if let match = all.first(where: { $0.code == code.lowercased() }) { return match }
        let suggestion = Suggestion.closest(to: code.lowercased(), among: all.map(\.code))
        throw ExpenseError(.invalidData, .unknownCategory(code, suggestion: suggestion), "unknown category '\(code)'")
    }
}
