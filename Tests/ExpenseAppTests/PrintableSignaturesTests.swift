import ExpenseTestSupport
import Foundation
import XCTest

/// The printable report's signatures (issue 43, points 3 and 4) on both engines: each step of the
/// route, whom it is for, who signed it (a delegate for the approver) and when.
final class PrintableSignaturesTests: EngineTestCase {
    var app: InProcessApp!

    override func setUpWithError() throws {
        app = try InProcessApp()
        try app.ok("report", "new", "Trip", "--from", "2026-03-02", "--to", "2026-03-06")
        try app.ok("expense", "add", "--report", "1", "--date", "2026-03-03", "--amount", "20", "--category", "taxi")
    }

    override func tearDown() { app = nil }

    /// The route's steps as its delegate's decision leaves them (written here, as in the route's tests).
    func testThePrintableReportSignsEachStepOfTheRoute() throws {
        try app.ok("report", "submit", "1")
        _ = try app.query(
            """
            DELETE FROM approval_steps WHERE report_id = 1;
            INSERT INTO approval_steps (report_id, position, approver, approver_group, why, decided_by, on_behalf_of, decided_at)
                VALUES (1, 1, 'bob', NULL, 'manager', 'dave', 'bob', '2026-03-16T10:00:00Z'),
                       (1, 2, 'carol', NULL, 'cost centre 4711', NULL, NULL, NULL),
                       (1, 3, NULL, 'approver', 'second approval', NULL, NULL, NULL);
            """)
        let html = try app.ok("report", "export", "1", "--format", "html")
        XCTAssertTrue(
            html.contains(
                "<tr><td>1. manager</td><td>bob</td><td>dave for bob</td><td class=\"date\">2026-03-16 10:00:00 UTC</td></tr>\n"
                    + "<tr><td>2. cost centre 4711</td><td>carol</td><td>waiting</td><td class=\"date\"></td></tr>\n"
                    + "<tr><td>3. second approval</td><td>any approver</td><td>to come</td><td class=\"date\"></td></tr>\n"), html)
    }
}
