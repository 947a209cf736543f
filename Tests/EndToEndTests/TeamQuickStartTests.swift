import ExpenseTestSupport
import Foundation
import XCTest

/// docs/TEAM.md begins with a throwaway server a newcomer runs in a minute: its commands, run
/// exactly as written by a person who is not root, with the built binary as `expenses`, make a
/// server, set it up, and let alice add a trip through both forms of the connection.
final class TeamQuickStartTests: EngineTestCase {
    override class var engines: Engines { .once(because: "starts a team server of its own, as docs/TEAM.md's quick start does") }

    private let directory = "/tmp/expenses-pg"

    func testTheThrowawayServerOfTheTeamGuideRunsAsWritten() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let guide = try String(contentsOfFile: repository.appendingPathComponent("docs/TEAM.md").path, encoding: .utf8)
        guard let heading = guide.range(of: "## Trying it in a minute"),
            let open = guide.range(of: "```sh\n", range: heading.upperBound..<guide.endIndex),
            let close = guide.range(of: "\n```", range: open.upperBound..<guide.endIndex)
        else {
            return XCTFail("docs/TEAM.md has no sh block under 'Trying it in a minute'")
        }
        let shell = try PersonShell(programs: ["expenses": ExpensesProcess.binary.path])
        let stop = "/usr/lib/postgresql/15/bin/pg_ctl -D \(directory)/data -m immediate stop >/dev/null 2>&1 || true; rm -rf \(directory)"
        _ = try shell.run(stop)  // a server an earlier run left
        defer {
            _ = try? shell.run(stop)
            shell.remove()
        }

        let made = try shell.run(String(guide[open.upperBound..<close.lowerBound]))
        XCTAssertEqual(made.status, 0, made.output)
        XCTAssertTrue(made.output.contains("First team trip"), made.output)
        let listed = try shell.run(
            """
            expenses --db "host=\(directory) port=5433 user=alice dbname=expenses" report list --format csv
            psql -X -At "host=\(directory) port=5433 user=postgres dbname=expenses" -c "SELECT owner, title FROM reports"
            """)
        XCTAssertEqual(listed.status, 0, listed.output)
        XCTAssertTrue(listed.output.contains("alice|First team trip"), listed.output)
        XCTAssertTrue(listed.output.contains(",First team trip,"), listed.output)
    }
}
