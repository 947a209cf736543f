import ExpenseTestSupport
import Foundation
import XCTest

/// Quick actions on a team database are each person's: a launch alice starts while her session
/// is open is handed to it, which the server tells at once (LISTEN/NOTIFY); bob's launch at the
/// same time is not handed to alice's session, and runs on its own.
final class TeamLaunchTests: TeamDatabaseTestCase {
    func testALaunchIsHandedToTheSameRolesOpenSessionOnly() throws {
        app.useTerminal()
        try ok(as: "alice", "report", "new", "Munich trip")
        let launch = { (role: String, title: String, name: String) in
            self.app.onTerminal(["--db", self.uri(role), "--shortcut", "com.sap.example.newReport", title], as: name)
        }
        // The database's committed and rolled-back transactions, as the server counts them.
        let transactions = ["env", "PGPASSWORD=\(cluster.superuserPassword)", PostgresCluster.psqlPath, "-X", "-At",
                            "-d", "host=\(cluster.directory) user=\(cluster.superuser) dbname=\(database)", "-c",
                            "SELECT xact_commit + xact_rollback FROM pg_stat_database WHERE datname = current_database()"]
            .map(ExpensesProcess.shellQuoted).joined(separator: " ")
        let (before, after) = (ExpensesProcess.shellQuoted(app.path("before")), ExpensesProcess.shellQuoted(app.path("after")))
        // Bob's launch without a terminal: it is handed to a session of his, or runs and ends.
        let bobCommand = [ExpensesProcess.binary.path, "--db", uri("bob"), "--shortcut", "com.sap.example.newReport", "Bob's trip"]
            .map(ExpensesProcess.shellQuoted).joined(separator: " ")
        let bobLaunch = "\(bobCommand) </dev/null >\(ExpensesProcess.shellQuoted(app.path("bob-launch.out"))) 2>&1;"
            + " echo $? >\(ExpensesProcess.shellQuoted(app.path("bob-launch.status")))"
        let result = try app.terminal(arguments: ["--db", uri("alice")], steps: [
            ["expect": "expenses> "],
            // Waiting at its prompt, the session asks the server nothing: it listens.
            ["run": ["/bin/sh", "-c", "\(transactions) >\(before); sleep 3; \(transactions) >\(after)"]],
            ["send": "report li"],   // half typed, no Return
            ExpensesProcess.runAtOnce([launch("alice", "Trip A", "alice-launch"), bobLaunch]),
            ["expect": "Created report 3: Trip A"],
            ["expect": "expenses:report 3> report li"],
            ["send": "st\r"], ["expect": "Munich trip"],
            ["send": "quit\r"],
        ])
        XCTAssertEqual(result.status, 0, result.stdout)
        let counts = try ["before", "after"].map { try XCTUnwrap(Int(String(contentsOfFile: app.path($0), encoding: .utf8)
                                                                     .trimmingCharacters(in: .whitespacesAndNewlines))) }
        // The two psql runs are one transaction each; asking every 250 ms would be a dozen more.
        XCTAssertLessThanOrEqual(counts[1] - counts[0], 3, "the idle session kept asking the server")
        let alice = app.launched("alice-launch")
        XCTAssertEqual(alice.status, 0, alice.output)
        XCTAssertTrue(alice.output.hasPrefix("Handed com.sap.example.newReport to the expenses session open on /dev/pts/"), alice.output)
        let bob = app.launched("bob-launch")
        XCTAssertEqual(bob.status, 0, bob.output)
        XCTAssertTrue(bob.output.contains("Created report 2: Bob's trip"), "bob's launch went elsewhere: \(bob.output)")
        XCTAssertFalse(result.stdout.contains("Bob's trip"), "alice's session ran bob's launch: \(result.stdout)")
        let states = try cluster.psql("SELECT owner || ':' || state FROM shortcut_launches ORDER BY id", database: database)
        XCTAssertEqual(states.stdout.split(separator: "\n").sorted(), ["alice:done"], states.stdout + states.stderr)
    }
}
