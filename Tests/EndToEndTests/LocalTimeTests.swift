import ExpenseTestSupport
import Foundation
import XCTest

/// Where a person reads a time (a report's history and decision, the printable report, when a
/// receipt was captured, a statement imported or a quick action queued), it is their local date
/// and time; JSON and CSV keep the UTC stored (issue 31, point 7). With the binary, under
/// TZ=Europe/Berlin, on both engines.
final class LocalTimeTests: EngineTestCase {
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
        XCTAssertTrue(html.contains("<td class=\"date\">2026-03-10 10:00:00 CET</td>"), "the approval history in local time")
        XCTAssertTrue(html.contains("Generated 2026-03-10 10:00:00 CET"), "when it was made, in local time")
    }

    func testReceiptsImportsAndQueuedQuickActionsSayLocalTime() throws {
        let receipt = app.path("receipt.png")
        try FileManager.default.copyItem(atPath: ReceiptSamples.path("taxi-berlin-de.png"), toPath: receipt)
        try app.ok("receipt", "capture", receipt, "--no-ocr")
        try "Date,Merchant,Amount\n2026-03-02,Taxi,12.00\n".write(toFile: app.path("card.csv"), atomically: true, encoding: .utf8)
        try "date = Date\nmerchant = Merchant\namount = Amount\ndefault currency EUR\ndefault category taxi\n"
            .write(toFile: app.path("card.rules"), atomically: true, encoding: .utf8)
        try app.ok("import", app.path("card.csv"), "--rules", app.path("card.rules"))
        try app.ok("--shortcut", "com.sap.example.newReport", "Later", "--from", "2026-04-01", "--defer")
        for command in [["receipt", "list"], ["receipt", "show", "1"], ["import", "list"], ["shortcuts", "inbox"]] {
            let text = try app.run(command)
            XCTAssertEqual(text.status, 0, text.stderr)
            XCTAssertTrue(text.stdout.contains("2026-03-10 10:00:00 CET"), "\(command): \(text.stdout)")
            XCTAssertFalse(text.stdout.contains("T09:00:00Z"), "\(command): \(text.stdout)")
            XCTAssertTrue(try app.run(command + ["--format", "json"]).stdout.contains("\"2026-03-10T09:00:00Z\""), "\(command) JSON")
        }
        XCTAssertTrue(try app.ok("receipt", "list", "--format", "csv").contains(",2026-03-10T09:00:00Z,"))
        // An undone batch says when it was undone, where the user is, too.
        try app.ok("import", "undo", "1")
        XCTAssertEqual(try app.ok("import", "list").components(separatedBy: "2026-03-10 10:00:00 CET").count, 3)
        // Capturing it again says when it was captured first, where the user is.
        XCTAssertTrue(try app.ok("receipt", "capture", receipt, "--no-ocr").contains("(2026-03-10 10:00:00 CET, receipt.png)"))
    }
}
