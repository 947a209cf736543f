import ExpenseTestSupport
import Foundation
import XCTest

/// An ECB rate converts a day only when it is at most `rates.max-age-days` (7) older than it: a
/// March rate does not silently convert a December expense, in `expense add`, `expense edit`,
/// advances and statement imports alike.
final class StaleRateTests: EngineTestCase {
    var app: InProcessApp!

    override func setUpWithError() throws {
        app = try InProcessApp()
        let rates = app.path("eurofxref-hist.csv")
        try FileManager.default.copyItem(atPath: Fixtures.imports.appendingPathComponent("eurofxref-hist.csv").path, toPath: rates)
        try app.ok("rates", "import", rates)  // 2026-02-27 to 2026-03-06
        try app.ok("report", "new", "Basel", "--currency", "CHF")
    }

    override func tearDown() { app = nil }

    private func add(_ date: String, _ extra: String...) throws -> InProcessApp.Result {
        try app.run(
            ["expense", "add", "--report", "1", "--date", date, "--amount", "10", "--currency", "EUR", "--category", "taxi"] + extra)
    }

    func testARateMoreThanAWeekOlderThanTheDayIsRefusedAndARateGivenIsTaken() throws {
        XCTAssertEqual(try add("2026-03-13").status, 0, "a week after the last rate: still converted")
        let december = try add("2026-12-03")
        XCTAssertEqual(december.status, 65, december.stderr)
        XCTAssertTrue(
            december.stderr.hasPrefix(
                "expenses: error: the latest exchange rate from EUR to CHF for 2026-12-03 is of 2026-03-06, more than 7 days older\n"),
            december.stderr)
        XCTAssertTrue(december.stderr.contains("hint: load newer rates (expenses rates import"), december.stderr)
        XCTAssertTrue(december.stderr.contains("--rate"), december.stderr)
        XCTAssertEqual(try app.query("SELECT count(*) FROM expenses"), "1", "nothing written")
        XCTAssertEqual(try add("2026-12-03", "--rate", "0.95").status, 0)
        // Moving an item's day away from its rates is refused the same way.
        let edit = try app.run("expense", "edit", "1", "--date", "2026-12-01")
        XCTAssertEqual(edit.status, 65, edit.stderr)
        // An advance is converted like an item.
        let advance = try app.run("report", "advance", "1", "--amount", "100", "--currency", "EUR", "--date", "2026-12-01")
        XCTAssertEqual(advance.status, 65, advance.stderr)
    }

    func testTheAgeIsASetting() throws {
        try app.ok("config", "set", "rates.max-age-days", "400")
        XCTAssertEqual(try add("2026-12-03").status, 0)
        try app.ok("config", "set", "rates.max-age-days", "0")
        XCTAssertEqual(try add("2026-03-07").status, 65, "a Saturday's rate is Friday's, one day older")
        let bad = try app.run("config", "set", "rates.max-age-days", "-1")
        XCTAssertEqual(bad.status, 65, bad.stderr)
    }

    func testAnImportRowWithAStaleRateIsAnInvalidRowAtItsLine() throws {
        let rules = app.path("amex.rules")
        try FileManager.default.copyItem(atPath: Fixtures.imports.appendingPathComponent("amex.rules").path, toPath: rules)
        let csv = app.path("late.csv")
        try "Date,Description,Amount,Currency,Reference\n03/05/2026,TAXI,12.00,EUR,X1\n12/01/2026,SUSHI,12.00,EUR,X2\n".write(
            toFile: csv, atomically: true, encoding: .utf8)
        let result = try app.run("import", csv, "--rules", rules, "--report", "1")
        XCTAssertEqual(result.status, 65, result.stderr)
        XCTAssertTrue(
            result.stderr.hasPrefix(
                "\(csv):3: currency: the latest exchange rate from EUR to CHF for 2026-12-01 is of 2026-03-06, more than 7 days older"),
            result.stderr)
        XCTAssertEqual(try app.query("SELECT count(*) FROM expenses"), "0", "the import writes nothing unless told to skip invalid rows")
        let skipping = try app.run("import", csv, "--rules", rules, "--report", "1", "--skip-invalid", "--rejects", app.path("rejects.csv"))
        XCTAssertEqual(skipping.status, 0, skipping.stderr)
        XCTAssertEqual(try app.query("SELECT count(*) FROM expenses"), "1", "the row with a fresh rate is imported")
    }
}
