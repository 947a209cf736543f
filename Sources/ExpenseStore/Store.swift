import ExpenseCore
import ExpenseSupport

#if canImport(Glibc)
import Glibc
#endif

/// The expense data of one database, a file or a team's server: reports, expenses, categories.
/// Every write goes through `write`, one transaction, so a failing command leaves nothing behind.
public final class Store {
    public let db: Database
    /// Where the database is, as it was opened.
    public let location: DatabaseLocation
    /// The current UTC time as ISO 8601, for created/updated stamps; injected so tests are exact.
    public let now: () -> String

    /// The protective triggers (`Schema.protectiveTriggers`) that were missing or altered when the
    /// database was opened, and whether they could be re-created; nil when all were in place. The
    /// app says so, once.
    public private(set) var triggerRepair: (names: [String], restored: Bool)?
    /// How many days before an expense's day a table rate may be and still convert it (nil: any);
    /// the app sets it from its setting `rates.max-age-days` (`rateSource`).
    public var maximumRateAgeDays: Int?

    /// Every aggregate's writes for this store's engine, picked once, when first used.
    lazy var writes: Writes = (db as? PostgresDatabase).map { .server(self, connection: $0) } ?? .file(self)

    /// While `withInsertTriggersInBulk` runs with the triggers set aside: what its import writers add.
    var bulkTally: BulkInsertTally?

    /// Opens the database at `location`, migrates it to the current schema, and re-creates the
    /// protective triggers that something outside the app dropped or changed. A file's directory
    /// must exist, unless `createDirectory` (the default location's, made on first use, 0700).
    public convenience init(location: DatabaseLocation, now: @escaping () -> String, createDirectory: Bool = false) throws {
        try self.init(location: location, now: now, access: nil, createDirectory: createDirectory)
    }

    /// Opens the database file at `path` (`init(location:)` with `.file(path)`).
    public convenience init(path: String, now: @escaping () -> String) throws {
        try self.init(location: .file(path), now: now, access: nil, createDirectory: false)
    }

    convenience init(path: String, now: @escaping () -> String, access: SQLiteDatabase.Access?) throws {
        try self.init(location: .file(path), now: now, access: access, createDirectory: false)
    }

    /// - Parameter access: how to open a file; by default read-only when the file exists and this
    ///   process may not write it (mode 0444, another user's, a read-only mount), so that reading
    ///   commands work and writes are refused (`write`) instead of the file not opening at all.
    /// Opens the team database `location` as the role `user` with `password` (SCRAM, as the
    /// server's pg_hba.conf says): `serve` gives each person who logs in a connection of their own,
    /// so that row security and the server's functions decide as for the command line.
    public convenience init(server location: DatabaseLocation, user: String, password: String, now: @escaping () -> String) throws {
        try self.init(location: location, now: now, access: nil, createDirectory: false, credentials: (user, password))
    }

