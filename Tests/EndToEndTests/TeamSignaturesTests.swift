import ExpenseTestSupport
import Foundation
import XCTest

/// The printable report signs its route (issue 43, points 3 and 4): each step with whom it is
/// for, who decided it ("dave for bob", a delegate) and when, and the one it waits at, as each
/// member exports it from a team database.
final class TeamSignaturesTests: TeamDatabaseTestCase {
    func testThePrintableReportShowsEveryStepAndADelegatesSignatureForTheApprover() throws {
        _ = try ok(as: "alice", "report", "new", "Walldorf", "--from", "2026-03-02", "--to", "2026-03-03", "--country", "none")
        _ = try ok(as: "alice", "expense", "add", "--report", "1", "--date", "2026-03-02", "--amount", "21", "--category", "taxi")
        _ = try ok(as: "alice", "report", "submit", "1")
        // The route as the server's submit and its delegate's approval leave it (their own tests say how).
        try psqlOK(
            """
            DELETE FROM approval_steps WHERE report_id = 1;
            INSERT INTO approval_steps (report_id, position, approver, approver_group, why, decided_by, on_behalf_of, decided_at)
                VALUES (1, 1, 'bob', NULL, 'manager', 'dave', 'bob', '2026-03-16T10:00:00Z'),
                       (1, 2, NULL, 'finance', 'second approval', NULL, NULL, NULL);
            """, in: database)
        for role in ["alice", "bob"] {
            let pdf = app.path("report-\(role).pdf")
            _ = try ok(as: role, "report", "export", "1", "-o", pdf)
            let text = try Browser.text(pdf: pdf)
            XCTAssertTrue(
                text.contains(
                    "Signatures Step For Signed by When 1. manager bob dave for bob 2026-03-16 10:00:00 UTC 2. second approval finance waiting"
                ), "\(role):\n\(text)")
        }
    }
}
