import ExpenseTestSupport
import Foundation
import XCTest

/// What used to happen without a word: an expense added after the trip dated today, a receipt
/// whose total is not its expense's, the app's trip quick actions disagreeing after one was off.
final class WorkflowSurpriseTests: EngineTestCase {
    var app: ExpensesProcess!

    override func setUpWithError() throws {
        app = try ExpensesProcess()  // today is 2026-03-10
        try app.ok("report", "new", "Munich", "--from", "2026-03-02", "--to", "2026-03-06")
    }

    override func tearDown() { app = nil }

    /// On a terminal, as a launcher's action runs, the person is asked, the trip's first day offered.
    func testOnATerminalTheDateIsAskedWithTheTripsFirstDayOffered() throws {
        app.useTerminal()
        let result = try app.terminal(
            arguments: ["--shortcut", "com.sap.example.addExpense", "--amount", "23.40", "--category", "taxi"],
            steps: [
                ["expect": "Today, 2026-03-10, is outside report 1's trip (2026-03-02 to 2026-03-06)"],
                ["expect": "Date [2026-03-02]: "], ["send": "2026-03-05\r"],
                ["expect": "Added expense 1 to report 1"], ["expect": "> "], ["send": "quit\r"],
            ])
        XCTAssertEqual(result.status, 0, result.stdout)
        XCTAssertEqual(try app.query("SELECT date FROM expenses"), "2026-03-05")
        XCTAssertFalse(result.stdout.contains("warning"), result.stdout)
    }
}