    init(
        location: DatabaseLocation, now: @escaping () -> String, access: SQLiteDatabase.Access?, createDirectory: Bool,
        credentials: (user: String, password: String)? = nil
    ) throws {
        self.now = now
        self.location = location
        let path: String
        switch location {
        case .server(let connection):
            let server = try PostgresDatabase(connection, credentials: credentials)
            db = server
            try PostgresMigrations.requireSetUp(server)
            return
        case .file(let file):
            path = file
        }
        if !location.isInMemory { try Self.prepareDirectory(of: path, creating: createDirectory) }
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
            } catch let error as DatabaseError where error.kind == .readOnly {
                triggerRepair = (try Schema.damagedTriggers(db), false)
            }
        }
    }

    /// Creates or updates the team database at `location` (`expenses setup`), and says what it
    /// did to the schema.
    public static func setUpServer(_ location: DatabaseLocation, now: String) throws -> ServerSetup {
        guard case .server(let connection) = location else {
            throw ExpenseError(.usage, "\(location.name) is a file: only a team database on a server is set up")
        }
        let server = try PostgresDatabase(connection)
        let applied = try PostgresMigrations.setUp(server, now: now)
        return ServerSetup(name: server.path, applied: applied, version: PostgresMigrations.migrator.migrations.count)
    }

    /// What `setUpServer` did to the schema, for the person who ran it.
    public struct ServerSetup: Sendable {
        /// The database as messages name it.
        public let name: String
        /// How many migrations it applied: all of them on an empty database, none on a current one.
        public let applied: Int
        /// How many migrations the schema now has: its version.
        public let version: Int
    }

    /// The role a team database let this connection in as, which is the user there; nil on a
    /// file, whose user is whoever runs the app. Reports are stored under it and the server's
    /// policies compare it as it is, so a name the app would write differently is refused (77).
    public func serverRole() throws -> UserName? {
        guard let server = db as? PostgresDatabase else { return nil }
        let role = try server.sessionUser()
        let name = try UserName(validating: role)
        // Byte for byte: Swift's == takes `alice` + U+0301 for the composed name it normalises to.
        guard name.value.utf8.elementsEqual(role.utf8) else {
            throw ExpenseError(
                .permissionDenied,
                "the role '\(TerminalText.visible(role))' is not written as expenses writes user names "
                    + "('\(name.value)'): lower case, composed, single spaces",
                hint: "the administrator gives each person a role named in lower case")
        }
        return name
    }

    /// Stops the statement running on the file opened last, at once; safe to call from a
    /// signal handler (Ctrl-C), as the sqlite3 shell does. A server's statement is left to end.
    public static func interruptRunningStatement() {
        SQLiteDatabase.interruptActive()
    }

    /// Checks the directory a database file goes in before SQLite is asked to open it, so that
    /// what is wrong is said plainly; creates it (0700, with its parents) when `creating`.
    private static func prepareDirectory(of path: String, creating: Bool) throws {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[..<$0]) } ?? "."
        let parent = directory.isEmpty ? "/" : directory
        var info = stat()
        if stat(parent, &info) != 0 {
            guard creating else {
                throw ExpenseError(
                    .cannotCreate, .noDatabaseDirectory,
                    "cannot create the database \(path): directory \(parent) does not exist")
            }
            guard makeDirectories(parent) else {
                throw ExpenseError(.cannotCreate, "cannot create the directory \(parent) for the database")
            }
        } else if info.st_mode & S_IFMT != S_IFDIR {
            throw ExpenseError(.cannotCreate, "cannot create the database \(path): \(parent) is not a directory")
        }
        let exists = access(path, F_OK) == 0
        if !exists, access(parent, W_OK) != 0 {
            throw ExpenseError(.cannotCreate, "cannot create the database \(path): directory \(parent) is not writable")
        }
        // One it may read but not write opens read-only (`defaultAccess`): reading commands work.
        if exists, access(path, R_OK) != 0 {
            throw ExpenseError(.noInput, "cannot open the database \(path): permission denied")
        }
    }

    /// `mkdir -p` with mode 0700: true when `directory` is one afterwards.
    private static func makeDirectories(_ directory: String) -> Bool {
        var info = stat()
        if stat(directory, &info) == 0 { return info.st_mode & S_IFMT == S_IFDIR }
        if let slash = directory.lastIndex(of: "/"), slash != directory.startIndex {
            guard makeDirectories(String(directory[..<slash])) else { return false }
        }
        return mkdir(directory, 0o700) == 0 || errno == EEXIST
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
        ExpenseError(
            .cannotCreate, "the database \(db.path) is read-only: nothing was written",
            hint: "reading it works; to change it, make the file writable, or work on a copy")
    }

    private static func open(_ path: String, access: SQLiteDatabase.Access) throws -> SQLiteDatabase {
        let database: SQLiteDatabase
        do {
            database = try SQLiteDatabase(path: path, access: access)
        } catch {
            switch error.kind {
            case .notADatabase:
                throw ExpenseError(.invalidData, .notAnSQLiteDatabase, "\(path) is not an SQLite database")
            case .cannotOpen:
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
}
