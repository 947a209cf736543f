import ExpenseTestSupport
import Foundation
import XCTest

/// The checks of `ShortcutInboxTests` that need the built binary as a process of its own.
extension ShortcutInboxTests {

    func testALaunchClaimedByALiveProcessIsNotRedelivered() throws {
        try app.ok("--shortcut", "com.sap.example.showReports", "--defer")
        let pid = ProcessInfo.processInfo.processIdentifier
        _ = try app.query(
            """
            UPDATE shortcut_launches SET state = 'claimed', claim_token = 'live', claim_pid = \(pid),
                claim_host = '\(try hostName())', claim_start_ticks = 0, claimed_at = 'x'
            """)
        XCTAssertTrue(try app.ok("shortcuts", "inbox").contains("running (pid \(pid))"))
        let refused = try app.run("shortcuts", "inbox", "--redeliver", "1")
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("is being handled right now by process \(pid)"), refused.stderr)
    }

    /// The name gethostname(2) returns, which is what a claim records.
    private func hostName() throws -> String {
        try Tool.run("/usr/bin/uname", "-n").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func testTwoProcessesRacingForOneQueuedLaunchRunItExactlyOnce() throws {
        let iterations = 25
        for iteration in 1...iterations {
            try app.ok("--shortcut", "com.sap.example.newReport", "Race \(iteration)", "--defer")
            let racers = try (0..<2).map { _ in try app.start(["shortcuts", "inbox", "--deliver"]) }
            let results = racers.map { $0() }
            for result in results { XCTAssertEqual(result.status, 0, result.stderr) }
            let winners = results.filter { $0.stdout == "Created report \(iteration): Race \(iteration)\nRan 1 queued quick action\n" }
            let losers = results.filter { $0.stdout == "Nothing was queued\n" }
            XCTAssertEqual(winners.count, 1, "iteration \(iteration): \(results.map(\.stdout))")
            XCTAssertEqual(losers.count, 1, "iteration \(iteration): \(results.map(\.stdout))")
            XCTAssertEqual(try app.query("SELECT count(*) FROM reports"), "\(iteration)", "iteration \(iteration)")
        }
        XCTAssertEqual(
            try app.query("SELECT count(*) || ' ' || sum(attempts) FROM shortcut_launches WHERE state = 'done'"),
            "\(iterations) \(iterations)", "each launch claimed once")
    }
}
