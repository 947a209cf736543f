import ExpenseTestSupport
import Foundation
import XCTest

/// Where a person reads a time (a report's history and decision, the printable report), it is
/// their local date and time; JSON keeps the UTC stored (issue 31, point 7). With the binary,
/// under TZ=Europe/Berlin, on both engines.
final class LocalTimeTests: XCTestCase {
    var app: ExpensesProcess!

    override func setUpWithError() throws {
        app = try ExpensesProcess()
        app.environment["TZ"] = "Europe/Berlin"  // EXPENSES_NOW is 2026-03-10T09:00:00Z: 10:00 in Berlin
        try app.ok("report", "new", "Berlin", "--from", "2026-03-02", "--to", "2026-03-03")
        try app.ok("expense", "add", "--report", "1", "--date", "2026-03-02", "--amount", "12", "--category", "taxi")
        try app.ok("report", "submit", "1")
    }

    override func tearDown() { app = nil }

    func testHistoryAndTheReportSayLocalTimeAndJSONKeepsUTC() throws {
        let history = try app.ok("report", "history", "1")
        XCTAssertTrue(history.contains("2026-03-10 10:00:00 CET"), history)
        XCTAssertFalse(history.contains("T09:00:00Z"), history)
        let json = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(app.ok("report", "history", "1", "--format", "json").utf8)) as? [[String: Any]])
        XCTAssertEqual(json.first?["at"] as? String, "2026-03-10T09:00:00Z")
        try app.ok("report", "export", "1", "--format", "html", "-o", app.path("trip.html"))
        let html = try String(contentsOfFile: app.path("trip.html"), encoding: .utf8)
        XCTAssertTrue(html.contains("<td>2026-03-10 10:00:00 CET</td>"), "the approval history in local time")
        XCTAssertTrue(html.contains("Generated 2026-03-10 10:00:00 CET"), "when it was made, in local time")
    }
}
