import ExpenseTestSupport
import Foundation
import XCTest

/// A report's route on a file, through the built binary (issue 43): the policy set with `policy
/// approval`, the route `report show` lists, a delegate's approval for the approver away.
final class ApprovalRouteProcessTests: EngineTestCase {
    override class var engines: Engines {
        .fileOnly(because: "the team database's route is attacked as its members in TeamApprovalRouteTests")
    }

    private var app: App!

    override func setUpWithError() throws {
        try super.setUpWithError()
        app = try App()  // alice, today 2026-03-10
        try app.ok("report", "new", "Munich", "--from", "2026-03-02", "--to", "2026-03-06")
        try app.ok("expense", "add", "--report", "1", "--date", "2026-03-02", "--amount", "19.90", "--category", "rail")
        // alice's manager is bob; erin owns cost centre 4711, which the report is charged to.
        _ = try app.query(
            """
            INSERT INTO people (name, manager, changed_by, changed_at) VALUES ('alice', 'bob', 'fiona', '2026-03-01T09:00:00Z');
            INSERT INTO cost_centres (code, name, owner, changed_by, changed_at)
            VALUES ('4711', 'Sales', 'erin', 'fiona', '2026-03-01T09:00:00Z');
            INSERT INTO report_cost_centres (report_id, cost_centre, share) VALUES (1, '4711', 10000);
            """)
    }

    override func tearDown() { app = nil }

    func testThePolicyTheRouteAndADelegatesApproval() throws {
        XCTAssertEqual(
            try app.ok("policy", "approval"),
            "Steps: the manager, then each cost centre's owner (manager,cost-centre)\nSecond approval: none\n")
        let bad = try app.run("policy", "approval", "--second-above", "lots")
        XCTAssertEqual(bad.status, 64, bad.stderr)
        XCTAssertTrue(bad.stderr.contains("hint: e.g. --second-above 1000.00EUR, or none"), bad.stderr)
        XCTAssertEqual(
            try app.ok("--user", "fiona", "policy", "approval", "--second-above", "10.00EUR", "--second-approver", "finance"),
            "Steps: the manager, then each cost centre's owner (manager,cost-centre)\n"
                + "Second approval: above 10.00 EUR (reports in EUR), by finance\n")

        try app.ok("report", "submit", "1")
        let erin = try app.run("--user", "erin", "report", "approve", "1")
        XCTAssertEqual(erin.status, 77, erin.stderr)
        XCTAssertTrue(erin.stderr.contains("report 1 waits for bob (step 1 of 3: manager); erin cannot decide on it"), erin.stderr)
        XCTAssertEqual(try app.query("SELECT status FROM reports"), "submitted", "nothing was written")

        let own = try app.run("--user", "bob", "delegate", "add", "--to", "bob", "--from", "2026-03-09", "--until", "2026-03-12")
        XCTAssertEqual(own.status, 65, own.stderr)
        XCTAssertEqual(
            try app.ok("--user", "bob", "delegate", "add", "--to", "dave", "--from", "2026-03-09", "--until", "2026-03-12"),
            "Delegation 1: dave decides for bob from 2026-03-09 to 2026-03-12\n")
        let approved = try app.ok("--user", "dave", "report", "approve", "1")
        XCTAssertTrue(approved.contains("(now submitted)"), approved)
        XCTAssertTrue(approved.hasSuffix("It waits for erin now: step 2 of 3 (cost centre 4711)\n"), approved)

        let show = try app.ok("report", "show", "1")
        XCTAssertFalse(show.contains("Decision:"), "the route says who decided: \(show)")
        XCTAssertTrue(
            show.contains(
                """
                  Route:       1. bob (manager): decided by dave for bob at 2026-03-10 09:00:00 UTC
                               2. erin (cost centre 4711): waiting
                               3. finance (second approval): to come

                """), show)
        let json = try XCTUnwrap(app.json("report", "show", "1") as? [String: Any])
        let route = try XCTUnwrap(json["route"] as? [[String: Any]])
        XCTAssertEqual(route.map { $0["state"] as? String }, ["decided", "waiting", "to come"])
        XCTAssertEqual(route.first?["onBehalfOf"] as? String, "bob")
        XCTAssertEqual(route.last?["group"] as? String, "finance")
        XCTAssertTrue(try app.ok("delegate", "list").contains("bob       dave      2026-03-09  2026-03-12"))
    }
}
