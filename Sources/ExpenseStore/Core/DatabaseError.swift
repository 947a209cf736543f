import CSQLite
import ExpenseCore
import ExpenseSupport

/// An error reported by SQLite: its result code, its message and the SQL that failed.
/// The bound values are never included, so receipts' and expenses' data stay out of logs.
public struct DatabaseError: Error, CustomStringConvertible, Sendable {
    public let extendedResultCode: Int32
    public let message: String
    public let sql: String?

    /// The primary result code (SQLITE_BUSY, SQLITE_CONSTRAINT...), without the extended bits.
    public var resultCode: Int32 { extendedResultCode & 0xFF }

    public init(extendedResultCode: Int32, message: String, sql: String? = nil) {
        self.extendedResultCode = extendedResultCode
        self.message = message
        self.sql = sql
    }

    init(connection: OpaquePointer?, code: Int32, sql: String? = nil) {
        let message = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
            ?? String(cString: sqlite3_errstr(code))
        let extended = connection.map { sqlite3_extended_errcode($0) } ?? code
        self.init(extendedResultCode: extended, message: message, sql: sql)
    }

    public var description: String {
        var text = "SQLite error \(resultCode): \(message)"
        if let sql { text += " - while executing `\(sql)`" }
        return text
    }

    public var isBusy: Bool { resultCode == SQLITE_BUSY || resultCode == SQLITE_LOCKED }
    public var isInterrupted: Bool { resultCode == SQLITE_INTERRUPT }

    /// What a user is told: a busy database is a temporary failure to retry, a full disk or an
    /// I/O error is the machine's, anything else is a bug of ours.
    public var userFacing: ExpenseError {
        switch resultCode {
        case SQLITE_BUSY, SQLITE_LOCKED:
            return ExpenseError(.busy, "the database is busy (another expenses process is writing)",
                                hint: "try again in a moment")
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
