import ExpenseTestSupport
import XCTest

/// The session's own commands as typed at the REPL or in a script: `set`, `show settings`.
final class SessionCommandTests: EngineTestCase {
    override class var engines: Engines { .fileOnly(because: "written against a file and not yet run on a team server") }

    var app: InProcessApp!

    override func setUpWithError() throws { app = try InProcessApp() }
    override func tearDown() { app = nil }

    /// `set format table` typed while the format is JSON answered in JSON: its answer is in the
    /// format it set, and the lines after it too; `--format` on a line still wins for that line.
    func testSetFormatAnswersInTheFormatItSets() throws {
        let result = try app.run([], stdin: "set format json\nset format table\nset format csv --format json\n")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            result.stdout,
            """
            {
              "message": "format = json"
            }
            format = table
            {
              "message": "format = csv"
            }

            """)
    }
}
