import ExpenseTestSupport
import Foundation
import XCTest

/// The report workflow end to end: legal and illegal transitions, separation of duties, the
/// audit log, and submission blocked by policy.
final class WorkflowTests: EngineTestCase {
    var app: InProcessApp!

    override func setUpWithError() throws {
        app = try InProcessApp()  // EXPENSES_USER=alice owns what she creates
        try app.ok("report", "new", "Trip", "--from", "2026-03-02", "--to", "2026-03-06")
        try app.ok("expense", "add", "--report", "1", "--date", "2026-03-03", "--amount", "20", "--category", "taxi")
    }

    override func tearDown() { app = nil }

    private func status() throws -> String { try app.query("SELECT status FROM reports WHERE id = 1") }

    /// Refused by the workflow (1), or to this person (77: not theirs, or their own to approve).
    private func refused(
        _ arguments: String..., status: Int32 = 1, contains text: String,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let before = try app.query("SELECT status || (SELECT count(*) FROM report_events) FROM reports WHERE id = 1")
        let result = try app.run(arguments)
        XCTAssertEqual(result.status, status, result.stderr, file: file, line: line)
        XCTAssertTrue(result.stderr.contains(text), result.stderr, file: file, line: line)
        XCTAssertEqual(
            try app.query("SELECT status || (SELECT count(*) FROM report_events) FROM reports WHERE id = 1"), before,
            "a refused transition changed something", file: file, line: line)
    }

    /// A rejected report is no dead end (issue 31, point 1): `report show` says who rejected it,
    /// when and why, and how to go on; changing its items hints `report reopen`.
    func testARejectedReportSaysWhoRejectedItWhyAndHowToGoOn() throws {
        try app.ok("report", "submit", "1")
        try app.ok("--user", "bob", "report", "reject", "1", "--reason", "Receipt for the taxi is unreadable")
        let shown = try app.ok("report", "show", "1")
        XCTAssertTrue(shown.contains("  Decision:    rejected by bob at 2026-03-10 "), shown)  // local time: LocalTimeTests
        XCTAssertTrue(shown.contains(": Receipt for the taxi is unreadable\n"), shown)
        XCTAssertTrue(shown.contains("reopen it to change and submit it again: expenses report reopen 1"), shown)
        let decision = try XCTUnwrap((app.json("report", "show", "1") as? [String: Any])?["decision"] as? [String: String])
        XCTAssertEqual(
            decision, ["action": "reject", "by": "bob", "at": "2026-03-10T09:00:00Z", "reason": "Receipt for the taxi is unreadable"])
        try refused("expense", "edit", "1", "--amount", "21", contains: "hint: reopen it first (back to draft): expenses report reopen 1")
    }

    func testTheWholeWayWithSeparationOfDuties() throws {
        try refused("report", "approve", "1", contains: "only a submitted report can be approved")
        try app.ok("report", "submit", "1")
        XCTAssertEqual(try status(), "submitted")
        try refused("report", "approve", "1", status: 77, contains: "alice owns report 1 and cannot approve it")
        try refused("--user", "bob", "report", "recall", "1", status: 77, contains: "report 1 belongs to alice; only they can recall it")
        try app.ok("--user", "bob", "report", "reject", "1", "--reason", "Receipt for the taxi is unreadable")
        XCTAssertEqual(try status(), "rejected")
        try refused("report", "submit", "1", contains: "only a draft report can be submitted")
        try refused("report", "submit", "1", contains: "hint: a rejected report can be reopened")
        try app.ok("report", "reopen", "1")
        try app.ok("expense", "edit", "1", "--amount", "21")
        try app.ok("report", "submit", "1")
        try app.ok("report", "recall", "1")
        try app.ok("report", "submit", "1")
        try refused("report", "reimburse", "1", "--reference", "X", contains: "only an approved report can be reimbursed")
        try refused(
            "report", "reimburse", "1", "--reference", "X", contains: "hint: a submitted report can be approved, rejected or recalled")
        try app.ok("--user", "bob", "report", "approve", "1", "--note", "fine")
        try refused("report", "reimburse", "1", "--reference", "X", status: 77, contains: "alice owns report 1 and cannot reimburse it")
        try app.ok("--user", "carol", "report", "reimburse", "1", "--reference", "PAY-2026-0042")
        XCTAssertEqual(try status(), "reimbursed")
        try refused("report", "reopen", "1", contains: "a reimbursed report is final")

        let log = try XCTUnwrap(app.json("report", "history", "1") as? [[String: String]])
        XCTAssertEqual(
            log.map { "\($0["actor"]!) \($0["action"]!) \($0["from"]!)>\($0["to"]!)" },
            [
                "alice submit draft>submitted", "bob reject submitted>rejected", "alice reopen rejected>draft",
                "alice submit draft>submitted", "alice recall submitted>draft", "alice submit draft>submitted",
                "bob approve submitted>approved", "carol reimburse approved>reimbursed",
            ])
        XCTAssertEqual(log[1]["reason"], "Receipt for the taxi is unreadable")
        XCTAssertEqual(log[7]["reason"], "PAY-2026-0042")
        XCTAssertTrue(log.allSatisfy { $0["at"] == "2026-03-10T09:00:00Z" })
    }

    func testAnEmptyReportCannotBeSubmitted() throws {
        try app.ok("report", "new", "Empty")
        let result = try app.run("report", "submit", "2")
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "expenses: error: report 2 has no items and no per diems; there is nothing to submit\n")
    }

    func testRejectNeedsAReasonAndReimburseAReference() throws {
        try app.ok("report", "submit", "1")
        XCTAssertEqual(try app.run("--user", "bob", "report", "reject", "1").status, 64)
        XCTAssertEqual(try app.run("--user", "bob", "report", "reject", "1", "--reason", " ").status, 65)
        try app.ok("--user", "bob", "report", "approve", "1")
        XCTAssertEqual(try app.run("--user", "bob", "report", "reimburse", "1").status, 64)
    }

    func testTheAuditLogCannotBeRewrittenNorAStatusForged() throws {
        try app.ok("report", "submit", "1")
        XCTAssertNotEqual(try Tool.run("/usr/bin/sqlite3", app.databasePath, "UPDATE report_events SET actor = 'mallory'").status, 0)
        XCTAssertNotEqual(try Tool.run("/usr/bin/sqlite3", app.databasePath, "DELETE FROM report_events").status, 0)
        XCTAssertNotEqual(try Tool.run("/usr/bin/sqlite3", app.databasePath, "UPDATE reports SET status = 'approved'").status, 0)
        XCTAssertNotEqual(try Tool.run("/usr/bin/sqlite3", app.databasePath, "UPDATE expenses SET amount_minor = 1").status, 0)
        XCTAssertEqual(try app.query("SELECT actor || status FROM report_events, reports"), "alicesubmitted")
    }

    func testBlockingViolationsStopSubmissionAndAreListed() throws {
        try app.ok("expense", "add", "--report", "1", "--date", "2026-03-04", "--amount", "300", "--category", "lodging")
        let result = try app.run("report", "submit", "1")
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(
            result.stderr.hasPrefix(
                "expenses: error: report 1 has 1 blocking policy violation:\n  missing-receipt:2: item 2 (lodging, 300.00 EUR) has no receipt"
            ),
            result.stderr)
        XCTAssertEqual(try status(), "draft")
        try app.ok("policy", "set", "missing-receipt", "warning")
        let submitted = try app.ok("report", "submit", "1")
        XCTAssertTrue(submitted.contains("warning"), submitted)
        XCTAssertEqual(try status(), "submitted")
    }
}
