import ExpenseCore
import ExpenseStore
import XCTest

/// A step that decides on someone else's report (approve, reject, reimburse) names the version of
/// the report its taker read (`ReportVersion`: the report's last audit entry), and the server
/// refuses it when the report changed since: an approver never approves what they did not see.
/// Each attack logs in with plain psql as the member who tries it.
final class PostgresSeenVersionAttackTests: PostgresTestCase {
    /// The traveller recalls, adds 900.00 EUR and submits again while the approver decides on 21.00.
    func testApprovalOfAReportChangedSinceItWasReadIsRefused() throws {
        let trip = try newReport("alice", "Walldorf")
        _ = try newItem("alice", in: trip, 2_100)
        try take("alice", .submit, trip)
        let read = try version("bob", trip)
        try take("alice", .recall, trip)
        _ = try newItem("alice", in: trip, 90_000)
        try take("alice", .submit, trip)

        try assertRefused(
            "bob", stepSQL("bob", .approve, trip, seen: read),
            "report \(trip) changed since you read it: its total is now 921.00 EUR; read it again")
        try assertRefused(
            "bob", stepSQL("bob", .reject, trip, seen: read),
            "report \(trip) changed since you read it: its total is now 921.00 EUR; read it again")
        XCTAssertEqual(try status(trip), "submitted")
        try expectSuccess(sql("bob", stepSQL("bob", .approve, trip, seen: try version("bob", trip))))
        XCTAssertEqual(try status(trip), "approved")
    }

    /// Naming no version is no way around it: a step on someone else's report needs one.
    func testApprovalNamingNoVersionIsRefused() throws {
        let trip = try newReport("alice", "Walldorf")
        _ = try newItem("alice", in: trip, 2_100)
        try take("alice", .submit, trip)

        try assertRefused(
            "bob", stepSQL("bob", .approve, trip, seen: "NULL"),
            "approve report \(trip) names no version: the step names the version of the report its taker read")
        XCTAssertEqual(try status(trip), "submitted")
    }

    /// Finance pays what it read: a stale version, or another report's, is refused naming the total.
    func testReimbursementOfAReportNotAsReadIsRefused() throws {
        let trip = try newReport("alice", "Walldorf")
        _ = try newItem("alice", in: trip, 2_100)
        try take("alice", .submit, trip)
        let submitted = try version("bob", trip)
        try take("bob", .approve, trip)
        let other = try newReport("carol", "Rome")
        _ = try newItem("carol", in: other, 90_000)
        try take("carol", .submit, other)
        try take("bob", .approve, other)

        try assertRefused(
            "fiona", stepSQL("fiona", .reimburse, trip, seen: submitted),
            "report \(trip) changed since you read it: its total is now 21.00 EUR; read it again")
        try assertRefused(
            "fiona", stepSQL("fiona", .reimburse, trip, seen: try version("fiona", other)),
            "report \(trip) changed since you read it: its total is now 21.00 EUR; read it again")
        XCTAssertEqual(try status(trip), "approved")
        try expectSuccess(sql("fiona", stepSQL("fiona", .reimburse, trip, seen: try version("fiona", trip))))
        XCTAssertEqual(try status(trip), "reimbursed")
    }

    /// The step of the version before, which names no version, does not linger: `setup` drops it.
    func testSetupDropsTheStepThatNamesNoVersion() throws {
        try expectSuccess(
            cluster.psql(
                """
                CREATE FUNCTION expenses.report_step(p_report bigint, p_action text, p_reason text, p_at text) RETURNS void
                    LANGUAGE sql AS 'SELECT NULL';
                ALTER FUNCTION expenses.report_step(bigint, text, text, text) OWNER TO \(PostgresSchema.definerRole);
                GRANT EXECUTE ON FUNCTION expenses.report_step(bigint, text, text, text) TO \(PostgresSchema.approverRole);
                """, database: database))
        let uri = cluster.connectionURI(user: Self.admin, password: password(Self.admin), database: database)
        _ = try Store.setUpServer(.server(connection: uri), now: "2026-05-01T09:00:00Z")
        try assertRefused(
            "bob", "SELECT expenses.report_step(1, 'approve', '', 'now');",
            "function expenses.report_step(integer, unknown, unknown, unknown) does not exist")
    }

    /// The version of `report` as `role` reads it: its last audit entry's id, as the app reads it.
    private func version(_ role: String, _ report: Int64) throws -> String {
        try rows(role, "SELECT coalesce(max(id), 0) FROM report_events WHERE report_id = \(report);").joined()
    }
}
