import Foundation
import XCTest

/// Every example of every command's help, run on a team database with a trip in each state:
/// whatever it is told (done, refused, not found, a file it lacks), no command may fail with
/// the server's raw error or an internal one. SQL that PostgreSQL reads otherwise than SQLite
/// shows up here first.
final class TeamCommandSweepTests: TeamDatabaseTestCase {
    /// The `help` lines under SUBCOMMANDS: each subcommand's name.
    private func subcommands(_ path: [String]) throws -> [String] {
        let help = try app.run(["help"] + path).stdout
        guard let start = help.range(of: "SUBCOMMANDS:\n") else { return [] }
        // A line indented further is an abstract wrapped under its column.
        return help[start.upperBound...].split(separator: "\n").prefix { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .filter { !$0.hasPrefix("   ") }.compactMap { $0.split(separator: " ").first.map(String.init) }
    }

    /// The command lines under EXAMPLES in `help PATH`.
    private func examples(_ path: [String]) throws -> [String] {
        let help = try app.run(["help"] + path).stdout
        guard let start = help.range(of: "EXAMPLES:\n") else { return [] }
        return help[start.upperBound...].split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("expenses ") }
    }

    func testEveryExampleRunsWithoutARawServerError() throws {
        try ok(as: "fiona", "rates", "import", ImportTests.fixtures.appendingPathComponent("eurofxref-hist.csv").path)
        for title in ["Draft trip", "Submitted trip", "Approved trip", "Reimbursed trip"] {
            try ok(as: "alice", "report", "new", title, "--from", "2026-03-02", "--to", "2026-03-06")
        }
        for report in 1...4 {
            try ok(
                as: "alice", "expense", "add", "--report", "\(report)", "--date", "2026-03-03", "--amount", "20", "--category", "taxi",
                "--merchant", "Taxi Walldorf")
        }
        for report in 2...4 { try ok(as: "alice", "report", "submit", "\(report)") }
        for report in 3...4 { try ok(as: "bob", "report", "approve", "\(report)") }
        try ok(as: "fiona", "report", "reimburse", "4", "--reference", "PAY-1")

        var commands: [[String]] = []
        for group in try subcommands([]) {
            let inner = try subcommands([group])
            commands += inner.isEmpty ? [[group]] : inner.map { [group, $0] }
        }
        XCTAssertGreaterThan(commands.count, 40, "\(commands)")
        var ran = 0
        // serve runs until it is stopped: ServeProcessTests starts and stops it. Its examples come
        // back under `help help serve` too, so they are passed over by their words.
        for command in commands {
            for example in try examples(command) where !example.hasPrefix("expenses serve") {
                // The example's words as the shell would split them, run as alice on the team database.
                let script = "exec \"$0\" --db \"$1\" --no-pager " + example.dropFirst("expenses ".count)
                let result = try app.run(
                    ["-c", script, ExpensesProcess.binary.path, uri("alice")], stdin: "",
                    executable: URL(fileURLWithPath: "/bin/sh"))
                ran += 1
                XCTAssertNotEqual(result.status, 70, "\(example): \(result.stderr)")
                XCTAssertFalse(
                    result.stderr.contains("PostgreSQL error") || result.stderr.contains("SQLite error")
                        || result.stderr.contains("internal error"), "\(example): \(result.stderr)")
            }
        }
        XCTAssertGreaterThan(ran, 80)
    }
}
