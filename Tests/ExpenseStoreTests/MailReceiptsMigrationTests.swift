import CSQLite
import ExpenseCore
import ExpenseTestSupport
import XCTest

@testable import ExpenseStore

/// E-mail receipts (message/rfc822) are accepted by the receipts table of a database made before
/// them, once migrated, and of a new one; the rows stay and other types are still refused.
final class MailReceiptsMigrationTests: TemporaryDatabaseTestCase {
    override class var engines: Engines { .fileOnly(because: "a file's migration; a team database's: PostgresMailReceiptsTests") }

    private static let insert = """
        INSERT INTO receipts (sha256, media_type, size, source, captured_at, ocr_status)
        VALUES (?, ?, 10, 'file', 'now', 'skipped')
        """

    private func definition(_ db: Database) throws -> String {
        try db.query("SELECT sql FROM sqlite_master WHERE name = 'receipts'") { $0.string(0) }.first ?? ""
    }

    func testAnOlderDatabaseAcceptsMessagesOnceMigrated() throws {
        let db = try database(migratedUpTo: "2026-12-07-v13-mileage-nights-advances")
        // The list as the shipped versions wrote it, before message/rfc822.
        let old = ReceiptMediaType.allCases.filter { $0 != .message }.map { "'\($0.rawValue)'" }.joined(separator: ", ")
        try db.execute("PRAGMA writable_schema = ON")
        try db.execute(
            "UPDATE sqlite_master SET sql = replace(sql, ?, ?) WHERE name = 'receipts'",
            [.text(Schema.receiptMediaTypesList), .text(old)])
        try db.execute("PRAGMA writable_schema = OFF")
        let reopened = try openDatabase()
        XCTAssertFalse(try definition(reopened).contains("message/rfc822"))
        try reopened.execute(Self.insert, [.text(String(repeating: "a", count: 64)), .text("image/jpeg")])
        assertDatabaseError(
            try reopened.execute(Self.insert, [.text(String(repeating: "b", count: 64)), .text("message/rfc822")]),
            resultCode: SQLITE_CONSTRAINT)

        try Schema.migrator.migrate(reopened, now: "2026-12-08T08:00:00Z")
        XCTAssertTrue(try definition(reopened).contains("'message/rfc822'"))
        XCTAssertEqual(try reopened.query("PRAGMA integrity_check") { $0.string(0) }, ["ok"])
        try reopened.execute(Self.insert, [.text(String(repeating: "b", count: 64)), .text("message/rfc822")])
        assertDatabaseError(
            try reopened.execute(Self.insert, [.text(String(repeating: "c", count: 64)), .text("text/html")]),
            resultCode: SQLITE_CONSTRAINT)
        XCTAssertEqual(try reopened.scalar("SELECT count(*) FROM receipts"), 2, "the rows stay")
    }

    func testANewDatabaseHasTheListOnce() throws {
        let db = try openDatabase()
        try Schema.migrator.migrate(db, now: "2026-12-08T08:00:00Z")
        XCTAssertEqual(try definition(db).ranges(of: "'message/rfc822'").count, 1)
        try db.execute(Self.insert, [.text(String(repeating: "d", count: 64)), .text("message/rfc822")])
    }
}
