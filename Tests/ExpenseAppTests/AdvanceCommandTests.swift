import ExpenseTestSupport
import Foundation
import XCTest

/// `report advance`: cash paid to the traveller, netted against what they are owed.
final class AdvanceCommandTests: EngineTestCase {
    var app: InProcessApp!

    override func setUpWithError() throws {
        app = try InProcessApp()
        try app.ok("report", "new", "Walldorf", "--from", "2026-03-02", "--to", "2026-03-06", "--currency", "EUR")
        try app.ok("expense", "add", "--report", "1", "--date", "2026-03-02", "--amount", "350", "--category", "lodging")
        try app.ok(
            "expense", "add", "--report", "1", "--date", "2026-03-03", "--amount", "40", "--category", "meals", "--paid-by", "company")
    }

    override func tearDown() { app = nil }

    private func totals() throws -> [String: String] {
        let show = try XCTUnwrap(try app.json("report", "show", "1") as? [String: Any])
        let totals = try XCTUnwrap(show["totals"] as? [String: Any])
        return totals.compactMapValues { ($0 as? [String: Any])?["amount"] as? String }
    }

    // What is due before advances: 350.00 lodging paid personally and 112.00 per diems (a five-day
    // trip in Germany: 14.00 + 3 × 28.00 + 14.00); the meals were paid by the company.
    func testAdvancesAreNettedAndMayLeaveMoneyDueBackToTheCompany() throws {
        XCTAssertEqual(
            try app.ok("report", "advance", "1", "--amount", "500", "--date", "2026-03-01"),
            "Recorded advance 1 to report 1: 500.00 EUR\n")
        XCTAssertEqual(try totals()["dueToEmployee"], "-38.00")
        XCTAssertEqual(try totals()["dueToCompany"], "38.00")
        XCTAssertEqual(try totals()["advances"], "500.00")
        let text = try app.ok("report", "show", "1")
        XCTAssertTrue(text.contains("#1  2026-03-01  500.00 EUR"), text)
        let due = text.split(separator: "\n").first { $0.hasPrefix("Due back to the company:") }
        XCTAssertEqual(due?.hasSuffix(" 38.00 EUR"), true, text)
        let show = try XCTUnwrap(try app.json("report", "show", "1") as? [String: Any])
        XCTAssertEqual((show["advances"] as? [[String: Any]])?.count, 1)
        // In the report's history.
        XCTAssertTrue(try app.ok("report", "history", "1").contains("advance 1 added"))
        // Removed by its id, and logged too.
        try app.ok("report", "advance", "1", "--remove", "1")
        XCTAssertEqual(try totals()["dueToEmployee"], "462.00")
        XCTAssertTrue(try app.ok("report", "history", "1").contains("advance 1 removed"))
        XCTAssertEqual(try app.run("report", "advance", "1", "--remove", "1").status, 66, "gone already")
    }

    func testAnAdvanceInAnotherCurrencyIsConvertedLikeAnItem() throws {
        try app.ok("report", "advance", "1", "--amount", "200", "--currency", "USD", "--rate", "0.92", "--date", "2026-03-01")
        XCTAssertEqual(try totals()["advances"], "184.00")
        XCTAssertEqual(try totals()["dueToEmployee"], "278.00")
        let list = try XCTUnwrap(try app.json("report", "advance", "1") as? [[String: Any]])
        XCTAssertEqual(list.first?["id"] as? Int, 1)
        // Without a rate and no ECB rates loaded it is refused, and nothing is written.
        let noRate = try app.run("report", "advance", "1", "--amount", "100", "--currency", "GBP", "--date", "2026-03-01")
        XCTAssertEqual(noRate.status, 65, noRate.stderr)
        XCTAssertTrue(noRate.stderr.contains("hint: "), noRate.stderr)
    }

    func testOnlyADraftsAdvancesChange() throws {
        try app.ok("expense", "edit", "1", "--amount", "20")
        _ = try app.query("UPDATE categories SET receipt_required_above = NULL")
        try app.ok("report", "advance", "1", "--amount", "100")
        try app.ok("report", "submit", "1")
        let add = try app.run("report", "advance", "1", "--amount", "50")
        XCTAssertNotEqual(add.status, 0)
        XCTAssertTrue(add.stderr.contains("submitted"), add.stderr)
        let remove = try app.run("report", "advance", "1", "--remove", "1")
        XCTAssertNotEqual(remove.status, 0)
        XCTAssertEqual(try app.query("SELECT count(*) FROM report_advances"), "1")
    }

    func testBadAdvancesAreRefused() throws {
        XCTAssertEqual(try app.run("report", "advance", "1", "--amount", "0").status, 65)
        XCTAssertEqual(try app.run("report", "advance", "1", "--amount=-5").status, 65)
        XCTAssertEqual(try app.run("report", "advance", "1", "--amount", "5", "--remove", "1").status, 64)
        XCTAssertEqual(try app.run("report", "advance", "1", "--date", "2026-03-01").status, 64)
        let unknown = try app.run("report", "advance", "1", "--remove", "9")
        XCTAssertEqual(unknown.status, 66)
        XCTAssertTrue(unknown.stderr.contains("no advance 9"), unknown.stderr)
        XCTAssertEqual(try app.query("SELECT count(*) FROM report_advances"), "0")
    }

    func testThePrintableReportListsTheAdvancesBeforeTheTotals() throws {
        try app.ok("report", "advance", "1", "--amount", "500", "--date", "2026-03-01")
        let html = try app.ok("report", "export", "1", "--format", "html")
        let advances = try XCTUnwrap(html.range(of: "<h2>Advances</h2>"), html)
        let totals = try XCTUnwrap(html.range(of: "<h2>Totals</h2>"))
        XCTAssertLessThan(advances.lowerBound, totals.lowerBound)
        XCTAssertTrue(html.contains("<tr><td>1</td><td>2026-03-01</td><td class=\"num\">500.00 EUR</td>"), html)
        XCTAssertTrue(html.contains("<tr><th>Due back to the company</th><td class=\"num\">38.00 EUR</td></tr>"), html)
        let json = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(try app.ok("report", "export", "1", "--format", "json").utf8)) as? [String: Any])
        XCTAssertEqual((json["advances"] as? [[String: Any]])?.count, 1)
    }
}
