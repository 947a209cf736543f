import CSQLite
import ExpenseSupport
import PropertyList

/// A prepared statement. Owned and cached by its `Database`; finalized when released.
public final class Statement {
    let handle: OpaquePointer
    public let sql: String
    unowned let database: SQLiteDatabase

    init(database: SQLiteDatabase, sql: String) throws(DatabaseError) {
        var handle: OpaquePointer?
        let code = sqlite3_prepare_v3(database.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, nil)
        guard code == SQLITE_OK, let handle else {
            sqlite3_finalize(handle)
            throw DatabaseError(connection: database.handle, code: code, sql: sql)
        }
        self.handle = handle
        self.sql = sql
        self.database = database
    }

    deinit { sqlite3_finalize(handle) }

    /// Each result column's index by its name (the first, when two share one), read from SQLite
    /// once per prepared statement (statements are cached), not per row. A read by name is one
    /// lookup in it: fine for a report or a receipt, not for the import's per-row inserts.
    private(set) lazy var columnIndex: [String: Int] = {
        var index: [String: Int] = [:]
        for column in 0..<Int(sqlite3_column_count(self.handle)) {
            guard let name = sqlite3_column_name(self.handle, Int32(column)) else { continue }
            let key = String(cString: name)
            if index[key] == nil { index[key] = column }
        }
        return index
    }()

    /// Resets the statement and binds `arguments` to its parameters, in order.
    func bind(_ arguments: [DatabaseValue]) throws(DatabaseError) {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        guard Int(sqlite3_bind_parameter_count(handle)) == arguments.count else {
            // A wrong count is a bug in our SQL, never a user's doing.
            fatalError("\(arguments.count) arguments for \(sqlite3_bind_parameter_count(handle)) parameters in `\(sql)`")
        }
        for (offset, value) in arguments.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .null: code = sqlite3_bind_null(handle, index)
            case .integer(let int): code = sqlite3_bind_int64(handle, index, int)
            case .real(let double): code = sqlite3_bind_double(handle, index, double)
            case .text(let string) where string.utf8.contains(0):
                // C strings end at a NUL: SQLite would keep the text whole, every reader half of it.
                throw DatabaseError(
                    extendedResultCode: SQLITE_MISMATCH, message: "text with a NUL character (U+0000) cannot be stored",
                    sql: sql)
            case .text(let string):
                code = string.withCString { sqlite3_bind_text(handle, index, $0, Int32(string.utf8.count), csqlite_transient()) }
            case .blob(let bytes) where bytes.isEmpty:
                // sqlite3_bind_blob binds NULL for a nil pointer, and an empty buffer's baseAddress
                // may be nil: a zero-length blob is bound as one explicitly.
                code = sqlite3_bind_zeroblob(handle, index, 0)
            case .blob(let bytes):
                code = bytes.withUnsafeBytes {
                    sqlite3_bind_blob(handle, index, $0.baseAddress, Int32($0.count), csqlite_transient())
                }
            }
            guard code == SQLITE_OK else { throw DatabaseError(connection: database.handle, code: code, sql: sql) }
        }
    }

    /// Binds the UTF-8 `bytes` to parameter `index` of `handle`, their length given, so that a
    /// NUL inside stays part of the text. Empty text is bound as '': a NULL pointer would bind
    /// SQL NULL. With SQLITE_STATIC (nil) the bytes must outlive every step until the next bind.
    static func bindText(
        _ handle: OpaquePointer, _ index: Int32, _ bytes: UnsafeBufferPointer<UInt8>,
        _ destructor: sqlite3_destructor_type?
    ) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else {
            _ = sqlite3_bind_text(handle, index, "", 0, destructor)
            return
        }
        _ = base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
            sqlite3_bind_text(handle, index, $0, Int32(bytes.count), destructor)
        }
    }

    /// Steps once: true while a row is available.
    func step() throws(DatabaseError) -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code:
            // sqlite3_reset returns the same error again; reset so the statement can be reused.
            let error = DatabaseError(connection: database.handle, code: code, sql: sql)
            sqlite3_reset(handle)
            throw error
        }
    }
}
