import CSQLite
import ExpenseCore
import ExpenseTestSupport
import Foundation
import XCTest

@testable import ExpenseStore
@testable import ExpenseSupport

extension StoreTests {
    // MARK: - SQL-level checks

    func insertReportSQL(
        status: String = "draft", start: String? = nil, end: String? = nil,
        currency: String = "EUR", title: String = "t", owner: String = "ana"
    ) throws {
        try store.db.execute(
            """
            INSERT INTO reports (title, start_date, end_date, currency, status, owner, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, 'now', 'now')
            """, [.text(title), DatabaseValue(start), DatabaseValue(end), .text(currency), .text(status), .text(owner)])
    }

    func insertExpenseSQL(
        amount: Int64 = 100, date: String = "2026-03-03", currency: String = "EUR",
        paidBy: String = "personal", category: String = "meals"
    ) throws {
        try store.db.execute(
            """
            INSERT INTO expenses (date, category, amount_minor, currency, paid_by, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, 'now', 'now')
            """, [.text(date), .text(category), .integer(amount), .text(currency), .text(paidBy)])
    }

    func testTheSchemaRefusesBadReportsEvenWithoutTheApp() throws {
        try fileOnly(
            because:
                "SQLite's own catalog, result codes, triggers set aside in bulk, settings and functions; a file's directory; a second connection to the same file"
        )
        try insertReportSQL()  // the baseline passes
        let checkFailed = SQLITE_CONSTRAINT_CHECK
        XCTAssertEqual(
            assertDatabaseError(try insertReportSQL(status: "pending"), resultCode: SQLITE_CONSTRAINT)?.extendedResultCode, checkFailed)
        XCTAssertEqual(
            assertDatabaseError(try insertReportSQL(start: "2026-03-06", end: "2026-03-05"), resultCode: SQLITE_CONSTRAINT)?
                .extendedResultCode, checkFailed)
        XCTAssertEqual(
            assertDatabaseError(try insertReportSQL(start: "2 March 2026"), resultCode: SQLITE_CONSTRAINT)?.extendedResultCode, checkFailed)
        XCTAssertEqual(
            assertDatabaseError(try insertReportSQL(currency: "eur"), resultCode: SQLITE_CONSTRAINT)?.extendedResultCode, checkFailed)
        XCTAssertEqual(
            assertDatabaseError(try insertReportSQL(title: "   "), resultCode: SQLITE_CONSTRAINT)?.extendedResultCode, checkFailed)
        XCTAssertEqual(assertDatabaseError(try insertReportSQL(owner: ""), resultCode: SQLITE_CONSTRAINT)?.extendedResultCode, checkFailed)
        XCTAssertEqual(try store.reportCount(), 1)
        // A status change to something unknown is refused too.
        assertDatabaseError(try store.db.execute("UPDATE reports SET status = 'lost'"), resultCode: SQLITE_CONSTRAINT)
    }

    func testTheSchemaRefusesBadExpensesEvenWithoutTheApp() throws {
        try fileOnly(
            because:
                "SQLite's own catalog, result codes, triggers set aside in bulk, settings and functions; a file's directory; a second connection to the same file"
        )
        try insertExpenseSQL()
        let checkFailed = SQLITE_CONSTRAINT_CHECK
        XCTAssertEqual(assertDatabaseError(try insertExpenseSQL(amount: 0), resultCode: SQLITE_CONSTRAINT)?.extendedResultCode, checkFailed)
        XCTAssertEqual(
            assertDatabaseError(try insertExpenseSQL(date: "2026-3-3"), resultCode: SQLITE_CONSTRAINT)?.extendedResultCode, checkFailed)
        XCTAssertEqual(
            assertDatabaseError(try insertExpenseSQL(date: "03/03/2026"), resultCode: SQLITE_CONSTRAINT)?.extendedResultCode, checkFailed)
        XCTAssertEqual(
            assertDatabaseError(try insertExpenseSQL(currency: "EURO"), resultCode: SQLITE_CONSTRAINT)?.extendedResultCode, checkFailed)
        XCTAssertEqual(
            assertDatabaseError(try insertExpenseSQL(paidBy: "boss"), resultCode: SQLITE_CONSTRAINT)?.extendedResultCode, checkFailed)
        XCTAssertEqual(
            assertDatabaseError(try insertExpenseSQL(category: "yacht"), resultCode: SQLITE_CONSTRAINT)?.extendedResultCode,
            SQLITE_CONSTRAINT_FOREIGNKEY)
        XCTAssertEqual(try store.db.scalar("SELECT count(*) FROM expenses"), 1)
    }

    func testTheSchemaRefusesADayThatDoesNotExist() throws {
        try fileOnly(
            because:
                "SQL on the tables as a member, which a team database refuses whole (permission denied): members write only through the server's functions (PostgresServerAttackTests tries each table as each role)"
        )
        // SQLite 3.40's date('2026-02-30') is '2026-02-30'; the schema's check must still refuse it.
        assertDatabaseError(try insertReportSQL(start: "2026-02-30"), resultCode: SQLITE_CONSTRAINT)
        assertDatabaseError(try insertExpenseSQL(date: "2026-02-30"), resultCode: SQLITE_CONSTRAINT)
    }

    func testAReportWithItemsCannotBeDeletedBehindTheStoresBack() throws {
        try fileOnly(
            because:
                "SQL on the tables as a member, which a team database refuses whole (permission denied): members write only through the server's functions (PostgresServerAttackTests tries each table as each role)"
        )
        let report = try newReport()
        _ = try newExpense("1.00", in: report)
        assertDatabaseError(try store.db.execute("DELETE FROM reports WHERE id = ?", [.integer(report.id)]), resultCode: SQLITE_CONSTRAINT)
        XCTAssertEqual(try counts(report).items, 1)
    }

    func testACurrencyNoLongerInTheTableStillReads() throws {
        try fileOnly(
            because:
                "SQL on the tables as a member, which a team database refuses whole (permission denied): members write only through the server's functions (PostgresServerAttackTests tries each table as each role)"
        )
        try insertReportSQL(currency: "XYZ")
        let report = try XCTUnwrap(try store.reports(limit: nil).first)
        XCTAssertEqual(report.currency.code, "XYZ")
        XCTAssertEqual(report.currency.minorDigits, 2)
    }
}
