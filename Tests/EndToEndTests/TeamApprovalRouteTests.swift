import ExpenseTestSupport
import Foundation
import XCTest

/// On a team database a report waits for whom its route names (issue 43): the server computes
/// the route at the submission and lets only the waiting step's approver, or their delegate
/// during the delegation, decide it. Each way around it a member has with plain psql is tried.
final class TeamApprovalRouteTests: TeamDatabaseTestCase {
    /// dave and erin are approvers too; alice's and dave's manager is bob; erin owns cost centre
    /// 4711 (set as finance would, with psql here: the people's commands are another change's).
    override func setUpWithError() throws {
        try super.setUpWithError()
        for role in ["dave", "erin"] {
            try psqlOK(
                """
                DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '\(role)') THEN
                    CREATE ROLE \(role) LOGIN PASSWORD '\(role)-pw'; END IF; END $$;
                """)
            try psqlOK("GRANT expenses_traveller, expenses_approver TO \(role)", in: database)
        }
        try psqlOK(
            """
            INSERT INTO people (name, manager, changed_by, changed_at) VALUES
                ('alice', 'bob', 'postgres', '2026-03-01T09:00:00Z'), ('dave', 'bob', 'postgres', '2026-03-01T09:00:00Z');
            INSERT INTO cost_centres (code, name, owner, changed_by, changed_at)
            VALUES ('4711', 'Sales', 'erin', 'postgres', '2026-03-01T09:00:00Z');
            """, in: database)
        // The tickets' receipts are beside the point here.
        try ok(as: "fiona", "policy", "set", "missing-receipt", "warning")
    }

