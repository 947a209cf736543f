import ExpenseCore
import ExpenseTestSupport
import XCTest

@testable import ExpenseStore
@testable import ExpenseSupport

final class MigratorTests: TemporaryDatabaseTestCase {
    override class var engines: Engines { .fileOnly(because: "a file's migrations, from the older files they were written for") }

    private struct Broken: Error {}

    /// Records which migrations ran, in order.
    private final class Log {
        var entries: [String] = []
    }

    private func migrator(_ ids: [String], log: Log, failing: String? = nil) -> Migrator {
        var migrator = Migrator()
        for id in ids {
            migrator.register(id) { db in
                log.entries.append(id)
                let table = "t_" + id.replacingOccurrences(of: "-", with: "_")
                try db.execute("CREATE TABLE \(table) (x)")
                XCTAssertTrue(db.isInsideTransaction, "\(id) runs outside a transaction")
                if id == failing { throw Broken() }
            }
        }
        return migrator
    }

    private func appliedIDs(_ db: Database) throws -> [String] {
        try db.query("SELECT id FROM schema_migrations ORDER BY id") { $0.string(0) }
    }

    private func tables(_ db: Database) throws -> [String] {
        try db.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name") {
            $0.string(0)
        }
    }

    func testAppliesMigrationsInOrderAndRecordsThem() throws {
        let db = try openDatabase()
        let log = Log()
        try migrator(["003-c", "001-a", "002-b"], log: log).migrate(db, now: "2026-03-02T10:00:00Z")
        XCTAssertEqual(log.entries, ["003-c", "001-a", "002-b"], "registration order, not id order")
        XCTAssertEqual(try appliedIDs(db), ["001-a", "002-b", "003-c"])
        XCTAssertEqual(
            try db.query("SELECT DISTINCT applied_at FROM schema_migrations") { $0.string(0) },
            ["2026-03-02T10:00:00Z"])
        XCTAssertEqual(try tables(db), ["schema_migrations", "t_001_a", "t_002_b", "t_003_c"])
        XCTAssertFalse(db.isInsideTransaction)
    }

    func testMigratingAgainIsANoOp() throws {
        let db = try openDatabase()
        let log = Log()
        let migrator = migrator(["001-a", "002-b"], log: log)
        try migrator.migrate(db, now: "first")
        try migrator.migrate(db, now: "second")
        try migrator.migrate(try openDatabase(), now: "third")  // another connection, same file
        XCTAssertEqual(log.entries, ["001-a", "002-b"])
        XCTAssertEqual(try db.query("SELECT applied_at FROM schema_migrations") { $0.string(0) }, ["first", "first"])
    }

    func testALaterVersionAppliesOnlyItsNewMigrations() throws {
        let db = try openDatabase()
        let log = Log()
        try migrator(["001-a"], log: log).migrate(db, now: "v1")
        try migrator(["001-a", "002-b"], log: log).migrate(db, now: "v2")
        XCTAssertEqual(log.entries, ["001-a", "002-b"])
        XCTAssertEqual(
            try db.query("SELECT id || '@' || applied_at FROM schema_migrations ORDER BY id") { $0.string(0) },
            ["001-a@v1", "002-b@v2"])
    }

    func testAFailingMigrationIsUndoneAndNotRecordedButEarlierOnesStay() throws {
        let db = try openDatabase()
        let log = Log()
        XCTAssertThrowsError(try migrator(["001-a", "002-b", "003-c"], log: log, failing: "002-b").migrate(db, now: "v1")) {
            XCTAssertTrue($0 is Broken, "\($0)")
        }
        XCTAssertEqual(log.entries, ["001-a", "002-b"], "nothing after the failure runs")
        XCTAssertEqual(try appliedIDs(db), ["001-a"])
        XCTAssertEqual(try tables(db), ["schema_migrations", "t_001_a"], "the failed migration's table was kept")
        XCTAssertFalse(db.isInsideTransaction)
        // Fixed, the next run carries on from there.
        try migrator(["001-a", "002-b", "003-c"], log: log).migrate(db, now: "v1.1")
        XCTAssertEqual(try appliedIDs(db), ["001-a", "002-b", "003-c"])
        XCTAssertEqual(log.entries, ["001-a", "002-b", "002-b", "003-c"])
    }

    func testRefusesADatabaseFromANewerVersion() throws {
        let db = try openDatabase()
        let log = Log()
        try migrator(["001-a", "002-b"], log: log).migrate(db, now: "v2")
        let older = Log()
        let error = assertExpenseError(
            try migrator(["001-a"], log: older).migrate(db, now: "v1"), kind: .invalidData,
            messageContains: "newer version", hintContains: "upgrade expenses")
        XCTAssertTrue(error?.message.contains("'002-b'") ?? false, error?.message ?? "")
        XCTAssertEqual(older.entries, [])
        XCTAssertEqual(try appliedIDs(db), ["001-a", "002-b"])
    }

    func testRefusesANewerDatabaseBeforeApplyingAnything() throws {
        let db = try openDatabase()
        let log = Log()
        try db.execute(
            """
            CREATE TABLE schema_migrations (id TEXT PRIMARY KEY NOT NULL, applied_at TEXT NOT NULL);
            INSERT INTO schema_migrations VALUES ('2099-01-01-from-the-future', 'later');
            """)
        assertExpenseError(
            try migrator(["001-a"], log: log).migrate(db, now: "now"), kind: .invalidData,
            messageContains: "written by a newer version of expenses (schema '2099-01-01-from-the-future')")
        XCTAssertEqual(log.entries, [])
        XCTAssertEqual(try tables(db), ["schema_migrations"])
    }

    func testTheStoreRefusesANewerDatabase() throws {
        do {
            let db = try openDatabase()
            try Schema.migrator.migrate(db, now: "v1")
            try db.execute("INSERT INTO schema_migrations VALUES (?, ?)", ["2099-12-31-v9-something", "later"])
        }
        assertExpenseError(try Store(path: path(), now: { "now" }), kind: .invalidData, messageContains: "newer version")
    }

    func testRefusesAForeignSQLiteDatabase() throws {
        let db = try openDatabase()
        let log = Log()
        try db.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY, path TEXT); INSERT INTO photos (path) VALUES ('a.jpg');")
        let error = assertExpenseError(
            try migrator(["001-a"], log: log).migrate(db, now: "now"), kind: .invalidData,
            messageContains: "not an expenses database", code: .notAnExpensesDatabase)
        XCTAssertTrue(error?.message.contains(path()) ?? false, error?.message ?? "")
        XCTAssertEqual(log.entries, [])
        XCTAssertEqual(try tables(db), ["photos"], "the foreign database was changed")
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM photos"), 1)
        assertExpenseError(try Store(path: path(), now: { "now" }), kind: .invalidData, messageContains: "not an expenses database")
    }

    func testAnEmptyDatabaseIsMigrated() throws {
        let db = try openDatabase()
        let log = Log()
        try migrator(["001-a"], log: log).migrate(db, now: "now")
        XCTAssertEqual(log.entries, ["001-a"])
    }

    func testTheAppSchemaCreatesItsTablesAndDefaultCategories() throws {
        let db = try openDatabase()
        try Schema.migrator.migrate(db, now: "2026-03-02T10:00:00Z")
        XCTAssertTrue(
            Set(try tables(db)).isSuperset(of: [
                "categories", "expenses", "reports", "schema_migrations",
                "report_events", "policy_rules", "policy_acknowledgements",
            ]))
        XCTAssertEqual(try appliedIDs(db), Schema.migrator.migrations.map(\.id).sorted())
        XCTAssertEqual(
            try db.query("SELECT code FROM categories ORDER BY position") { $0.string(0) },
            Category.defaults.map(\.code))
        XCTAssertEqual(try db.scalar("SELECT daily_limit FROM categories WHERE code = 'meals'"), 8000)
        XCTAssertTrue(try db.queryFirst("SELECT daily_limit FROM categories WHERE code = 'mileage'") { $0.isNull(0) } ?? false)
        // Again: nothing is inserted twice.
        try Schema.migrator.migrate(db, now: "later")
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM categories"), Int64(Category.defaults.count))
    }

    /// A file an older expenses left (before per diems): its reports have no country and no
    /// times, so they earn none until given a country; the rates start as the shipped table; a
    /// submitted report stays as it was, with none frozen.
    func testAReportMadeBeforePerDiemsEarnsNoneUntilItHasACountry() throws {
        let older = try database(migratedUpTo: "2026-12-05-v11-rate-source-check-by-comparisons")
        try older.execute(
            """
            INSERT INTO reports (title, start_date, end_date, currency, status, owner, created_at, updated_at)
            VALUES ('Walldorf', '2026-03-02', '2026-03-04', 'EUR', 'draft', 'ana', 'then', 'then')
            """)
        let store = try Store(path: path(), now: { "2026-03-10T09:00:00Z" })
        var report = try store.report(1)
        XCTAssertNil(report.country)
        XCTAssertNil(report.startTime)
        XCTAssertEqual(try store.perDiems(of: report), .none(.noCountry))
        XCTAssertEqual(try store.allowanceRateRows(), AllowanceRateTable.shipped.rows)
        XCTAssertEqual(Set(try Schema.damagedTriggers(store.db)), [], "the trip's triggers are made with its tables")
        report.country = .germany
        try store.updateReport(report)
        XCTAssertEqual(try store.perDiems(of: try store.report(1)).perDiems?.total.minorUnits, 5_600)
    }

    /// A file whose owner imported a row of the BMF's table before it shipped keeps that row as
    /// imported; every other row of the letters of 2024 to 2026 is added.
    func testTheBMFsForeignRowsAreAddedBesideARowImportedBefore() throws {
        let older = try database(migratedUpTo: "2026-12-25-v24-per-diems-abroad")
        try older.execute(
            """
            INSERT INTO allowance_rates (country, place, valid_from, full_day, partial_day, lodging, currency)
            VALUES ('FR', 'Paris', '2026-01-01', 6000, 4000, NULL, 'EUR')
            """)
        let store = try Store(path: path(), now: { "2026-03-10T09:00:00Z" })
        let rows = try store.allowanceRateRows()
        XCTAssertEqual(rows.count, AllowanceRateTable.shipped.rows.count)
        let paris = try XCTUnwrap(
            rows.first { $0.country.code == "FR" && $0.place == "Paris" && $0.validFrom.description == "2026-01-01" })
        XCTAssertEqual("\(paris.fullDay) \(paris.partialDay) \(paris.lodging.map { "\($0)" } ?? "none")", "60.00 EUR 40.00 EUR none")
        XCTAssertEqual(
            Set(rows.filter { $0 != paris }),
            Set(
                AllowanceRateTable.shipped.rows.filter {
                    $0.country.code != "FR" || $0.place != "Paris" || $0.validFrom.description != "2026-01-01"
                }))
    }

    func testMigrationIDsAreUniqueAndOrdered() {
        let ids = Schema.migrator.migrations.map(\.id)
        XCTAssertFalse(ids.isEmpty)
        XCTAssertEqual(Set(ids).count, ids.count)
        XCTAssertEqual(ids, ids.sorted(), "migration ids should sort in the order they apply")
    }
}
