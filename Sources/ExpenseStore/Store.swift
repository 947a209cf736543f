#if canImport(Glibc)
import Glibc
#endif
import CSQLite
import ExpenseCore
import ExpenseSupport

/// The expense data of one database, a file or a team's server: reports, expenses, categories.
/// Every write goes through `write`, one transaction, so a failing command leaves nothing behind.
public final class Store {
    public let db: Database
    /// The current UTC time as ISO 8601, for created/updated stamps; injected so tests are exact.
    public let now: () -> String

    /// The protective triggers (`Schema.protectiveTriggers`) that were missing or altered when the
    /// database was opened, and whether they could be re-created; nil when all were in place. The
    /// app says so, once.
    public private(set) var triggerRepair: (names: [String], restored: Bool)?

    /// While `withInsertTriggersInBulk` runs with the triggers set aside: what its import writers add.
    var bulkTally: BulkInsertTally?

    /// Opens the database at `path`, migrates it to the current schema, and re-creates the
    /// protective triggers that something outside the app dropped or changed.
    /// - Parameter access: how to open it; by default read-only when the file exists and this
    ///   process may not write it (mode 0444, another user's, a read-only mount), so that reading
    ///   commands work and writes are refused (`write`) instead of the file not opening at all.
    /// - Parameter path: a file, or a PostgreSQL connection string (`PostgresDatabase.isConnectionString`).
    public init(path: String, now: @escaping () -> String, access: SQLiteDatabase.Access? = nil) throws {
        self.now = now
        if PostgresDatabase.isConnectionString(path) {
            let server = try PostgresDatabase(path)
            db = server
            try PostgresMigrations.requireSetUp(server)
            return
        }
        db = try Self.open(path, access: access ?? Self.defaultAccess(for: path))
        if db.isReadOnly {
            try Schema.migrator.requireCurrent(db)
            // A file this process may only read: reading still works, and the app says what is missing.
            let damaged = try Schema.damagedTriggers(db)
            if !damaged.isEmpty { triggerRepair = (damaged, false) }
        } else {
            try Schema.migrator.migrate(db, now: now())
            do {
                let restored = try Schema.restoreProtectiveTriggers(db)
                if !restored.isEmpty { triggerRepair = (restored, true) }
            } catch let error as DatabaseError where error.resultCode == SQLITE_READONLY {
                triggerRepair = (try Schema.damagedTriggers(db), false)
            }
        }
    }

    /// Creates or updates the team database at `location` (`expenses setup`), and returns its
    /// name for messages.
    public static func setUpServer(_ location: String, now: String) throws -> String {
        let server = try PostgresDatabase(location)
        try PostgresMigrations.setUp(server, now: now)
        return server.path
    }

    /// Read-only for an existing file this process may not write; else read-write.
    static func defaultAccess(for path: String) -> SQLiteDatabase.Access {
        guard path != ":memory:", access(path, F_OK) == 0, access(path, W_OK) != 0 else { return .readWrite }
        return .readOnly
    }

    /// True when the database can only be read; `write` refuses, and says so.
    public var isReadOnly: Bool { db.isReadOnly }

    /// Refuses now when the database is read-only: for work that comes before its write (a
    /// receipt's file goes into the vault first), so that none of it is done in vain.
    public func requireWritable() throws {
        guard !db.isReadOnly else { throw readOnlyError }
    }

    /// What a write to a read-only database is told (exit 73).
    var readOnlyError: ExpenseError {
        ExpenseError(.cannotCreate, "the database \(db.path) is read-only: nothing was written",
                     hint: "reading it works; to change it, make the file writable, or work on a copy")
    }

    private static func open(_ path: String, access: SQLiteDatabase.Access) throws -> SQLiteDatabase {
        let database: SQLiteDatabase
        do {
            database = try SQLiteDatabase(path: path, access: access)
        } catch {
            switch error.resultCode {
            case SQLITE_NOTADB:
                throw ExpenseError(.invalidData, .notAnSQLiteDatabase, "\(path) is not an SQLite database")
            case SQLITE_CANTOPEN:
                throw ExpenseError(.cannotCreate, "cannot open or create the database \(path): \(error.message)")
            default:
                throw error
            }
        }
        return database
    }

    /// Runs `body` as one write transaction; refused before `body` runs when the database is
    /// read-only.
    ///
    /// On a team database, when the transaction lost a race with another client's (a deadlock or
    /// a serialization failure, which the server rolled back whole), it is
    /// run again from the start, up to `maximumAttempts` times, after a short random wait that grows
    /// with each attempt; the user sees the outcome of the attempt that committed. `body` must
    /// therefore do nothing but database work. Inside an open transaction (a script run with
    /// --transaction) it is a savepoint, and the script's own transaction fails instead.
    public func write<T>(_ body: () throws -> T) throws -> T {
        guard !db.isReadOnly else { throw readOnlyError }
        guard db.dialect == .postgresql, !db.isInsideTransaction else { return try db.inTransaction(.immediate, body) }
        var attempt = 1
        while true {
            do {
                return try db.inTransaction(.immediate, body)
            } catch let error as DatabaseError where error.isLostRace && attempt < Self.maximumAttempts {
                retries += 1
                usleep(UInt32.random(in: 1_000...(5_000 * UInt32(attempt))))
                attempt += 1
            }
        }
    }

    /// How many times `write` runs a transaction that keeps losing races before it gives up and
    /// says the database is busy (exit 75).
    static let maximumAttempts = 12
    /// Transactions `write` ran again after they lost a race: for the concurrency test and bench.
    public private(set) var retries = 0

    /// `run --transaction`: one transaction around every line of a script, whose own writes
    /// nest in it as savepoints; committed only when every line succeeded.
    public func beginScript() throws {
        guard !db.isReadOnly else { throw readOnlyError }
        try db.begin(.immediate)
    }
    public func commitScript() throws { try db.commit() }
    public func rollbackScript() { db.rollback() }

    static func currency(_ code: String) -> Currency {
        // A code the compiled-in table no longer lists (withdrawn since) still reads, as 2 digits.
        CurrencyTable.standard.currency(code) ?? Currency(code: code, minorDigits: 2, name: code)
    }

    static func date(_ text: String?) -> CalendarDate? {
        text.flatMap { try? CalendarDate.parse($0) }
    }
}
