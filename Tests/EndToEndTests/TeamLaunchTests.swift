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
        // When alice's session last finished a statement, as the server sees it live
        // (pg_stat_activity.state_change): it moves with every statement the session sends.
        let lastStatement = [
            "env", "PGPASSWORD=\(cluster.superuserPassword)", PostgresCluster.psqlPath, "-X", "-At",
            "-d", "host=\(cluster.directory) user=\(cluster.superuser) dbname=\(database)", "-c",
            "SELECT count(*) || ' ' || coalesce(max(state_change)::text, '') FROM pg_stat_activity "
                + "WHERE usename = 'alice' AND application_name = 'expenses'",
        ]
        .map(ExpensesProcess.shellQuoted).joined(separator: " ")
        let (before, after) = (ExpensesProcess.shellQuoted(app.path("before")), ExpensesProcess.shellQuoted(app.path("after")))
        // Bob's launch without a terminal: it is handed to a session of his, or runs and ends.
        let bobCommand = [ExpensesProcess.binary.path, "--db", uri("bob"), "--shortcut", "com.sap.example.newReport", "Bob's trip"]
            .map(ExpensesProcess.shellQuoted).joined(separator: " ")
        let bobLaunch =
            "\(bobCommand) </dev/null >\(ExpensesProcess.shellQuoted(app.path("bob-launch.out"))) 2>&1;"
            + " echo $? >\(ExpensesProcess.shellQuoted(app.path("bob-launch.status")))"
        let result = try app.terminal(
            arguments: ["--db", uri("alice")],
            steps: [
                ["expect": "expenses> "],
                // Waiting at its prompt, the session asks the server nothing: it listens.
                ["run": ["/bin/sh", "-c", "\(lastStatement) >\(before); sleep 3; \(lastStatement) >\(after)"]],
                ["send": "report li"],  // half typed, no Return
                ExpensesProcess.runAtOnce([launch("alice", "Trip A", "alice-launch"), bobLaunch]),
                // Alice's and bob's launches race for the next ids: report 2 or 3.
                ["expect": ": Trip A"],
                ["expect": "> report li"],
                ["send": "st\r"], ["expect": "Munich trip"],
                ["send": "quit\r"],
            ])
        XCTAssertEqual(result.status, 0, result.stdout)
        let seen = try ["before", "after"].map { try String(contentsOfFile: app.path($0), encoding: .utf8) }
        // One session, and nothing sent in 3 s: asking every 250 ms would move its last statement on.
        XCTAssertTrue(seen[0].hasPrefix("1 "), "alice's session is not connected: \(seen[0])")
        XCTAssertEqual(seen[0], seen[1], "the idle session kept asking the server")
        let alice = app.launched("alice-launch")
        XCTAssertEqual(alice.status, 0, alice.output)
        XCTAssertTrue(alice.output.hasPrefix("Handed com.sap.example.newReport to the expenses session open on /dev/pts/"), alice.output)
        let bob = app.launched("bob-launch")
        XCTAssertEqual(bob.status, 0, bob.output)
        XCTAssertTrue(
            bob.output.contains("Created report ") && bob.output.contains(": Bob's trip"), "bob's launch went elsewhere: \(bob.output)")
        XCTAssertFalse(result.stdout.contains("Bob's trip"), "alice's session ran bob's launch: \(result.stdout)")
        let states = try cluster.psql("SELECT owner || ':' || state FROM shortcut_launches ORDER BY id", database: database)
        XCTAssertEqual(states.stdout.split(separator: "\n").sorted(), ["alice:done"], states.stdout + states.stderr)
    }
}
