import ExpenseCore

// Transitional: the store's calls with `?` and an array of values, until each aggregate's SQL is
// written as `SQL` interpolation. Deleted when the last caller is gone.

extension Database {
    @available(*, deprecated, message: "write the statement as SQL interpolation")
    public func execute(_ sql: String, _ arguments: [DatabaseValue] = []) throws {
        try execute(SQL(verbatim: sql, arguments: arguments))
    }

    @available(*, deprecated, message: "write the statement as SQL interpolation")
    public func forEachRow(_ sql: String, _ arguments: [DatabaseValue] = [], _ body: (Row) throws -> Void) throws {
        try forEachRow(SQL(verbatim: sql, arguments: arguments), body)
    }

    @available(*, deprecated, message: "write the statement as SQL interpolation")
    public func queryFirst<T>(_ sql: String, _ arguments: [DatabaseValue] = [], _ map: (Row) throws -> T) throws -> T? {
        try queryFirst(SQL(verbatim: sql, arguments: arguments), map)
    }

    @available(*, deprecated, message: "write the statement as SQL interpolation")
    public func query<T>(_ sql: String, _ arguments: [DatabaseValue] = [], _ map: (Row) throws -> T) throws -> [T] {
        try query(SQL(verbatim: sql, arguments: arguments), map)
    }

    @available(*, deprecated, message: "write the statement as SQL interpolation")
    public func insert(_ sql: String, _ arguments: [DatabaseValue]) throws -> Int64 {
        try insert(SQL(verbatim: sql, arguments: arguments))
    }

    @available(*, deprecated, message: "write the statement as SQL interpolation")
    public func scalar(_ sql: String, _ arguments: [DatabaseValue] = []) throws -> Int64 {
        try scalar(SQL(verbatim: sql, arguments: arguments))
    }
}

extension Store {
    /// The expense rows of `sql` (`expenses(_:capacity:including:)`), for the readers of other
    /// aggregates (the policy, receipt matching) not yet written as SQL interpolation.
    @available(*, deprecated, message: "write the statement as SQL interpolation")
    func expenses(
        _ sql: String, _ arguments: [DatabaseValue], capacity: Int = 0, including: (Row) -> Bool = { _ in true }
    ) throws -> [Expense] {
        try expenses(SQL(verbatim: sql, arguments: arguments), capacity: capacity, including: including)
    }
}
