import ExpenseSupport

/// On a team database the store writes no table: each change is a call of one of the server's
/// functions (`PostgresSchema.functionLayer`), which checks who calls and what the domain allows,
/// as the store's own checks did before it. The store still checks first, so that a person is
/// told in the app's words; the server's refusal is for whatever else connects.
extension Store {
    /// True when writes go through the server's functions rather than SQL on the tables.
    var writesThroughFunctions: Bool { db.dialect == .postgresql }

    /// Calls `function` of the write layer with `arguments`; its integer result, 0 for none.
    @discardableResult
    func call(_ function: String, _ arguments: [DatabaseValue]) throws -> Int64 {
        try db.scalar("SELECT " + Self.callExpression(function, arguments.count), arguments)
    }

    /// Calls a function of the write layer that answers yes or no.
    func callFlag(_ function: String, _ arguments: [DatabaseValue]) throws -> Bool {
        try db.scalar("SELECT CASE WHEN \(Self.callExpression(function, arguments.count)) THEN 1 ELSE 0 END", arguments) == 1
    }

    private static func callExpression(_ function: String, _ count: Int) -> String {
        "\(PostgresSchema.functionSchema).\(function)(" + Array(repeating: "?", count: count).joined(separator: ", ") + ")"
    }
}
