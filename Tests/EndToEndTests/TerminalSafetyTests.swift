import ExpenseTestSupport
import Foundation
import XCTest

/// Data that holds escape sequences, carriage returns, backspaces, bidi overrides or invisible
/// characters is shown visibly wherever it reaches a terminal — tables, details, messages, errors,
/// a dry run, the quick actions — and kept exactly in JSON and CSV.
final class TerminalSafetyTests: EngineTestCase {
    var app: ExpensesProcess!

    /// Clears the screen, retitles the window, rings the bell, returns to the line's start,
    /// backspaces, and reverses what follows.
    static let hostile = "\u{1B}[2J\u{1B}]0;pwned\u{07}Munich\rtrip\u{08}\u{202E}gnp.exe\u{200B}"
    static let shown = "\\x1b[2J\\x1b]0;pwned\\x07Munich\\rtrip\\x08<U+202E>gnp.exe<U+200B>"

    override func setUpWithError() throws {
        app = try ExpensesProcess()
        try app.ok("report", "new", Self.hostile, "--from", "2026-03-02", "--to", "2026-03-06")
        try app.ok(
            "expense", "add", "--report", "1", "--date", "2026-03-02", "--amount", "12", "--category", "meals",
            "--merchant", Self.hostile)
    }

    override func tearDown() { app = nil }

    /// Nothing a terminal would obey: no C0 control but a line break, no DEL or C1, no bidi or
    /// invisible format character.
    private func assertSafe(_ text: String, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        let unsafe = text.unicodeScalars.filter { scalar in
            let value = scalar.value
            if value == 0x0A { return false }
            return value < 0x20 || (0x7F..<0xA0).contains(value) || scalar.properties.generalCategory == .format
        }
        XCTAssertEqual(
            unsafe.map { String(format: "U+%04X", $0.value) }, [], "\(what) reached the terminal raw: \(text.debugDescription)",
            file: file, line: line)
    }

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
