import ExpenseTestSupport
import Foundation
import XCTest

/// The checks of `WorkflowSurpriseTests` that need the built binary as a process of its own.
extension WorkflowSurpriseTests {

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
