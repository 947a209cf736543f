import CSQLite
import ExpenseCore
import ExpenseSupport

/// An error reported by the database: its result code, its message and the SQL that failed.
/// The bound values are never included, so receipts' and expenses' data stay out of logs.
/// PostgreSQL's errors carry their SQLSTATE and the SQLite result code of the same failure, so
/// that the app tells a user the same for the same thing, whichever engine said it.
public struct DatabaseError: Error, CustomStringConvertible, Sendable {
    /// A trigger's RAISE(ABORT): SQLite's macro is an expression Swift does not import.
    static let constraintTrigger = SQLITE_CONSTRAINT | (7 << 8)

    public let extendedResultCode: Int32
    public let message: String
    public let sql: String?
    /// PostgreSQL's five-character error code; nil for SQLite's errors.
    public let sqlState: String?

    /// The primary result code (SQLITE_BUSY, SQLITE_CONSTRAINT...), without the extended bits.
    public var resultCode: Int32 { extendedResultCode & 0xFF }

    public init(extendedResultCode: Int32, message: String, sql: String? = nil, sqlState: String? = nil) {
        self.extendedResultCode = extendedResultCode
        self.message = message
        self.sql = sql
        self.sqlState = sqlState
    }

    /// A PostgreSQL error, as the SQLite result code of the same failure.
    init(sqlState: String, message: String, sql: String?) {
        let code: Int32 = switch sqlState {
        // A serialization failure or a deadlock: the transaction lost a race and may be run again.
        case "40001", "40P01", "55P03": SQLITE_BUSY
        case "57014": SQLITE_INTERRUPT
        case "25006": SQLITE_READONLY
        case "53100": SQLITE_FULL
        // A trigger's RAISE: one of the workflow's rules, as SQLite's RAISE(ABORT) is. (The
        // schema's triggers raise 23000, the class's generic code, which no constraint uses.)
        case "P0001", "23000": Self.constraintTrigger
        case "42501": SQLITE_AUTH
        case "22021", "22P05": SQLITE_MISMATCH
        case _ where sqlState.hasPrefix("23"): SQLITE_CONSTRAINT
        case _ where sqlState.hasPrefix("08"): SQLITE_CANTOPEN
        default: SQLITE_ERROR
        }
        self.init(extendedResultCode: code, message: message, sql: sql, sqlState: sqlState)
    }

    init(connection: OpaquePointer?, code: Int32, sql: String? = nil) {
        let message = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
            ?? String(cString: sqlite3_errstr(code))
        let extended = connection.map { sqlite3_extended_errcode($0) } ?? code
        self.init(extendedResultCode: extended, message: message, sql: sql)
    }

    public var description: String {
        var text = sqlState.map { "PostgreSQL error \($0): \(message)" } ?? "SQLite error \(resultCode): \(message)"
        if let sql { text += " - while executing `\(sql)`" }
        return text
    }

    public var isBusy: Bool { resultCode == SQLITE_BUSY || resultCode == SQLITE_LOCKED }
    /// A team database's transaction that lost to a concurrent one (serialization failure,
    /// deadlock) and was rolled back whole: running it again from the start is safe.
    public var isLostRace: Bool { sqlState == "40001" || sqlState == "40P01" }
    public var isInterrupted: Bool { resultCode == SQLITE_INTERRUPT }

    /// What a user is told: a busy database is a temporary failure to retry, a full disk or an
    /// I/O error is the machine's, anything else is a bug of ours.
    public var userFacing: ExpenseError {
        if extendedResultCode == Self.constraintTrigger {
            // A rule the schema holds against any writer: refused, as the app itself refuses it.
            return ExpenseError(.refused, message, hint: "nothing was written")
        }
        if let sqlState, sqlState.hasPrefix("08") {
            return ExpenseError(.unavailable, "lost the connection to the database server: \(message)",
                                hint: "nothing of the interrupted command was committed; try again when the server is back")
        }
        switch resultCode {
        case SQLITE_BUSY, SQLITE_LOCKED:
            return ExpenseError(.busy, "the database is busy (another expenses process is writing)",
                                hint: "try again in a moment")
        case SQLITE_AUTH:
            // The write layer names the group a step needs; a bare "permission denied" names none.
            if message.hasPrefix("only a member of ") {
                return ExpenseError(.permissionDenied, "the database server refused: \(message)",
                                    hint: "that is the team's rule: someone in that group does it, or the administrator adds you to it")
            }
            return ExpenseError(.permissionDenied, "the database server refused: \(message)",
                                hint: "your role needs one of expenses_traveller, expenses_approver or expenses_finance; "
                                    + "the server's administrator grants it after 'expenses setup'")
        case SQLITE_INTERRUPT:
            return ExpenseError(.refused, "cancelled (Ctrl-C)", hint: "nothing of the cancelled command was written")
        case SQLITE_FULL:
            return ExpenseError(.io, "the disk is full: \(message)")
        case SQLITE_READONLY:
            return ExpenseError(.cannotCreate, "the database is read-only: \(message)", hint: "nothing was written")
        case SQLITE_IOERR, SQLITE_CANTOPEN, SQLITE_PERM:
            return ExpenseError(.io, "cannot write the database: \(message)")
        case SQLITE_MISMATCH:
            return ExpenseError(.invalidData, message)
        case SQLITE_NOTADB, SQLITE_CORRUPT:
            return ExpenseError(.invalidData, "the database is damaged: \(message)",
                                hint: "restore it from a backup; 'sqlite3 FILE .recover' may save what is left")
        default:
            return ExpenseError(.internal, description)
        }
    }
}