    /// The server's day, `days` from now, as YYYY-MM-DD: the harness pins the server's clock to
    /// the suite's `EXPENSES_NOW` (`pinClock`), else it runs.
    private func day(_ days: Int) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        let pinned = app.environment["EXPENSES_NOW"].flatMap { formatter.date(from: String($0.prefix(10))) }
        return formatter.string(from: (pinned ?? Date()).addingTimeInterval(Double(days) * 86_400))
    }

    /// `owner`'s report `id` with one item of `amount` EUR, charged to cost centre 4711 when
    /// `charged`, submitted.
    private func submitted(_ id: Int, of owner: String, amount: String = "40.00", charged: Bool = true) throws {
        try ok(as: owner, "report", "new", "Munich workshop", "--from", "2026-03-02", "--to", "2026-03-06")
        try ok(
            as: owner, "expense", "add", "--report", "\(id)", "--date", "2026-03-02", "--amount", amount, "--category", "rail",
            "--merchant", "DB Fernverkehr")
        if charged {
            try psqlOK("INSERT INTO report_cost_centres (report_id, cost_centre, share) VALUES (\(id), '4711', 10000)", in: database)
        }
        try ok(as: owner, "report", "submit", "\(id)")
    }

    /// What `role` gets for `sql` in plain psql.
    private func psql(as role: String, _ sql: String) throws -> PostgresCluster.Output {
        try cluster.psql(as: role, password: "\(role)-pw", sql: sql, database: database)
    }

    /// The step as a member takes it with psql, naming the version she read.
    private func approveWithPSQL(_ id: Int, as role: String) throws -> PostgresCluster.Output {
        try psql(
            as: role,
            "SELECT expenses.report_step(\(id), 'approve', '', (SELECT max(id) FROM report_events WHERE report_id = \(id)), "
                + "'2026-03-09T10:00:00Z')")
    }

    private func steps(_ id: Int) throws -> String {
        try cluster.psql(
            "SELECT position, coalesce(approver, approver_group), why, coalesce(decided_by, '-'), coalesce(on_behalf_of, '-') "
                + "FROM approval_steps WHERE report_id = \(id) ORDER BY position", database: database
        ).stdout
    }

    func testOnlyTheWaitingStepsApproverDecidesAndNoMemberReroutesOrWritesTheRoute() throws {
        try submitted(1, of: "alice")
        XCTAssertEqual(try steps(1), "1|bob|manager|-|-\n2|erin|cost centre 4711|-|-\n")
        let show = try ok(as: "bob", "report", "show", "1")
        XCTAssertTrue(show.contains("  Route:       1. bob (manager): waiting\n               2. erin (cost centre 4711): to come\n"), show)

        assertFails(try run(as: "erin", "report", "approve", "1"), 77, "report 1 waits for bob (step 1 of 2: manager)")
        let erin = try approveWithPSQL(1, as: "erin")
        XCTAssertNotEqual(erin.status, 0)
        XCTAssertTrue(erin.stderr.contains("report 1 waits for bob (step 1 of 2: manager); erin cannot approve it"), erin.stderr)
        // Nor does she cut a line of it before her step, with psql either (the cut's check is the approval's).
        let cut = try psql(
            as: "erin", "SELECT expenses.expense_cut(1, 1, 0, 'early', (SELECT max(id) FROM report_events WHERE report_id = 1))")
        XCTAssertTrue(cut.stderr.contains("report 1 waits for bob (step 1 of 2: manager); erin cannot cut it"), cut.stderr)
        // alice re-charges her submitted report to no friendlier owner through the charges' own write.
        for split in ["", "4711:5000"] {
            let recharged = try psql(as: "alice", "SELECT expenses.report_cost_centres_set(1, '\(split)')")
            XCTAssertTrue(recharged.stderr.contains("the report is not a draft"), recharged.stderr)
        }

        // Nobody writes a route, a delegation or what the report is charged to, nor re-routes a submitted report.
        for (role, sql) in [
            ("alice", "INSERT INTO approval_steps (report_id, position, approver, why) VALUES (1, 3, 'alice', 'forged')"),
            ("erin", "UPDATE approval_steps SET decided_by = 'bob', decided_at = '2026-03-09T10:00:00Z' WHERE report_id = 1"),
            ("alice", "DELETE FROM approval_steps WHERE report_id = 1"),
            (
                "erin",
                "INSERT INTO delegations (approver, delegate, from_date, until_date, created_at) "
                    + "VALUES ('bob', 'erin', '2026-01-01', '2099-01-01', '2026-03-09T10:00:00Z')"
            ),
            ("alice", "DELETE FROM report_cost_centres WHERE report_id = 1"),
            ("alice", "SELECT expenses.route_steps(r) FROM reports r WHERE r.id = 1"),
            ("erin", "SELECT expenses.require_decider(r, 'bob', 'approve') FROM reports r WHERE r.id = 1"),
        ] {
            let attack = try psql(as: role, sql)
            XCTAssertNotEqual(attack.status, 0, "\(role): \(sql): \(attack.stdout)")
        }
        // Not even the tables' owner changes what a submitted report is charged to: its route stays as computed.
        let recharged = try cluster.psql("UPDATE report_cost_centres SET cost_centre = '4711' WHERE report_id = 1", database: database)
        XCTAssertTrue(recharged.stderr.contains("its cost centres are frozen"), recharged.stderr)
        XCTAssertEqual(try steps(1), "1|bob|manager|-|-\n2|erin|cost centre 4711|-|-\n")

        let first = try ok(as: "bob", "report", "approve", "1")
        XCTAssertTrue(first.contains("(now submitted)"), first)
        XCTAssertTrue(first.contains("It waits for erin now: step 2 of 2 (cost centre 4711)"), first)
        XCTAssertNotEqual(try approveWithPSQL(1, as: "bob").status, 0, "bob's step is decided")
        XCTAssertTrue(try ok(as: "erin", "report", "approve", "1").contains("(now approved)"))
        XCTAssertEqual(try steps(1), "1|bob|manager|bob|-\n2|erin|cost centre 4711|erin|-\n")
        let history = try ok(as: "alice", "report", "history", "1")
        XCTAssertTrue(history.contains("step 1 of 2 (manager)"), history)
    }

    func testADelegateDecidesOnlyDuringTheDelegationNeverOnTheirOwnReportAndNeverPassesItOn() throws {
        try submitted(1, of: "alice")
        try submitted(2, of: "dave", charged: false)
        XCTAssertEqual(try steps(2), "1|bob|manager|-|-\n")

        // Outside the period: dave is nobody's delegate yet.
        XCTAssertTrue(try ok(as: "bob", "delegate", "add", "--to", "dave", "--from", day(2), "--until", day(9)).hasPrefix("Delegation 1:"))
        let early = try approveWithPSQL(1, as: "dave")
        XCTAssertTrue(early.stderr.contains("report 1 waits for bob"), early.stderr)
        assertFails(try run(as: "dave", "delegate", "remove", "1"), 66, "unknown delegation 1 of dave")
        XCTAssertNotEqual(try psql(as: "dave", "SELECT expenses.delegation_remove(1)").status, 0, "not dave's to remove")
        try ok(as: "bob", "delegate", "remove", "1")

        try ok(as: "bob", "delegate", "add", "--to", "dave", "--from", day(0), "--until", day(3))
        // erin is dave's own delegate: none of bob's steps reach her through him.
        try ok(as: "dave", "delegate", "add", "--to", "erin", "--from", day(0), "--until", day(3))
        let chained = try approveWithPSQL(1, as: "erin")
        XCTAssertTrue(chained.stderr.contains("report 1 waits for bob"), chained.stderr)
        // dave's own report waits for bob, whose delegate he is: never his to decide.
        let own = try approveWithPSQL(2, as: "dave")
        XCTAssertTrue(own.stderr.contains("dave owns report 2 and cannot approve it"), own.stderr)
        assertFails(try run(as: "dave", "report", "approve", "2"), 77, "dave owns report 2")
        // No delegation to oneself, none by a traveller, on the server as in the app.
        assertFails(try run(as: "bob", "delegate", "add", "--to", "bob", "--from", day(0), "--until", day(1)), 65, "own delegate")
        for (role, delegate) in [("bob", "bob"), ("alice", "dave")] {
            let refused = try psql(
                as: role, "SELECT expenses.delegation_add('\(delegate)', '\(day(0))', '\(day(1))', '2026-03-09T10:00:00Z')")
            XCTAssertNotEqual(refused.status, 0, "\(role) → \(delegate): \(refused.stdout)")
        }

        let approved = try ok(as: "dave", "report", "approve", "1", "--note", "bob is away")
        XCTAssertTrue(approved.contains("It waits for erin now"), approved)
        XCTAssertEqual(try steps(1), "1|bob|manager|dave|bob\n2|erin|cost centre 4711|-|-\n")
        let events = try cluster.psql(
            "SELECT actor, reason FROM report_events WHERE report_id = 1 ORDER BY id DESC LIMIT 1", database: database)
        XCTAssertEqual(events.stdout, "dave|step 1 of 2 (manager); for bob; bob is away\n")
        let show = try ok(as: "alice", "report", "show", "1")
        XCTAssertTrue(show.contains("1. bob (manager): decided by dave for bob at "), show)
        XCTAssertTrue(try ok(as: "bob", "delegate", "list").contains("dave"))
        XCTAssertEqual(try app.run("--db", uri("postgres", cluster.superuserPassword), "db", "check").status, 0)
    }

    func testFinanceSetsTheApprovalPolicyAndATravellerCannot() throws {
        assertFails(try run(as: "alice", "policy", "approval", "--second-above", "100.00EUR"), 77, "finance")
        let refused = try psql(as: "bob", "SELECT expenses.approval_policy_set('manager,cost-centre', 0, 'EUR', 'finance', 'x')")
        XCTAssertTrue(refused.stderr.contains("only a member of expenses_finance can set the approval policy"), refused.stderr)
        XCTAssertNotEqual(try psql(as: "alice", "DELETE FROM approval_policy").status, 0)

        let set = try ok(
            as: "fiona", "policy", "approval", "--order", "cost-centre,manager", "--second-above", "100.00EUR", "--second-approver",
            "finance")
        XCTAssertEqual(
            set,
            """
            Steps: each cost centre's owner, then the manager (cost-centre,manager)
            Second approval: above 100.00 EUR (reports in EUR), by finance

            """)
        try submitted(1, of: "alice", amount: "150.00")
        XCTAssertEqual(try steps(1), "1|erin|cost centre 4711|-|-\n2|bob|manager|-|-\n3|finance|second approval|-|-\n")
    }
}
