import ExpenseTestSupport
import XCTest

@testable import ExpenseApp

/// Help wrapped to the terminal's width (`$COLUMNS` or the window's; 80 when output is no
/// terminal), between words, option descriptions under their own column.
final class HelpWrappingTests: EngineTestCase {
    override class var engines: Engines { .once(because: "touches no database: the same on either engine") }

    var app: InProcessApp!

    override func setUpWithError() throws { app = try InProcessApp() }
    override func tearDown() { app = nil }

    private func words(_ text: String) -> [Substring] {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" }).filter { $0 != "\\" }
    }

    private func help(_ arguments: [String], columns: Int?) throws -> String {
        app.environment["COLUMNS"] = columns.map(String.init)
        let result = try app.run(arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout
    }

    func testCommandHelpIsWrappedBetweenWordsAt80And120Columns() throws {
        for arguments in [["help", "expense", "add"], ["help", "import"], ["help"], ["help", "report"], ["help", "rules"]] {
            // Output to no terminal is laid out for 80 columns, as $COLUMNS=80 says.
            let piped = try help(arguments, columns: nil)
            XCTAssertEqual(try help(arguments, columns: 80), piped)
            let wide = try help(arguments, columns: 1000)
            for line in piped.split(separator: "\n") where !Self.isTopicExample(line, arguments) {
                XCTAssertLessThanOrEqual(line.count, 80, "\(arguments): \(line)")
            }
            XCTAssertEqual(words(piped), words(wide), "\(arguments): a word was broken or lost")
            let wider = try help(arguments, columns: 120)
            for line in wider.split(separator: "\n") where !Self.isTopicExample(line, arguments) {
                XCTAssertLessThanOrEqual(line.count, 120, "\(arguments): \(line)")
            }
            XCTAssertEqual(words(wider), words(wide), "\(arguments): a word was broken or lost")
        }
    }

    func testOptionDescriptionsWrapUnderTheirOwnColumn() throws {
        let text = try help(["help", "expense", "add"], columns: 80)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let options = try XCTUnwrap(lines.firstIndex(of: "OPTIONS:"))
        var continued = 0
        for line in lines[(options + 1)...].prefix(while: { !$0.isEmpty }) where !line.hasPrefix("  -") {
            // A description's further lines start at column 26, under its first.
            XCTAssertTrue(line.hasPrefix(String(repeating: " ", count: 26)) && line.dropFirst(26).first != " ", String(line))
            continued += 1
        }
        XCTAssertGreaterThan(continued, 0, "no description was long enough to wrap:\n\(text)")
    }

    func testAnExampleTooLongForTheLineContinuesWithABackslash() {
        let example = "report new \"Basel trade fair\" --from 2026-04-01 --to 2026-04-03 --country CH   # a trip abroad"
        XCTAssertEqual(
            HelpLayout.example(example, width: 40),
            """
              # a trip abroad
              report new "Basel trade fair" \\
                  --from 2026-04-01 \\
                  --to 2026-04-03 --country CH

            """)
        XCTAssertEqual(HelpLayout.example("report list", width: 40), "  report list\n")
    }

    /// A topic's examples are a file's lines, shown as they are.
    private static func isTopicExample(_ line: Substring, _ arguments: [String]) -> Bool {
        arguments == ["help", "rules"]
            && HelpTopics.rules.blocks.contains { block in
                if case .example(let text) = block { return HelpTopic.lines(of: text).contains { "  " + $0 == line } }
                return false
            }
    }
}
