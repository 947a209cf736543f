import ExpenseTestSupport
import Foundation
import XCTest

/// The checks of `WorkflowSurpriseTests` that need no process of their own: run in this one, fast.
extension WorkflowSurpriseTests {

    /// Without a terminal (a script, a launcher's background action) it stays today, with a warning.
    func testAnExpenseAddedAfterTheTripIsWarnedOfWithoutATerminal() throws {
        let result = try app.run("--shortcut", "com.sap.example.addExpense", "--amount", "23.40", "--category", "taxi")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            result.stderr,
            "expenses: warning: expense 1 is dated today, 2026-03-10, outside report 1's trip "
                + "(2026-03-02 to 2026-03-06); if it is not today's, 'expenses expense edit 1 --date YYYY-MM-DD'\n")
        XCTAssertEqual(try app.query("SELECT date FROM expenses"), "2026-03-10")
        // Within the trip, or with --date, nothing is said.
        let dated = try app.run("expense", "add", "--report", "1", "--date", "2026-03-10", "--amount", "5", "--category", "taxi")
        XCTAssertEqual(dated.stderr, "")
        app.environment["EXPENSES_NOW"] = "2026-03-04T09:00:00Z"
        XCTAssertEqual(try app.run("expense", "add", "--report", "1", "--amount", "5", "--category", "taxi").stderr, "")
    }

    /// A receipt whose OCR total is not the expense's amount is attached, with a warning.
    func testAReceiptWhoseTotalDiffersIsAttachedWithAWarning() throws {
        guard ReceiptSamples.tesseractInstalled else { throw MissingTool("tesseract is missing: Scripts/bootstrap installs it") }
        try app.ok("receipt", "capture", ReceiptSamples.path("hotel-walldorf-de.jpg"))  // reads 1,234.56 EUR
        try app.ok("expense", "add", "--report", "1", "--date", "2026-03-05", "--amount", "412.80", "--category", "lodging")
        try app.ok("expense", "add", "--report", "1", "--date", "2026-03-05", "--amount", "1234.56", "--category", "lodging")
        let wrong = try app.run("receipt", "attach", "1", "--expense", "1")
        XCTAssertEqual(wrong.status, 0, wrong.stderr)
        XCTAssertEqual(
            wrong.stderr,
            "expenses: warning: receipt 1 reads a total of 1,234.56 EUR, but expense 1 is 412.80 EUR: "
                + "is it the right receipt? (change the amount with 'expenses expense edit 1 --amount ...')\n")
        XCTAssertEqual(try app.query("SELECT count(*) FROM expense_receipts"), "1")
        let right = try app.run("receipt", "attach", "1", "--expense", "2")
        XCTAssertFalse(right.stderr.contains("reads a total"), right.stderr)
        // Capturing straight onto an expense says the same.
        try app.ok("expense", "add", "--report", "1", "--date", "2026-03-05", "--amount", "99.00", "--category", "lodging")
        let captured = try app.run("receipt", "capture", ReceiptSamples.path("hotel-walldorf-de.jpg"), "--expense", "3")
        XCTAssertTrue(captured.stderr.contains("but expense 3 is 99.00 EUR"), captured.stderr)
    }

    /// "Open <trip>" turned off and on again follows the trip worked on meanwhile, as "Add expense to" did.
    func testTheTripItemsAgreeAfterOneWasOffAndOnAgain() throws {
        func items() throws -> [String: String] {
            let all = try XCTUnwrap(app.json("shortcuts", "list", "--all") as? [[String: Any]])
            return Dictionary(
                uniqueKeysWithValues: all.compactMap { item in
                    (item["type"] as? String).map { ($0, item["title"] as? String ?? "") }
                })
        }
        try app.ok("expense", "add", "--report", "1", "--date", "2026-03-03", "--amount", "5", "--category", "taxi")
        XCTAssertEqual(try items()["com.sap.example.openReport"], "Open Munich")
        try app.ok("shortcuts", "disable", "com.sap.example.openReport")
        try app.ok("report", "new", "Tokyo", "--from", "2026-04-01", "--to", "2026-04-05")
        try app.ok("expense", "add", "--report", "2", "--date", "2026-04-02", "--amount", "5", "--category", "taxi")
        XCTAssertEqual(try items()["com.sap.example.addExpenseToReport"], "Add expense to Tokyo")
        XCTAssertEqual(try items()["com.sap.example.openReport"], "Open Munich", "a disabled item is left alone")
        let enabled = try XCTUnwrap(app.json("shortcuts", "enable", "com.sap.example.openReport") as? [String: Any])
        XCTAssertTrue("\(enabled)".contains("Open Tokyo"), "what enable prints is what it saved: \(enabled)")
        XCTAssertEqual(try items()["com.sap.example.openReport"], "Open Tokyo")
        let opened = try app.run("--shortcut", "com.sap.example.openReport")
        XCTAssertTrue(opened.stdout.contains("Report 2: Tokyo"), opened.stdout)
    }
}
