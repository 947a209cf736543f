import CSQLite
import ExpenseTestSupport
import XCTest

@testable import ExpenseStore

/// `expenses.rate_source` is checked by comparisons, not by an `IN` list that SQLite turns into a
/// temporary index for every row written; the rule itself is the same, on new and older databases.
final class RateSourceCheckTests: TemporaryDatabaseTestCase {
    override class var engines: Engines { .fileOnly(because: "SQLite's own query plan and a file's older migrations") }

    private static let insert = """
        INSERT INTO expenses (date, category, amount_minor, currency, rate, rate_source, converted_minor, created_at, updated_at)
        VALUES ('2026-03-02', 'taxi', 100, 'EUR', ?, ?, ?, 'now', 'now')
        """

    func testWritingAnExpenseBuildsNoTemporaryIndex() throws {
        let db = try openDatabase()
        try Schema.migrator.migrate(db, now: "2026-03-01T08:00:00Z")
        let program = try db.query("EXPLAIN " + Self.insert, [.text("1"), .text("same"), .integer(100)]) { $0.string(1) }
        XCTAssertTrue(program.contains("Insert"), "EXPLAIN shows the INSERT's program")
        XCTAssertFalse(program.contains("OpenEphemeral"), "a CHECK builds a temporary index per row")
    }

    func testTheRuleIsTheSameAfterTheMigration() throws {
        let db = try database(migratedUpTo: "2026-12-04-v10-audit-chain")
        try db.execute(Self.insert, [.text("1"), .text("same"), .integer(100)])
        try Schema.migrator.migrate(db, now: "2026-03-02T08:00:00Z")
        XCTAssertEqual(
            try db.query("SELECT sql FROM sqlite_master WHERE name = 'expenses'") { $0.string(0) }.first?
                .contains(Schema.rateSourceCheckAsComparisons), true)
        XCTAssertEqual(try db.query("PRAGMA integrity_check") { $0.string(0) }, ["ok"])
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM expenses"), 1, "the rows stay")
        for source in ["manual", "table"] { try db.execute(Self.insert, [.text("1"), .text(source), .integer(100)]) }
        try db.execute(Self.insert, [.null, .null, .null])
        for source in ["Same", "same ", "", "other"] {
            assertDatabaseError(try db.execute(Self.insert, [.text("1"), .text(source), .integer(100)]), resultCode: SQLITE_CONSTRAINT)
        }
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM expenses"), 4)
    }

    func testAnUnknownDefinitionIsLeftAlone() throws {
        let db = try database(migratedUpTo: "2026-12-04-v10-audit-chain")
        try db.execute("PRAGMA writable_schema = ON")
        try db.execute("UPDATE sqlite_master SET sql = replace(sql, 'manual', 'by hand') WHERE name = 'expenses'")
        try db.execute("PRAGMA writable_schema = OFF")
        let before = try db.query("SELECT sql FROM sqlite_master WHERE name = 'expenses'") { $0.string(0) }
        XCTAssertThrowsError(try Schema.migrator.migrate(db, now: "2026-03-02T08:00:00Z"))
        XCTAssertEqual(try db.query("SELECT sql FROM sqlite_master WHERE name = 'expenses'") { $0.string(0) }, before)
    }
}
