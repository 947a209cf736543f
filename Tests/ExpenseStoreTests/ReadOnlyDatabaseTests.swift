import ExpenseCore
import ExpenseTestSupport
import Foundation
import XCTest

@testable import ExpenseStore
@testable import ExpenseSupport

/// A database this process may read but not write. Opened `.readOnly` explicitly here, so the
/// tests hold as root too (root ignores file modes; SQLite's read-only flag it does not).
final class ReadOnlyDatabaseTests: TemporaryDatabaseTestCase {
    override class var engines: Engines { .fileOnly(because: "a file this process may read but not write") }

    private let eur = CurrencyTable.standard.currency("EUR")!

    /// A current expenses database with one report, then closed.
    private func makeDatabase(_ name: String = "test.sqlite") throws -> String {
        let store = try Store(path: path(name), now: { "2026-03-10T09:00:00Z" })
        _ = try store.write { try store.insertReport(Report(id: 0, title: "Trip", currency: eur, owner: "alice")) }
        return path(name)
    }

    func testAReadOnlyConnectionReadsAndEveryWriteFailsAsReadOnly() throws {
        let file = try makeDatabase()
        let db = try SQLiteDatabase(path: file, access: .readOnly)
        XCTAssertTrue(db.isReadOnly)
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM reports"), 1)
        let error = assertDatabaseError(try db.execute("DELETE FROM reports"), resultCode: 8)  // SQLITE_READONLY
        XCTAssertEqual(error?.kind, .readOnly, "exit 73, not an I/O error")
        XCTAssertFalse(try openDatabase().isReadOnly)
    }

    func testAReadOnlyStoreReadsAndRefusesWritesBeforeTheyStart() throws {
        let file = try makeDatabase()
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        let store = try Store(path: file, now: { "2026-03-11T09:00:00Z" }, access: .readOnly)
        XCTAssertTrue(store.isReadOnly)
        XCTAssertEqual(try store.reports(limit: nil).map(\.title), ["Trip"])
        var ran = false
        let error = assertExpenseError(
            try store.write { ran = true }, kind: .cannotCreate,
            messageContains: "the database \(file) is read-only: nothing was written")
        XCTAssertEqual(error?.hint, "reading it works; to change it, make the file writable, or work on a copy")
        XCTAssertFalse(ran)
        assertExpenseError(try store.requireWritable(), kind: .cannotCreate)
        assertExpenseError(try store.beginScript(), kind: .cannotCreate)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: file)), before)
    }

    func testAReadOnlyDatabaseOfAnOlderSchemaIsRefusedNotMigrated() throws {
        let file = try makeDatabase()
        let last = try XCTUnwrap(Schema.migrator.migrations.last?.id)
        try SQLiteDatabase(path: file).execute("DELETE FROM schema_migrations WHERE id = ?", [.text(last)])
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        assertExpenseError(
            try Store(path: file, now: { "" }, access: .readOnly), kind: .cannotCreate,
            messageContains: "is read-only, and this version of expenses must update its schema first")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: file)), before)
    }

    func testTheImmutableURIKeepsEveryByteOfThePath() throws {
        XCTAssertEqual(
            SQLiteDatabase.immutableURI("/tmp/a b/x?y#z%é.sqlite"),
            "file:/tmp/a%20b/x%3Fy%23z%25%C3%A9.sqlite?mode=ro&immutable=1")
        // (The locked directory's end-to-end test opens a database through it, as nobody.)
    }
}
