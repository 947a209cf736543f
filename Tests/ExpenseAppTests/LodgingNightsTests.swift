import ExpenseTestSupport
import Foundation
import XCTest

/// `expense add --category lodging --nights N`: the daily limit applies per night.
final class LodgingNightsTests: EngineTestCase {
    var app: InProcessApp!

    override func setUpWithError() throws {
        app = try InProcessApp()
        try app.ok("report", "new", "Boston", "--from", "2026-03-02", "--to", "2026-03-08", "--currency", "EUR")
        _ = try app.query("UPDATE categories SET daily_limit = 30000 WHERE code = 'lodging'")
    }

    override func tearDown() { app = nil }

    private func dailyLimitFindings() throws -> [String] {
        let rows = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(try app.run("report", "check", "1", "--format", "json").stdout.utf8))
                as? [[String: Any]])
        return rows.compactMap { $0["key"] as? String }.filter { $0.hasPrefix("daily-limit") }.sorted()
    }

    func testABillForSeveralNightsIsHeldToTheLimitPerNight() throws {
        try app.ok("expense", "add", "--report", "1", "--date", "2026-03-02", "--amount", "900", "--category", "lodging", "--nights", "3")
        XCTAssertEqual(try dailyLimitFindings(), [], "900.00 for 3 nights is 300.00 a night: within 300.00")
        let item = try XCTUnwrap(try app.json("expense", "show", "1") as? [String: Any])
        XCTAssertEqual(item["nights"] as? Int, 3)
        try app.ok("expense", "add", "--report", "1", "--date", "2026-03-05", "--amount", "1000", "--category", "lodging", "--nights", "3")
        XCTAssertEqual(try dailyLimitFindings(), ["daily-limit:lodging:2026-03-05:2"])
        let text = try app.run("report", "check", "1").stdout
        XCTAssertTrue(text.contains("3 nights: 1,000.00 EUR is over the daily limit of 300.00 EUR a night"), text)
        // Without nights the same bill is one day's, as before.
        try app.ok("expense", "edit", "1", "--nights", "1")
        XCTAssertEqual(try dailyLimitFindings(), ["daily-limit:lodging:2026-03-02", "daily-limit:lodging:2026-03-05:2"])
    }

    func testNightsAreForLodgingAndAtLeastOne() throws {
        let meals = try app.run("expense", "add", "--report", "1", "--amount", "20", "--category", "meals", "--nights", "2")
        XCTAssertEqual(meals.status, 64, meals.stderr)
        let none = try app.run("expense", "add", "--report", "1", "--amount", "20", "--category", "lodging", "--nights", "0")
        XCTAssertEqual(none.status, 65, none.stderr)
        XCTAssertTrue(none.stderr.contains("hint: "), none.stderr)
        XCTAssertEqual(try app.query("SELECT count(*) FROM expenses"), "0")
    }
}
