/// What the store asks of a database connection, whichever engine holds the data: SQLite, a
/// file on this machine (`SQLiteDatabase`), or a team's PostgreSQL server (`PostgresDatabase`).
/// The store writes its SQL once, as `SQL` whose interpolated values are bound parameters, in
/// the subset both engines read alike; where they differ it asks `dialect`.
public protocol Database: AnyObject {
    /// What messages name the database by: its file, or the server's URI without its password.
    var path: String { get }
    var dialect: SQLDialect { get }
    /// True when this connection can only read; every write then fails.
    var isReadOnly: Bool { get }

    /// Runs `sql`, which may hold several statements when it binds no values.
    func execute(_ sql: SQL) throws
    /// Streams the rows of a query without collecting them.
    func forEachRow(_ sql: SQL, _ body: (Row) throws -> Void) throws
    /// Maps the first row of a query, if any, without reading the rest.
    func queryFirst<T>(_ sql: SQL, _ map: (Row) throws -> T) throws -> T?
    /// Rows changed by the last INSERT, UPDATE or DELETE.
    var changes: Int { get }
    var isInsideTransaction: Bool { get }

    func begin(_ kind: TransactionKind) throws
    func commit() throws
    /// Rolls back, keeping the first error: the engine may already have rolled back on its own.
    func rollback()
    /// Undoes what was done since `savepoint`, keeping the transaction it is in.
    func rollback(to savepoint: String)

    /// True when the database has a table called `name`.
    func hasTable(_ name: String) throws -> Bool
    /// How many tables the database has: none is a new database, some without ours is another program's.
    func tableCount() throws -> Int64
}

/// How a write transaction begins.
public enum TransactionKind: Sendable {
    /// Holds its right to write from the start, so a read-then-write never fails half-way
    /// because another writer came between them.
    case immediate
    /// Reads first; asks for the right to write only when it writes.
    case deferred
}

/// The SQL an engine reads differently; everything else the store writes once.
public enum SQLDialect: Sendable {
    case sqlite
    case postgresql

    /// The key of a table each person has rows of (`columns`, as SQLite's key): on a team
    /// database each person's rows are their own, so the owner leads the key.
    func personalKey(_ columns: String) -> String { self == .sqlite ? columns : "owner, " + columns }

    /// Where a table's name is read, that the read goes through `index`: SQLite's planner, which
    /// has no statistics unless ANALYZE ran, may pick another index of as many equal columns;
    /// PostgreSQL's, which has them, chooses itself and knows no such clause.
    func indexedBy(_ index: String) -> String { self == .sqlite ? "INDEXED BY \(index)" : "" }

    /// An aggregate of `column`'s values as one comma-separated text.
    func joinedList(_ column: String) -> String {
        self == .sqlite ? "group_concat(\(column))" : "string_agg(\(column)::text, ',')"
    }
}

extension Database {
    /// What kind of database this is, for messages: "an SQLite database".
    var kindName: String { dialect == .sqlite ? "an SQLite database" : "a PostgreSQL database" }

    /// Runs a query and maps each row.
    public func query<T>(_ sql: SQL, _ map: (Row) throws -> T) throws -> [T] {
        var result: [T] = []
        try forEachRow(sql) { result.append(try map($0)) }
        return result
    }

    /// Runs an INSERT of one row and returns the id the row was given (RETURNING, which both
    /// engines read alike: SQLite's last_insert_rowid has no PostgreSQL twin).
    public func insert(_ sql: SQL) throws -> Int64 {
        try scalar(sql + " RETURNING id")
    }

    /// A single integer, such as a count(*); 0 when the query returns no row or NULL.
    public func scalar(_ sql: SQL) throws -> Int64 {
        try queryFirst(sql) { $0.int64(0) } ?? 0
    }

    /// Runs `body` in a transaction that commits when it returns and rolls back when it throws.
    /// Inside an open transaction it uses a savepoint instead, so a failing command inside a
    /// script-wide transaction undoes only its own writes.
    public func inTransaction<T>(_ kind: TransactionKind = .immediate, _ body: () throws -> T) throws -> T {
        if isInsideTransaction { return try inSavepoint(body) }
        try begin(kind)
        let result: T
        do {
            result = try body()
        } catch {
            rollback()
            throw error
        }
        do {
            try commit()
        } catch {
            rollback()
            throw error
        }
        return result
    }

    func inSavepoint<T>(_ body: () throws -> T) throws -> T {
        try execute("SAVEPOINT command" as SQL)
        do {
            let result = try body()
            try execute("RELEASE command" as SQL)
            return result
        } catch {
            rollback(to: "command")
            try? execute("RELEASE command" as SQL)
            throw error
        }
    }
}
