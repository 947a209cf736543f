import ExpenseTestSupport
import Foundation
import XCTest

/// Data that holds escape sequences, carriage returns, backspaces, bidi overrides or invisible
/// characters is shown visibly wherever it reaches a terminal — tables, details, messages, errors,
/// a dry run, the quick actions — and kept exactly in JSON and CSV.
final class TerminalSafetyTests: EngineTestCase {
    var app: App!

    /// Clears the screen, retitles the window, rings the bell, returns to the line's start,
    /// backspaces, and reverses what follows.
    static let hostile = "\u{1B}[2J\u{1B}]0;pwned\u{07}Munich\rtrip\u{08}\u{202E}gnp.exe\u{200B}"
    static let shown = "\\x1b[2J\\x1b]0;pwned\\x07Munich\\rtrip\\x08<U+202E>gnp.exe<U+200B>"

    override func setUpWithError() throws {
        app = try App()
        try app.ok("report", "new", Self.hostile, "--from", "2026-03-02", "--to", "2026-03-06")
        try app.ok(
            "expense", "add", "--report", "1", "--date", "2026-03-02", "--amount", "12", "--category", "meals",
            "--merchant", Self.hostile)
    }

    override func tearDown() { app = nil }

    /// Nothing a terminal would obey: no C0 control but a line break, no DEL or C1, no bidi or
    /// invisible format character.
    func assertSafe(_ text: String, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        let unsafe = text.unicodeScalars.filter { scalar in
            let value = scalar.value
            if value == 0x0A { return false }
            return value < 0x20 || (0x7F..<0xA0).contains(value) || scalar.properties.generalCategory == .format
        }
        XCTAssertEqual(
            unsafe.map { String(format: "U+%04X", $0.value) }, [], "\(what) reached the terminal raw: \(text.debugDescription)",
            file: file, line: line)
    }
}
