import ExpenseTestSupport
import Foundation
import XCTest

/// Errors and notices on a terminal wrap between words to its width, as help does; piped, each
/// stays one line a message. Typed through a real pseudo-terminal 60 columns wide.
final class ErrorWrapTests: EngineTestCase {
    override class var engines: Engines { .once(because: "how stderr is written: the same on either engine") }

    var app: ExpensesProcess!

    override func setUpWithError() throws { app = try ExpensesProcess() }

    override func tearDown() { app = nil }

    /// A code that is no country: an error line, and a hint of 118 columns.
    private let arguments = ["report", "new", "Copenhagen", "--from", "2026-03-09", "--to", "2026-03-13", "--country", "DR"]

    private func words(_ text: String) -> [Substring] { text.split(whereSeparator: { $0 == " " || $0 == "\n" }) }

    func testAnErrorWrapsBetweenWordsOnATerminalAndStaysOneLineAMessageWhenPiped() throws {
        let piped = try app.run(arguments)
        XCTAssertEqual(piped.status, 65, piped.stderr)
        let messages = piped.stderr.split(separator: "\n")
        XCTAssertEqual(messages.count, 2, piped.stderr)
        XCTAssertGreaterThan(messages[1].count, 60, "the hint is one line, longer than the terminal: \(piped.stderr)")

        app.useTerminal(columns: 60)
        let shown = try app.terminal(arguments: arguments, steps: [])
        XCTAssertEqual(shown.status, 65, shown.stdout)
        let screen = shown.stdout.replacingOccurrences(of: "\r\n", with: "\n")
        let lines = screen.split(separator: "\n")
        XCTAssertGreaterThan(lines.count, 3, screen)
        XCTAssertEqual(lines.filter { $0.count > 60 }, [], "wider than the terminal:\n\(screen)")
        XCTAssertEqual(words(screen), words(piped.stderr), "a word broken or lost at a line's end:\n\(screen)")
        XCTAssertEqual(
            screen,
            """
            expenses: error: the allowance table has no rates for DR
            hint: did you mean 'AR'? 'expenses allowance rates list'
              shows its countries; 'expenses allowance rates import
              FILE' adds one

            """)
        // Each message starts at the margin; what continues it is indented two columns.
        for line in lines {
            XCTAssertTrue(line.hasPrefix("expenses: error: ") || line.hasPrefix("hint: ") || line.hasPrefix("  "), screen)
        }
        XCTAssertEqual(lines.filter { $0.hasPrefix("hint: ") }.count, 1, screen)
    }

    func testAWordLongerThanTheTerminalIsNotBroken() throws {
        let path = "/nonexistent/" + String(repeating: "statement-of-march-", count: 4) + "2026.csv"
        app.useTerminal(columns: 60)
        let shown = try app.terminal(arguments: ["import", path], steps: [])
        XCTAssertNotEqual(shown.status, 0, shown.stdout)
        let screen = shown.stdout.replacingOccurrences(of: "\r\n", with: "\n")
        XCTAssertTrue(screen.split(separator: "\n").contains { $0.contains(path) }, "the path is broken:\n\(screen)")
        XCTAssertTrue(screen.hasPrefix("expenses: error: "), screen)
    }
}
