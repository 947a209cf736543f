import ExpenseTestSupport
import Foundation
import XCTest

/// The checks of `ReceiptOCRTests` that need the built binary as a process of its own.
extension ReceiptOCRTests {

    /// At the REPL, --create shows the draft and asks; a typed change is taken before yes.
    func testTheREPLAsksBeforeCreating() throws {
        try app.ok("report", "new", "Paris")
        app.useTerminal()
        let steps: [[String: String]] = [
            ["expect": "expenses> "], ["send": "open report 1\r"], ["expect": "expenses:report 1> "],
            ["send": "receipt capture \(ReceiptSamples.path("restaurant-paris-fr.jpg")) --create\r"],
            ["expect": "Category: meals"], ["expect": "Create it?"],
            ["send": "merchant Brasserie du Marche\r"], ["expect": "Create it?"],
            ["send": "y\r"], ["expect": "Created expense 1 in report 1: 53.00 EUR meals, Brasserie du Marche"],
            ["expect": "expenses:report 1> "],
            ["send": "receipt capture \(ReceiptSamples.path("taxi-berlin-de.png")) --create\r"], ["expect": "Create it?"],
            ["send": "n\r"], ["expect": "No expense was created"], ["expect": "expenses:report 1> "],
            ["send": "quit\r"],
        ]
        let result = try app.terminal(steps: steps)
        XCTAssertEqual(result.status, 0, result.stdout)
        XCTAssertEqual(try app.query("SELECT merchant FROM expenses"), "Brasserie du Marche")
        XCTAssertEqual(try app.query("SELECT count(*) FROM receipts"), "2", "the declined one is kept, unattached")
        XCTAssertEqual(try app.query("SELECT count(*) FROM expense_receipts"), "1")
    }
}
