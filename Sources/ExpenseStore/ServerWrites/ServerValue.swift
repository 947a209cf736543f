/// A Swift type a server write takes as an argument: the SQL type its parameter is declared
/// with in the PL/pgSQL signature, and the value bound for it in the call. One mapping, so that
/// a parameter declared `bigint` is always given an `Int64` and never a text.
protocol ServerValue: Sendable {
    /// The parameter's type in the function's signature: `bigint`, `text`, `boolean`, `bytea`.
    static var sqlType: String { get }
    var argument: DatabaseValue { get }
}

extension Int64: ServerValue {
    static var sqlType: String { "bigint" }
    var argument: DatabaseValue { .integer(self) }
}

extension String: ServerValue {
    static var sqlType: String { "text" }
    var argument: DatabaseValue { .text(self) }
}

extension Bool: ServerValue {
    static var sqlType: String { "boolean" }
    /// Bound as text, `true` or `false`, which the call casts to the parameter's type.
    var argument: DatabaseValue { .text(self ? "true" : "false") }
}

/// A receipt's bytes, a chunk at a time.
extension [UInt8]: ServerValue {
    static var sqlType: String { "bytea" }
    var argument: DatabaseValue { .blob(self) }
}

/// Every parameter of a PL/pgSQL function may be NULL; an optional says the Swift side may send it.
extension Optional: ServerValue where Wrapped: ServerValue {
    static var sqlType: String { Wrapped.sqlType }
    var argument: DatabaseValue { map(\.argument) ?? .null }
}

/// What a server write returns, read from the one row its call selects.
protocol ServerResult {
    /// The function's `RETURNS` type.
    static var sqlType: String { get }
    /// The call's result, from `SELECT <call>`.
    static func read(_ db: Database, calling call: SQL) throws -> Self
}

extension Int64: ServerResult {
    /// NULL reads as 0, as a count or an id that is not there.
    static func read(_ db: Database, calling call: SQL) throws -> Int64 {
        try db.scalar("SELECT \(call)" as SQL)
    }
}

extension Bool: ServerResult {
    static func read(_ db: Database, calling call: SQL) throws -> Bool {
        try db.scalar("SELECT CASE WHEN \(call) THEN 1 ELSE 0 END" as SQL) == 1
    }
}

extension String: ServerResult {
    /// NULL reads as "", as a text that is not there.
    static func read(_ db: Database, calling call: SQL) throws -> String {
        try db.queryFirst("SELECT \(call)" as SQL) { $0.string(0) } ?? ""
    }
}

/// A write that returns nothing (`RETURNS void`).
struct NoResult: ServerResult {
    static var sqlType: String { "void" }
    static func read(_ db: Database, calling call: SQL) throws -> NoResult {
        try db.execute("SELECT \(call)" as SQL)
        return NoResult()
    }
}
