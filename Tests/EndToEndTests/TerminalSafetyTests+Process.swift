import ExpenseTestSupport
import Foundation
import XCTest

/// The checks of `TerminalSafetyTests` that need the built binary as a process of its own.
extension TerminalSafetyTests {

    /// The way a person meets it: the REPL on a real pseudo-terminal. The screen shows the
    /// escapes written out; the window-title sequence and the bidi override never reach it.
    func testOnARealTerminalTheScreenShowsTheEscapesInsteadOfObeyingThem() throws {
        app.useTerminal()
        let result = try app.terminal(steps: [
            ["expect": "expenses> "], ["send": "report show 1\r"], ["expect": "Report 1: "],
            ["expect": "expenses> "], ["send": "expense list\r"], ["expect": "expenses> "], ["send": "quit\r"],
        ])
        XCTAssertNotEqual(result.status, 124, "the REPL did not answer as expected:\n\(result.stdout)")
        XCTAssertTrue(result.stdout.contains("Report 1: " + Self.shown), result.stdout.debugDescription)
        XCTAssertTrue(result.stdout.contains("\\x1b]0;pwned\\x07Munich"), result.stdout.debugDescription)
        for raw in ["\u{1B}]0;pwned", "\u{1B}[2J", "\u{202E}", "\u{200B}", "\u{07}"] {
            XCTAssertFalse(result.stdout.contains(raw), "\(raw.debugDescription) reached the terminal: \(result.stdout.debugDescription)")
        }
    }
}
