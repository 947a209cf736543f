import CSQLite
import ExpenseCore
import ExpenseSupport

/// The expense data of one database file: reports, expenses, categories. Every write goes
/// through `write`, one IMMEDIATE transaction, so a failing command leaves nothing behind.
public final class Store {
    public let db: Database
    /// The current UTC time as ISO 8601, for created/updated stamps; injected so tests are exact.
    public let now: () -> String

    /// The protective triggers (`Schema.protectiveTriggers`) that were missing or altered when the
    /// database was opened, and whether they could be re-created; nil when all were in place. The
    /// app says so, once.
    public private(set) var triggerRepair: (names: [String], restored: Bool)?

    /// Opens the database at `path`, migrates it to the current schema, and re-creates the
    /// protective triggers that something outside the app dropped or changed.
    public init(path: String, now: @escaping () -> String) throws {
        db = try Self.open(path)
        self.now = now
        try Schema.migrator.migrate(db, now: now())
        do {
            let restored = try Schema.restoreProtectiveTriggers(db)
            if !restored.isEmpty { triggerRepair = (restored, true) }
        } catch let error as DatabaseError where error.resultCode == SQLITE_READONLY {
            // A file this process may only read: reading still works, and the app says what is missing.
            triggerRepair = (try Schema.damagedTriggers(db), false)
        }
    }

    private static func open(_ path: String) throws -> Database {
        let database: Database
        do {
            database = try Database(path: path)
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

    /// Runs `body` as one write transaction.
    public func write<T>(_ body: () throws -> T) throws -> T {
        try db.inTransaction(.immediate, body)
    }

    /// `run --transaction`: one transaction around every line of a script, whose own writes
    /// nest in it as savepoints; committed only when every line succeeded.
    public func beginScript() throws { try db.begin() }
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
