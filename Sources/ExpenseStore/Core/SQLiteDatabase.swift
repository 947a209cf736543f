import CSQLite
import ExpenseSupport

#if canImport(Glibc)
import Glibc
#endif

/// A connection to one SQLite database file, set up the way this app needs it: WAL, foreign keys,
/// a busy timeout, and a probe that refuses a file that is not a database.
final class SQLiteDatabase: Database {
    let handle: OpaquePointer
    public let path: String
    public var dialect: SQLDialect { .sqlite }
    /// True when this connection can only read: opened `.readOnly`, or SQLite found the file
    /// write-protected. Every write then fails with SQLITE_READONLY.
    public let isReadOnly: Bool

    /// How a connection opens its file.
    public enum Access: Sendable, Equatable {
        /// Reading and writing, creating the file when it does not exist.
        case readWrite
        /// Reading only, an existing file: one this process may read but not write (mode 0444,
        /// another user's, a read-only mount).
        case readOnly
    }
    /// The connection opened last, for Ctrl-C: a signal handler can reach nothing else.
    nonisolated(unsafe) private static var active: OpaquePointer?
    private var statements: [String: Statement] = [:]
    /// Process-wide settings, applied once before the first connection opens.
    private static let configured: Void = {
        // Measured on a million-row import: 8 % of SQLite's time went to the memory statistics'
        // mutex and counters.
        _ = csqlite_disable_memory_statistics()
    }()

    /// Opens (creating if needed) the database at `path`; ":memory:" gives a private in-memory one.
    /// - Parameter busyTimeout: how long a writer waits for another process's write to finish
    ///   before giving up with SQLITE_BUSY.
    public init(path: String, busyTimeout milliseconds: Int32 = 10_000, access: Access = .readWrite) throws(DatabaseError) {
        Self.configured
        var created = false
        let handle: OpaquePointer
        switch access {
        case .readWrite:
            created = Self.createPrivateFile(path)
            do {
                handle = try Self.connect(path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, busyTimeout: milliseconds)
            } catch {
                if created { Self.removeIfEmpty(path) }
                throw error
            }
        case .readOnly:
            do {
                handle = try Self.connect(path, flags: SQLITE_OPEN_READONLY, busyTimeout: milliseconds)
            } catch  where error.kind == .cannotOpen || error.kind == .readOnly {
                // Reading a WAL database takes its -shm file, which SQLite creates beside it; in
                // a directory this process cannot write, and with none there, it cannot. No
                // process has the file open for writing then (it would have made the -shm), so
                // it is read as immutable, as a file on read-only media is.
                handle = try Self.connect(
                    Self.immutableURI(path), flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI,
                    busyTimeout: milliseconds)
            }
        }
        self.handle = handle
        self.path = path
        isReadOnly = sqlite3_db_readonly(handle, "main") == 1
        do {
            if !isReadOnly {
                // WAL lets readers go on while one process writes; NORMAL is durable enough with
                // WAL (a power cut may lose the last commits, never corrupt the file).
                try execute("PRAGMA journal_mode = WAL" as SQL)
                try execute("PRAGMA synchronous = NORMAL" as SQL)
            }
            try execute("PRAGMA foreign_keys = ON" as SQL)
            Self.active = handle
        } catch {
            statements.removeAll()
            sqlite3_close(handle)
            if created { Self.removeIfEmpty(path) }
            throw error
        }
    }

    /// Creates the file of a new database, empty (which SQLite takes for a database without
    /// tables) and readable by its owner only: it holds every expense and every receipt's text.
    /// SQLite itself would create it 0644 (less the umask); its `-wal` and `-shm` files take the
    /// database file's mode. O_EXCL|O_NOFOLLOW: an existing file, or a symlink planted at the
    /// name, is left to SQLite to open as before. True when this call created the file.
    static func createPrivateFile(_ path: String) -> Bool {
        guard !path.isEmpty, path != ":memory:", !path.hasPrefix("file:") else { return false }
        let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        close(descriptor)
        return true
    }

    /// Removes the file `createPrivateFile` made when the database could not be opened after
    /// all, unless something has been written to it meanwhile.
    private static func removeIfEmpty(_ path: String) {
        var info = stat()
        if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size == 0 { unlink(path) }
    }

