import CSQLite
import ExpenseCore
import ExpenseSupport

/// An error reported by the database: what kind of failure it is, whichever engine said it, and
/// beside it the engine's own code (SQLite's result code, PostgreSQL's SQLSTATE), its message and
/// the SQL that failed. The bound values are never included, so receipts' and expenses' data stay
/// out of logs. Code above the store decides by `kind` only; the engine's code is for messages.
public struct DatabaseError: Error, CustomStringConvertible, Sendable {
    /// What failed, in the words every engine shares: what the app tells a person depends on this.
    public enum Kind: Sendable, Equatable {
        /// Another writer holds the database (past the busy timeout), or the transaction lost a
        /// race with another one and was rolled back: a temporary failure, to try again.
        case busy
        /// The report a step names changed since its taker read it (another version): to read
        /// again, never to retry as it is.
        case changed
        /// Cancelled while it ran (Ctrl-C).
        case interrupted
        /// One of the workflow's rules that the schema itself holds (a trigger's refusal).
        case rule
        /// A key, foreign key or check constraint: a row the schema does not take.
        case constraint
        /// The server refused the role: it lacks a grant, or is in none of the app's groups.
        case permission
        /// The server's write layer refused a step that a member of another group takes (its
        /// message names the group).
        case groupRequired
        /// The connection to the server is lost.
        case unavailable
        /// The database can only be read.
        case readOnly
        /// The disk (or the server's) is full.
        case full
        /// Reading or writing the database's files failed, or they cannot be opened.
        case io
        /// The file cannot be opened or created at all (its directory, its permissions).
        case cannotOpen
        /// A value the database cannot store (text with a NUL character, a bad encoding).
        case invalidValue
        /// The file is not a database.
        case notADatabase
        /// The database's pages are damaged.
        case corrupt
        /// Anything else: a bug of ours (malformed SQL, a missing table).
        case other
    }

    /// The engine's own code for the failure.
    public enum EngineCode: Sendable, Equatable {
        /// SQLite's extended result code.
        case sqlite(Int32)
        /// PostgreSQL's five-character SQLSTATE.
        case sqlState(String)
    }

    public let kind: Kind
    public let code: EngineCode
    public let message: String
    public let sql: String?
    /// What the server advises beside its message (PostgreSQL's HINT: a function's `RAISE ...
    /// USING HINT`, or the server's own); nil from SQLite, which gives none.
    public let hint: String?
    /// The server's detail of what failed (PostgreSQL's DETAIL: `Key (id)=(3) already exists.`).
    public let detail: String?
    /// The constraint a row broke, by its name, when the server says which.
    public let constraint: String?

    /// An SQLite error, by its (extended) result code.
    public init(extendedResultCode: Int32, message: String, sql: String? = nil) {
        code = .sqlite(extendedResultCode)
        kind = Self.kind(ofSQLite: extendedResultCode)
        self.message = message
        self.sql = sql
        hint = nil
        detail = nil
        constraint = nil
    }

    /// A PostgreSQL error, by its SQLSTATE, with the hint, detail and constraint the server gave.
    public init(
        sqlState: String, message: String, sql: String? = nil, hint: String? = nil, detail: String? = nil,
        constraint: String? = nil
    ) {
        code = .sqlState(sqlState)
        kind = Self.kind(ofSQLState: sqlState, message: message)
        self.message = message
        self.sql = sql
        self.hint = hint
        self.detail = detail
        self.constraint = constraint
    }

    init(connection: OpaquePointer?, code: Int32, sql: String? = nil) {
        let message =
            connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
            ?? String(cString: sqlite3_errstr(code))
        let extended = connection.map { sqlite3_extended_errcode($0) } ?? code
        self.init(extendedResultCode: extended, message: message, sql: sql)
    }

    /// A trigger's RAISE(ABORT): SQLite's macro is an expression Swift does not import.
    static let constraintTrigger = SQLITE_CONSTRAINT | (7 << 8)

    static func kind(ofSQLite extended: Int32) -> Kind {
        if extended == constraintTrigger { return .rule }
        switch extended & 0xFF {
        case SQLITE_BUSY, SQLITE_LOCKED: return .busy
        case SQLITE_INTERRUPT: return .interrupted
        case SQLITE_CONSTRAINT: return .constraint
        case SQLITE_AUTH: return .permission
        case SQLITE_READONLY: return .readOnly
        case SQLITE_FULL: return .full
        case SQLITE_IOERR, SQLITE_PERM: return .io
        case SQLITE_CANTOPEN: return .cannotOpen
        case SQLITE_MISMATCH: return .invalidValue
        case SQLITE_NOTADB: return .notADatabase
        case SQLITE_CORRUPT: return .corrupt
        default: return .other
        }
    }

    static func kind(ofSQLState state: String, message: String) -> Kind {
        switch state {
        // A serialization failure or a deadlock (the transaction lost a race), or a lock not had.
        case "40001", "40P01", "55P03": return .busy
        case "57014": return .interrupted
        case PostgresSchema.changedSinceRead: return .changed
        case "25006": return .readOnly
        case "53100": return .full
        // A trigger's RAISE: one of the workflow's rules, as SQLite's RAISE(ABORT) is. (The
        // schema's triggers raise 23000, the class's generic code, which no constraint uses.)
        case "P0001", "23000": return .rule
        // The write layer's own refusal names the group a step needs (`PostgresSchema`'s functions).
        case "42501": return message.hasPrefix("only a member of ") ? .groupRequired : .permission
        // A text the server's functions refuse as too long (`TextLimits`), or one no text can hold.
        case "22001", "22021", "22P05": return .invalidValue
        case _ where state.hasPrefix("23"): return .constraint
        case _ where state.hasPrefix("08"): return .unavailable
        default: return .other
        }
    }

    /// SQLite's extended result code; nil for another engine's error.
    public var extendedResultCode: Int32? {
        guard case .sqlite(let code) = code else { return nil }
        return code
    }

    /// SQLite's primary result code (SQLITE_BUSY, SQLITE_CONSTRAINT...); nil for another engine's error.
    public var resultCode: Int32? { extendedResultCode.map { $0 & 0xFF } }

    /// PostgreSQL's SQLSTATE; nil for another engine's error.
    public var sqlState: String? {
        guard case .sqlState(let state) = code else { return nil }
        return state
    }

    /// A team database's transaction that lost to a concurrent one (serialization failure,
    /// deadlock) and was rolled back whole: running it again from the start is safe.
    var isLostRace: Bool { sqlState == "40001" || sqlState == "40P01" }

    public var description: String {
        var text =
            switch code {
            case .sqlite(let code): "SQLite error \(code & 0xFF): \(message)"
            case .sqlState(let state): "PostgreSQL error \(state): \(message)"
            }
        if let sql { text += " - while executing `\(sql)`" }
        return text
    }
}
