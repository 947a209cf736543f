import ExpenseCore
import ExpenseSupport
import ExpenseTestSupport
import XCTest

@testable import ExpenseStore

/// `SQL`: every interpolated value is bound, never spliced into the text; a fragment of SQL is
/// spliced with its own values, in order; and what is bound reaches the database as it was.
final class SQLTests: TemporaryDatabaseTestCase {
    override class var engines: Engines { .once(because: "the statement's text and values, on a file of its own") }

    func testAnInterpolatedValueIsAPlaceholderAndItsValue() {
        let id: Int64 = 7
        let name = "O'Brien'); DROP TABLE reports; --"
        let sql: SQL = "SELECT id FROM reports WHERE id = \(id) AND owner = \(name)"
        XCTAssertEqual(sql.text, "SELECT id FROM reports WHERE id = ? AND owner = ?")
        XCTAssertEqual(sql.arguments, [.integer(7), .text(name)])
    }

    func testAFragmentIsSplicedWithItsValuesInOrder() {
        let columns: SQL = "id, title"
        let condition: SQL = "status = \("draft")"
        let sql: SQL = "SELECT \(columns) FROM reports WHERE owner = \("alice") AND \(condition) AND id > \(Int64(3))"
        XCTAssertEqual(sql.text, "SELECT id, title FROM reports WHERE owner = ? AND status = ? AND id > ?")
        XCTAssertEqual(sql.arguments, [.text("alice"), .text("draft"), .integer(3)])
    }

    func testOptionalsBindNullAndDomainValuesBindAsStored() throws {
        let none: String? = nil
        let day = try CalendarDate.parse("2026-03-01")
        let euro = try XCTUnwrap(CurrencyTable.standard.currency("EUR"))
        let sql: SQL = "VALUES (\(none), \(day), \(euro), \(true), \([UInt8]([0, 1])))"
        XCTAssertEqual(sql.text, "VALUES (?, ?, ?, ?, ?)")
        XCTAssertEqual(sql.arguments, [.null, .text("2026-03-01"), .text("EUR"), .integer(1), .blob([0, 1])])
    }

    func testAListBindsEachValue() {
        let ids: [Int64] = [1, 2, 3]
        let sql: SQL = "DELETE FROM expenses WHERE id IN (\(list: ids))"
        XCTAssertEqual(sql.text, "DELETE FROM expenses WHERE id IN (?, ?, ?)")
        XCTAssertEqual(sql.arguments, [.integer(1), .integer(2), .integer(3)])
    }

    func testJoinedKeepsEachPartsValues() {
        let parts: [SQL] = ["a = \(Int64(1))", "b = \("x")"]
        let sql = SQL.joined(parts, separator: " AND ")
        XCTAssertEqual(sql.text, "a = ? AND b = ?")
        XCTAssertEqual(sql.arguments, [.integer(1), .text("x")])
    }

    /// What a hostile value does in the database: nothing but be stored, byte for byte.
    func testABoundValueReachesTheDatabaseAsItWas() throws {
        let db = try openDatabase()
        try db.execute("CREATE TABLE things (id INTEGER PRIMARY KEY, name TEXT)" as SQL)
        let hostile = "x'); DROP TABLE things; --\r\ne\u{301}"
        let id = try db.insert("INSERT INTO things (name) VALUES (\(hostile))")
        let stored = try db.queryFirst("SELECT name FROM things WHERE id = \(id)") { $0.string(0) }
        XCTAssertEqual(stored.map { Array($0.utf8) }, Array(hostile.utf8))
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM things" as SQL), 1)
    }
}
