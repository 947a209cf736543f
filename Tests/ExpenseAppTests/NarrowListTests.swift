import ExpenseTestSupport
import Foundation
import XCTest

/// The lists beside issue 31's four, at 80 and 120 columns (`COLUMNS`, as a terminal says it):
/// each fits, its keys and times whole, its reasons and descriptions wrapped rather than cut.
final class NarrowListTests: EngineTestCase {
    var app: InProcessApp!

    override func setUpWithError() throws {
        app = try InProcessApp()
        try app.ok("report", "new", "Trip", "--from", "2026-03-02", "--to", "2026-03-06")
        for _ in 1...2 {
            try app.ok(
                "expense", "add", "--report", "1", "--date", "2026-03-03", "--amount", "18.50", "--category", "meals",
                "--merchant", "Bahnhof Buffet")
        }
        try app.ok(
            "report", "acknowledge", "1", "duplicate:1:2", "--reason",
            "two colleagues, two lunches, one bill each at the station before the train to Walldorf")
    }

    override func tearDown() { app = nil }

    /// The lines of `arguments` at `columns`, each checked to fit (ASCII here: a character is a column).
    private func lines(_ columns: Int, _ arguments: String..., file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        app.environment["COLUMNS"] = String(columns)
        defer { app.environment["COLUMNS"] = nil }
        let result = try app.run(arguments)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.filter { $0.count > columns }, [], "wider than \(columns): \(result.stdout)", file: file, line: line)
        XCTAssertFalse(result.stdout.contains("…"), result.stdout, file: file, line: line)
        return lines
    }

    private func words(_ lines: [String]) -> String { lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ") }

    func testReportHistoryWrapsItsActionAndReason() throws {
        for columns in [80, 120] {
            let text = words(try lines(columns, "report", "history", "1"))
            // Nothing cut (see `lines`): the key and the reason's last word are there.
            XCTAssertTrue(text.contains("acknowledge") && text.contains("duplicate:1:2"), text)
            XCTAssertTrue(text.contains("Walldorf"), text)
        }
    }

    func testConfigAndPolicyListsWrapTheirDescriptions() throws {
        for columns in [80, 120] {
            let config = words(try lines(columns, "config", "list"))
            XCTAssertTrue(config.contains("shortcuts.max-visible"), config)
            XCTAssertTrue(config.contains("How many quick actions a launcher shows"), config)
            let policy = words(try lines(columns, "policy", "list"))
            XCTAssertTrue(policy.contains("(one finding per group)"), policy)
        }
    }
}
