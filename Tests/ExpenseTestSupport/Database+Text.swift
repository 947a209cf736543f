import ExpenseStore

/// Tests write a statement as plain text, interpolations and all, to set up or damage a
/// database as another program would: text here is the statement itself, never bound values.
/// (The store's own code binds what it interpolates: `SQL`.)
extension Database {
    public func execute(_ sql: String) throws { try execute(SQL(verbatim: sql)) }

    public func query<T>(_ sql: String, _ map: (Row) throws -> T) throws -> [T] {
        try query(SQL(verbatim: sql), map)
    }

    public func queryFirst<T>(_ sql: String, _ map: (Row) throws -> T) throws -> T? {
        try queryFirst(SQL(verbatim: sql), map)
    }

    public func forEachRow(_ sql: String, _ body: (Row) throws -> Void) throws {
        try forEachRow(SQL(verbatim: sql), body)
    }

    public func scalar(_ sql: String) throws -> Int64 { try scalar(SQL(verbatim: sql)) }
}

/// A test's statement with `?` and its values beside it, as another program (sqlite3, psql) or an
/// older client writes one.
extension Database {
    public func execute(_ sql: String, _ arguments: [DatabaseValue]) throws {
        try execute(SQL(verbatim: sql, arguments: arguments))
    }

    public func query<T>(_ sql: String, _ arguments: [DatabaseValue], _ map: (Row) throws -> T) throws -> [T] {
        try query(SQL(verbatim: sql, arguments: arguments), map)
    }

    public func queryFirst<T>(_ sql: String, _ arguments: [DatabaseValue], _ map: (Row) throws -> T) throws -> T? {
        try queryFirst(SQL(verbatim: sql, arguments: arguments), map)
    }

    public func forEachRow(_ sql: String, _ arguments: [DatabaseValue], _ body: (Row) throws -> Void) throws {
        try forEachRow(SQL(verbatim: sql, arguments: arguments), body)
    }

    public func insert(_ sql: String, _ arguments: [DatabaseValue]) throws -> Int64 {
        try insert(SQL(verbatim: sql, arguments: arguments))
    }

    public func scalar(_ sql: String, _ arguments: [DatabaseValue]) throws -> Int64 {
        try scalar(SQL(verbatim: sql, arguments: arguments))
    }
}
