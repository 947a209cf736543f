import ExpenseSupport
import ExpenseTestSupport
import Foundation
import XCTest

/// The checks of `ShortcutInboxTests` that need no process of their own: run in this one, fast.
extension ShortcutInboxTests {

    func testDeferQueuesAndDeliverRunsItOnce() throws {
        let queued = try app.run("--shortcut", "com.sap.example.newReport", "Deferred trip", "--from", "2026-04-01", "--defer")
        XCTAssertEqual(queued.status, 0, queued.stderr)
        XCTAssertEqual(
            queued.stdout,
            "Queued 'New Report' (com.sap.example.newReport) as launch 1: a running expenses session runs it before its next prompt; 'expenses shortcuts inbox --deliver' runs it now.\n"
        )
        XCTAssertEqual(try app.query("SELECT count(*) FROM reports"), "0", "nothing ran yet")
        // Queued when EXPENSES_NOW says, shown where the user is.
        let queuedAt = LocalTime.forPeople("2026-03-10T09:00:00Z")
        XCTAssertEqual(
            try app.ok("shortcuts", "inbox"),
            """
            ID  TYPE                       STATUS  QUEUED\(String(repeating: " ", count: queuedAt.count - 6))  TRIES  ARGUMENTS
             1  com.sap.example.newReport  queued  \(queuedAt)      0  'Deferred trip' --from 2026-04-01

            """)
        let delivered = try app.run("shortcuts", "inbox", "--deliver")
        XCTAssertEqual(delivered.status, 0, delivered.stderr)
        XCTAssertEqual(delivered.stdout, "Created report 1: Deferred trip\nRan 1 queued quick action\n")
        XCTAssertEqual(delivered.stderr, "expenses: running quick action com.sap.example.newReport from the launcher (launch 1)\n")
        XCTAssertEqual(try app.ok("shortcuts", "inbox", "--deliver"), "Nothing was queued\n")
        XCTAssertEqual(try app.query("SELECT title || ' ' || start_date FROM reports"), "Deferred trip 2026-04-01")
        XCTAssertEqual(try app.ok("shortcuts", "inbox"), "(none)\n")
        let all = try XCTUnwrap(app.json("shortcuts", "inbox", "--all") as? [[String: Any]])
        XCTAssertEqual(all.first?["state"] as? String, "done")
        XCTAssertEqual(all.first?["exitStatus"] as? Int, 0)
        let redo = try app.run("shortcuts", "inbox", "--redeliver", "1")
        XCTAssertEqual(redo.status, 1)
        XCTAssertTrue(redo.stderr.contains("launch 1 already ran (exit 0); running it again could do its work twice"), redo.stderr)
    }

    func testALaunchWhoseWordsCombineAnAmpersandWithAMarkIsKeptWhole() throws {
        // The inbox keeps a launch's words as a plist; "&" + U+0301 used to be written raw there,
        // the stored words no longer parsed, and the launch was lost (64 at delivery).
        let title = "Müller &\u{301} Söhne <\u{301}"
        XCTAssertEqual(try app.run("--shortcut", "com.sap.example.newReport", title, "--defer").status, 0)
        let delivered = try app.run("shortcuts", "inbox", "--deliver")
        XCTAssertEqual(delivered.status, 0, delivered.stderr)
        XCTAssertEqual(try app.query("SELECT title FROM reports"), title)
    }

    func testDeferChecksTheTypeFirst() throws {
        XCTAssertEqual(try app.run("--shortcut", "com.sap.example.nope", "--defer").status, 64)
        try app.ok("report", "new", "Trip")
        try app.ok("shortcuts", "disable", "com.sap.example.openReport", "--message", "Closed")
        XCTAssertEqual(try app.run("--shortcut", "com.sap.example.openReport", "--defer").status, 69)
        XCTAssertEqual(try app.query("SELECT count(*) FROM shortcut_launches"), "0")
    }

    func testAFailedLaunchIsRecordedWithItsStatusAndCanBeRedelivered() throws {
        try app.ok("--shortcut", "com.sap.example.addExpense", "--amount", "12.345", "--category", "taxi", "--defer")
        let delivered = try app.run("shortcuts", "inbox", "--deliver")
        XCTAssertEqual(delivered.status, 65, "the launch's exit status")
        XCTAssertEqual(delivered.stdout, "Ran 1 queued quick action, 1 failed\n")
        XCTAssertTrue(delivered.stderr.contains("invalid amount '12.345'"), delivered.stderr)
        XCTAssertTrue(try app.ok("shortcuts", "inbox").contains("failed (exit 65)"))
        XCTAssertEqual(try app.ok("shortcuts", "inbox", "--discard", "1"), "Discarded launch 1 (com.sap.example.addExpense)\n")
        XCTAssertEqual(try app.ok("shortcuts", "inbox"), "(none)\n")
    }

    func testALaunchClaimedByAProcessThatDiedIsStaleAndRedeliverable() throws {
        try app.ok("--shortcut", "com.sap.example.newReport", "Crashed trip", "--defer")
        // A claimant that is gone: this host, a pid no process has. (What a crash between claim and
        // finish leaves behind.)
        let host = try hostName()
        _ = try app.query(
            """
            UPDATE shortcut_launches SET state = 'claimed', claim_token = 'dead', claim_pid = 2147483000,
                claim_host = '\(host)', claim_start_ticks = 1, claimed_at = '2026-03-10T09:00:00Z', attempts = 1
            """)
        let inbox = try app.ok("shortcuts", "inbox")
        XCTAssertTrue(inbox.contains("stale (pid 2147483000 on \(host) is gone)"), inbox)
        XCTAssertEqual(
            try app.ok("shortcuts", "inbox", "--deliver"), "Nothing was queued\n", "a claimed launch is not run again on its own")
        XCTAssertEqual(try app.ok("shortcuts", "inbox", "--redeliver", "1"), "Launch 1 (com.sap.example.newReport) is queued again\n")
        XCTAssertEqual(try app.ok("shortcuts", "inbox", "--deliver"), "Created report 1: Crashed trip\nRan 1 queued quick action\n")
        XCTAssertEqual(try app.query("SELECT state || ' ' || attempts FROM shortcut_launches"), "done 2")
    }

    /// The name gethostname(2) returns, which is what a claim records.
    private func hostName() throws -> String {
        try Tool.run("/usr/bin/uname", "-n").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
