import ExpenseTestSupport
import Foundation
import XCTest

/// The checks of `IdentityTests` that need the built binary as a process of its own.
extension IdentityTests {

    func testTheReplsSetUserNormalisesAndRefuses() throws {
        app.useTerminal()
        let result = try app.terminal(steps: [
            ["expect": "expenses> "], ["send": "set user ' ALICE '\r"], ["expect": "user = alice"],
            ["expect": "expenses> "], ["send": "report approve 1\r"], ["expect": "alice owns report 1 and cannot approve it"],
            ["expect": "expenses> "], ["send": "set user 'bob\u{200B}'\r"], ["expect": "contains an invisible character"],
            ["expect": "expenses> "], ["send": "show settings\r"], ["expect": "alice"],
            ["expect": "expenses> "], ["send": "quit\r"],
        ])
        XCTAssertNotEqual(result.status, 124, "the REPL did not answer as expected:\n\(result.stdout)")
        try unchanged("the REPL")
    }
}
