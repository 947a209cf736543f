import ExpenseTestSupport
import Foundation
import XCTest

/// `report summary`: spending by category and month, as a chart and as JSON.
final class SummaryTests: EngineTestCase {
    var app: InProcessApp!

    override func setUpWithError() throws {
        app = try InProcessApp()
        try app.ok("report", "new", "March", "--currency", "EUR")
        try app.ok("expense", "add", "--report", "1", "--date", "2026-03-03", "--amount", "100", "--category", "lodging")
        try app.ok(
            "expense", "add", "--report", "1", "--date", "2026-03-04", "--amount", "50", "--currency", "CHF", "--rate", "1.05",
            "--category", "meals")
        try app.ok("expense", "add", "--report", "1", "--date", "2026-04-01", "--amount", "25", "--category", "meals")
        try app.ok("expense", "add", "--date", "2026-04-02", "--amount", "3000", "--currency", "JPY", "--category", "taxi")
        try app.ok("--user", "bob", "report", "new", "Not alice's")
        try app.ok("--user", "bob", "expense", "add", "--report", "2", "--date", "2026-03-03", "--amount", "999", "--category", "lodging")
    }

    override func tearDown() { app = nil }

    func testTotalsPerCurrencyByCategoryAndMonth() throws {
        let json = try XCTUnwrap(app.json("report", "summary") as? [String: Any])
        let blocks = try XCTUnwrap(json["currencies"] as? [[String: Any]])
        XCTAssertEqual(blocks.map { $0["currency"] as? String }, ["EUR", "JPY"])
        XCTAssertEqual(blocks[0]["total"] as? [String: String], ["amount": "177.50", "currency": "EUR"])  // 100 + 52.50 + 25
        let categories = try XCTUnwrap(blocks[0]["byCategory"] as? [[String: Any]])
        XCTAssertEqual(categories.map { $0["category"] as? String }, ["lodging", "meals"])
        XCTAssertEqual(categories[1]["amount"] as? [String: String], ["amount": "77.50", "currency": "EUR"])
        let months = try XCTUnwrap(blocks[0]["byMonth"] as? [[String: Any]])
        XCTAssertEqual(months.map { $0["month"] as? String }, ["2026-03", "2026-04"])
        XCTAssertEqual(blocks[1]["total"] as? [String: String], ["amount": "3000", "currency": "JPY"])
    }

    func testPeriodFilterAndChart() throws {
        let text = try app.ok("report", "summary", "--from", "2026-03-01", "--to", "2026-03-31")
        XCTAssertTrue(text.hasPrefix("Spending of alice, 2026-03-01 to 2026-03-31\n"), text)
        XCTAssertTrue(text.contains("  lodging  100.00  " + String(repeating: "█", count: 40) + "\n"), text)
        XCTAssertTrue(text.contains("  meals     52.50  " + String(repeating: "█", count: 21)), text)
        XCTAssertFalse(text.contains("JPY"), text)
        XCTAssertEqual(try app.run("report", "summary", "--from", "2026-04-01", "--to", "2026-03-01").status, 65)
    }
}

extension SummaryTests {
    /// Ten reports of 1,000 of the largest amount each: every report's total fits, their sum
    /// does not fit an Int64, which SQLite's sum() reported as SQL text (exit 70).
    func testSpendingBeyondTheLargestTotalIsBadDataNotSQLText() throws {
        try fileOnly(because: "rows written with SQL by the administrator, which the server refuses: only the owner changes items")
        _ = try app.query(
            """
            WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 9999)
            INSERT INTO reports (id, title, currency, status, owner, created_at, updated_at)
            SELECT 100 + i / 1000, 'Huge', 'EUR', 'draft', 'alice', 'now', 'now' FROM n WHERE i % 1000 = 0;
            WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 9999)
            INSERT INTO expenses (report_id, date, category, merchant, description, amount_minor, currency, rate, rate_source,
                                  converted_minor, paid_by, created_at, updated_at)
            SELECT 100 + i / 1000, '2025-06-01', 'lodging', '', '', 999999999999999, 'EUR', '1', 'same', 999999999999999,
                   'personal', 'now', 'now' FROM n;
            """)
        let result = try app.run("report", "summary")
        XCTAssertEqual(result.status, 65)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(
            result.stderr,
            """
            expenses: error: the spending in EUR on lodging in 2025-06 does not fit: the largest total handled is 9,999,999,999,999,999.99 EUR
            hint: choose a shorter period

            """)
        let march = try app.run("report", "summary", "--from", "2026-01-01")
        XCTAssertEqual(march.status, 0, march.stderr)
        let show = try app.run("report", "show", "100")
        XCTAssertEqual(show.status, 0, show.stderr)
    }
}
