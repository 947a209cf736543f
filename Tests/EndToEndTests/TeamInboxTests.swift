import ExpenseTestSupport
import Foundation
import XCTest

/// What waits for each member of a team (issue 43, point 6), by the built binary on a throwaway
/// server: the inbox and the overdue list say only what the member's roles let them decide and
/// see, whatever they run.
final class TeamInboxTests: TeamDatabaseTestCase {
    func testEachMembersInboxHoldsWhatTheirRolesDecide() throws {
        _ = try ok(as: "alice", "report", "new", "Walldorf", "--from", "2026-03-02", "--to", "2026-03-03", "--country", "none")
        _ = try ok(as: "alice", "expense", "add", "--report", "1", "--date", "2026-03-02", "--amount", "21", "--category", "taxi")
        _ = try ok(as: "alice", "report", "submit", "1")

        XCTAssertTrue(
            try ok(as: "bob", "inbox").hasPrefix("Waiting for your decision (1):\n  1  Walldorf  alice  21.00 EUR  waiting since "))
        // Fiona is finance, no approver: nothing waits for her decision, and she has a section to pay.
        XCTAssertEqual(
            try ok(as: "fiona", "inbox"),
            "Nothing waits for your decision.\nNone of your reports was sent back.\nNone of your approved reports has a cut item.\n"
                + "No approved report waits to be paid.\n")
        // Alice is a traveller only: no section for payments, and her own report is not hers to decide.
        XCTAssertEqual(
            try ok(as: "alice", "inbox"),
            "Nothing waits for your decision.\nNone of your reports was sent back.\nNone of your approved reports has a cut item.\n")
        // Four days on, the reminder job lists what its role sees: every waiting report for the approver.
        app.environment["EXPENSES_NOW"] = "2026-03-14T09:00:00Z"
        let overdue = try ok(as: "bob", "report", "overdue", "--days", "3", "--format", "json")
        XCTAssertTrue(overdue.contains("\"waitsFor\": \"any approver\""), overdue)
        XCTAssertTrue(overdue.contains("\"days\": 4"), overdue)

        _ = try ok(as: "bob", "report", "approve", "1")
        XCTAssertTrue(try ok(as: "bob", "inbox").hasPrefix("Nothing waits for your decision.\n"))
        XCTAssertTrue(try ok(as: "fiona", "inbox").hasSuffix("Approved, waiting to be paid (1):\n  1  Walldorf  alice  due 21.00 EUR\n"))
        XCTAssertEqual(try ok(as: "bob", "report", "overdue", "--days", "3", "--format", "json"), "[]\n")
    }

    /// With plain psql a member cannot put a colleague's report in her own inbox: neither by naming
    /// herself its step's approver nor by making herself its approver's delegate.
    func testAMemberCannotRouteAReportToHerselfWithPsql() throws {
        _ = try ok(as: "alice", "report", "new", "Walldorf", "--from", "2026-03-02", "--to", "2026-03-03", "--country", "none")
        _ = try ok(as: "alice", "expense", "add", "--report", "1", "--date", "2026-03-02", "--amount", "21", "--category", "taxi")
        _ = try ok(as: "alice", "report", "submit", "1")
        try psqlOK(
            """
            DELETE FROM approval_steps WHERE report_id = 1;
            INSERT INTO approval_steps (report_id, position, approver, why) VALUES (1, 1, 'bob', 'manager');
            """, in: database)
        for attack in [
            "UPDATE approval_steps SET approver = 'fiona' WHERE report_id = 1",
            "INSERT INTO approval_steps (report_id, position, approver, why) VALUES (1, 2, 'fiona', 'manager')",
            "INSERT INTO delegations (approver, delegate, from_date, until_date, created_at) "
                + "VALUES ('bob', 'fiona', '2000-01-01', '2999-12-31', '2026-03-01T00:00:00Z')",
        ] {
            let result = try cluster.psql(as: "fiona", password: "fiona-pw", sql: attack, database: database)
            XCTAssertNotEqual(result.status, 0, "\(attack): \(result.stdout)")
            XCTAssertTrue(result.stderr.contains("permission denied"), result.stderr)
        }
        XCTAssertTrue(try ok(as: "fiona", "inbox").hasPrefix("Nothing waits for your decision.\n"))
        XCTAssertTrue(try ok(as: "bob", "inbox").contains("  step: manager\n"))
    }
}