    /// Opens `filename` with `flags` and reads from it once: a picture or a text file opened as
    /// a database fails here, clearly, where SQLite itself would only notice at the first read.
    private static func connect(_ filename: String, flags: Int32, busyTimeout milliseconds: Int32) throws(DatabaseError) -> OpaquePointer {
        var opened: OpaquePointer?
        let code = sqlite3_open_v2(filename, &opened, flags | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK, let handle = opened else {
            let error = DatabaseError(connection: opened, code: code, sql: nil)
            // "Whether or not an error occurs when it is opened, resources associated with the
            // database connection handle should be released by passing it to sqlite3_close()"
            sqlite3_close(opened)
            throw error
        }
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, milliseconds)
        let probe = "SELECT count(*) FROM sqlite_master"
        let result = sqlite3_exec(handle, probe, nil, nil, nil)
        guard result == SQLITE_OK else {
            let error = DatabaseError(connection: handle, code: result, sql: probe)
            sqlite3_close(handle)
            throw error
        }
        return handle
    }

    /// `path` as an SQLite URI that opens it read-only and immutable; every byte that is not
    /// plainly safe in a URI is percent-encoded, so the path's bytes are kept exactly.
    static func immutableURI(_ path: String) -> String {
        let safe = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789/-._~".utf8)
        let hex = Array("0123456789ABCDEF".utf8)
        var uri = "file:"
        for byte in path.utf8 {
            if safe.contains(byte) {
                uri.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                uri += "%" + String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]], as: UTF8.self)
            }
        }
        return uri + "?mode=ro&immutable=1"
    }

    deinit {
        if Self.active == handle { Self.active = nil }
        statements.removeAll()
        sqlite3_close(handle)
    }

    // MARK: - Statements

    /// The cached prepared statement for `sql`, preparing it on first use.
    func cachedStatement(_ sql: String) throws(DatabaseError) -> Statement {
        if let statement = statements[sql] { return statement }
        let statement = try Statement(database: self, sql: sql)
        statements[sql] = statement
        return statement
    }

    /// Runs `sql`, which may hold several statements when it binds no values.
    public func execute(_ statement: SQL) throws(DatabaseError) {
        let (sql, arguments) = (statement.text, statement.arguments)
        if arguments.isEmpty, sql.contains(";") {
            let code = sqlite3_exec(handle, sql, nil, nil, nil)
            guard code == SQLITE_OK else { throw DatabaseError(connection: handle, code: code, sql: sql) }
            return
        }
        do {
            try withStatement(sql, arguments) { statement in while try statement.step() {} }
        } catch let error as DatabaseError {
            throw error
        } catch {
            fatalError("only DatabaseError is thrown here: \(error)")
        }
    }

    /// Runs a query and maps its first row, if any.
    public func queryFirst<T>(_ sql: SQL, _ map: (Row) throws -> T) throws -> T? {
        var result: T?
        try withStatement(sql.text, sql.arguments) { statement in
            if try statement.step() { result = try map(Row(statement)) }
            sqlite3_reset(statement.handle)
        }
        return result
    }

    /// Streams the rows of a query without collecting them.
    public func forEachRow(_ sql: SQL, _ body: (Row) throws -> Void) throws {
        try withStatement(sql.text, sql.arguments) { statement in
            while try statement.step() { try body(Row(statement)) }
        }
    }

    private func withStatement(_ sql: String, _ arguments: [DatabaseValue], _ body: (Statement) throws -> Void) throws {
        let statement = try cachedStatement(sql)
        // A statement left mid-rows keeps its table locked: reset it however `body` exits,
        // whatever it throws.
        defer { sqlite3_reset(statement.handle) }
        do {
            try statement.bind(arguments)
            try body(statement)
        } catch let error as DatabaseError {
            // One that failed may be in a state reset cannot repair (SQLITE_SCHEMA, an
            // interrupt): never reuse it.
            statements[sql] = nil
            throw error
        }
    }

    // MARK: - State

    public var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    public var changes: Int { Int(sqlite3_changes(handle)) }

    public var isInsideTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// Makes the running statement fail with SQLITE_INTERRUPT; safe to call from a signal handler's
    /// thread, which is what Ctrl-C needs.
    public func interrupt() { sqlite3_interrupt(handle) }

    /// Interrupts whatever the most recently opened connection is running; callable from a
    /// SIGINT handler, as the sqlite3 shell does.
    public static func interruptActive() {
        if let active { sqlite3_interrupt(active) }
    }
}
