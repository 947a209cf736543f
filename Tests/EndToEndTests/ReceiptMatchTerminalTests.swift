import ExpenseTestSupport
import Foundation
import XCTest

/// Issue 30 at a terminal, typed through a real pseudo-terminal: the takePhoto quick action
/// offers the card line a photo matches before it makes a second expense, and the REPL asks which
/// of two equally likely items a receipt is, best first.
final class ReceiptMatchTerminalTests: EngineTestCase {
    var app: ExpensesProcess!

    override func setUpWithError() throws {
        guard ReceiptSamples.tesseractInstalled else { throw MissingTool("tesseract is missing: Scripts/bootstrap installs it") }
        app = try ExpensesProcess()
        app.useTerminal()
        try app.ok("report", "new", "Zurich and Munich", "--from", "2026-03-02", "--to", "2026-03-09", "--currency", "EUR")
    }

    override func tearDown() { app = nil }

    func testTakePhotoOffersTheCardLineItMatchesBeforeMakingASecondExpense() throws {
        try app.ok(
            "expense", "add", "--report", "1", "--date", "2026-03-05", "--amount", "49.50", "--currency", "CHF", "--rate", "1.0412",
            "--category", "taxi", "--merchant", "TAXI ZENTRALE ZUERICH", "--paid-by", "company")
        let result = try app.terminal(
            arguments: ["--shortcut", "com.sap.example.takePhoto"],
            steps: [
                ["expect": "  Receipt file (a photo or a PDF): "], ["send": ReceiptSamples.path("taxi-zurich-ch.png") + "\r"],
                ["expect": "This looks like expense 1 (TAXI ZENTRALE ZUERICH, 49.50 CHF, 2026-03-05) — attach it there?"],
                ["expect": "(same amount, 1 day later, merchant alike)"],
                ["expect": "  Attach it there (yes/no) [yes]: "], ["send": "\r"],
                ["expect": "Attached to expense 1, TAXI ZENTRALE ZUERICH 49.50 CHF, 2026-03-05: same amount, 1 day later, merchant alike"],
                ["expect": "expenses:report 1> "], ["send": "quit\r"],
            ])
        XCTAssertEqual(result.status, 0, result.stdout)
        XCTAssertFalse(result.stdout.contains("Create an expense from it"), result.stdout)
        XCTAssertEqual(try app.query("SELECT count(*) FROM expenses"), "1")
        XCTAssertEqual(try app.query("SELECT expense_id || ':' || receipt_id FROM expense_receipts"), "1:1")
    }

    func testTheReplAsksWhichOfTwoLikelyItemsAReceiptIs() throws {
        for shop in ["SHOP ONE", "SHOP TWO"] {
            try app.ok(
                "expense", "add", "--report", "1", "--date", "2026-03-08", "--amount", "7.40", "--category", "other", "--merchant", shop)
        }
        let result = try app.terminal(
            arguments: [],
            steps: [
                ["expect": "expenses> "], ["send": "receipt capture \(ReceiptSamples.path("kiosk-munich-de.jpg"))\r"],
                ["expect": "This receipt looks like more than one expense:"],
                ["expect": "  1  expense 1, SHOP ONE 7.40 EUR, 2026-03-08: same amount, same day"],
                ["expect": "  2  expense 2, SHOP TWO 7.40 EUR, 2026-03-08: same amount, same day"],
                ["expect": "  Which is it (1-2, or none) [1]: "], ["send": "2\r"],
                ["expect": "Attached to expense 2, SHOP TWO 7.40 EUR, 2026-03-08: same amount, same day"],
                ["expect": "expenses> "], ["send": "quit\r"],
            ])
        XCTAssertEqual(result.status, 0, result.stdout)
        XCTAssertEqual(try app.query("SELECT expense_id || ':' || receipt_id FROM expense_receipts"), "2:1")
    }
}
