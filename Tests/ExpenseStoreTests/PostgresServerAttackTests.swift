import ExpenseCore
import ExpenseStore
import XCTest

/// What issue 27 found a member could do with plain psql, tried again as that member: each is
/// refused by the server itself, whatever program connects.
final class PostgresServerAttackTests: PostgresTestCase {
    /// Findings 1 and 8: the owner rewrites her approved report's total, currency or title, or
    /// an acknowledgement after approval.
    func testAnApprovedReportAndItsAcknowledgementsStayAsApproved() throws {
        let report = try newReport("alice", "Paris")
        _ = try newItem("alice", in: report, 1_500)
        // Dated so that the item (on the 4th) is outside the trip: a warning the report has.
        try expectSuccess(
            sql("alice", "SELECT expenses.report_edit(\(report), 'Paris', '', '', '2026-05-01', '2026-05-03', 'EUR', 'now');"))
        try expectSuccess(sql("alice", "SELECT expenses.report_acknowledge(\(report), 'outside-trip:1', 'the taxi home', 'now');"))
        try take("alice", .submit, report)
        try take("bob", .approve, report)

        try assertRefused(
            "alice", "UPDATE reports SET total_minor = 99999900, currency = 'CHF' WHERE id = \(report);",
            "permission denied for table reports")
        try assertRefused(
            "alice", "SELECT expenses.report_edit(\(report), 'Paris', '', '', NULL, NULL, 'CHF', 'now');",
            "the report is not a draft; its items are frozen")
        try assertRefused(
            "alice", "UPDATE policy_acknowledgements SET reason = 'whatever';",
            "permission denied for table policy_acknowledgements")
        try assertRefused(
            "alice", "SELECT expenses.report_acknowledge(\(report), 'outside-trip:1', 'whatever', 'now');",
            "the report is not a draft; its items are frozen")
        XCTAssertEqual(
            try expectSuccess(
                cluster.psql(
                    """
                    SELECT title, currency, total_minor FROM reports; SELECT reason FROM policy_acknowledgements;
                    """, database: database)), ["Paris|EUR|1500", "the taxi home"])
    }

    /// Finding 5: the audit chain's end is the server's alone; a damaged end (only a superuser can
    /// damage it) is refused in words, never an overflow.
    func testTheAuditChainsEndIsTheServersAlone() throws {
        let report = try newReport("alice", "Paris")
        for text in [
            "UPDATE report_events_head SET last_id = 9223372036854775807;",
            "INSERT INTO report_events_head VALUES (2, 0, 'x');",
        ] {
            try assertRefused("alice", text, "permission denied for table report_events_head")
        }
        try expectSuccess(cluster.psql("UPDATE report_events_head SET last_id = 9223372036854775807;", database: database))
        try assertRefused("alice", stepSQL("alice", .submit, report), "the audit log's end is damaged; nothing was written")
        XCTAssertEqual(try status(report), "draft")
    }

    /// Finding 6: ids are the server's; a member can neither insert with an id of her choosing nor
    /// move a sequence on.
    func testIdsAreTheServers() throws {
        try assertRefused(
            "alice",
            """
            INSERT INTO reports (id, title, currency, owner, created_at, updated_at) VALUES (1000, 'T', 'EUR', 'alice', 'now', 'now');
            """, "permission denied for table reports")
        try assertRefused("alice", "SELECT setval('reports_id_seq', 1000);", "permission denied for sequence reports_id_seq")
        try assertRefused("alice", "SELECT nextval('report_events_id_seq');", "permission denied for sequence report_events_id_seq")
        XCTAssertEqual(try newReport("carol", "Rome"), 1)
    }

    /// Finding 7: a report with a blocking finding is not submitted, also when the app is not asked.
    func testABlockingFindingStopsASubmissionOnTheServer() throws {
        let report = try newReport("alice", "Paris")
        let item = try newItem("alice", in: report, 1_500)
        try expectSuccess(
            sql(
                "alice",
                """
                SELECT expenses.expense_edit(\(item), \(report), '2026-05-04', 'taxi', '', '', 4200, 'EUR', '1', NULL, 'same', 4200,
                                             'personal', 'now');
                """))
        try assertRefused(
            "alice", stepSQL("alice", .submit, report),
            "report \(report) has blocking policy findings (missing-receipt:\(item)): it cannot be submitted")
        try assertRefused("alice", "UPDATE reports SET status = 'submitted' WHERE id = \(report);", "permission denied for table reports")
        // Finance may make the rule a warning; then it goes.
        try assertRefused(
            "alice", "SELECT expenses.policy_set('missing-receipt', 'off');",
            "only a member of expenses_finance can change the expense policy")
        try assertRefused(
            "fiona", "INSERT INTO policy_rules VALUES ('missing-receipt', 'warning');", "permission denied for table policy_rules")
        try expectSuccess(sql("fiona", "SELECT expenses.policy_set('missing-receipt', 'warning');"))
        try take("alice", .submit, report)
    }

    /// Finding 10: no member creates an object where the functions look, so nothing of hers runs
    /// inside someone else's call; setup refuses a server where one still could.
    func testNoMemberCreatesWhereTheFunctionsLook() throws {
        try assertRefused(
            "alice",
            """
            CREATE FUNCTION public.to_jsonb(r reports) RETURNS jsonb LANGUAGE sql AS $$ SELECT '{}'::jsonb $$;
            """, "permission denied for schema public")
        try assertRefused(
            "alice", "CREATE FUNCTION expenses.caller() RETURNS text LANGUAGE sql AS $$ SELECT 'bob' $$;",
            "permission denied for schema expenses")
        try expectSuccess(cluster.psql("GRANT CREATE ON SCHEMA public TO alice;", database: database))
        let uri = cluster.connectionURI(user: Self.admin, password: password(Self.admin), database: database)
        XCTAssertThrowsError(try Store.setUpServer(.server(connection: uri), now: "now")) { error in
            XCTAssertTrue(
                "\(error)".contains("members of the team may create objects where the app's functions look: alice (public)"),
                "\(error)")
        }
    }

    /// A team database as the version before the function layer set it up and its people used it
    /// (`Tests/Fixtures/team-database-before-functions.sql`: pg_dump of `expenses setup` by that
    /// version as expenses_admin, then alice's submitted report and a draft, written by that
    /// version's client) is migrated by `setup`, its rows and audit chain kept, and then written
    /// only through the functions.
    func testADatabaseSetUpByTheEarlierVersionIsMigratedWithItsRowsKept() throws {
        try expectSuccess(cluster.psql("DROP DATABASE IF EXISTS earlier WITH (FORCE); CREATE DATABASE earlier OWNER \(Self.admin);"))
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/team-database-before-functions.sql")
        try expectSuccess(cluster.psql(try String(contentsOf: fixture, encoding: .utf8), database: "earlier"), "restoring the fixture")
        // Before: alice could rewrite her submitted report's total herself.
        let alice = { (sql: String) in try self.cluster.psql(as: "alice", password: self.password("alice"), sql: sql, database: "earlier") }
        XCTAssertEqual(try alice("UPDATE reports SET title = 'Mine' WHERE id = 2;").status, 0, "the fixture is the earlier schema")

        let uri = cluster.connectionURI(user: Self.admin, password: password(Self.admin), database: "earlier")
        _ = try Store.setUpServer(.server(connection: uri), now: "2026-03-11T09:00:00Z")
        XCTAssertEqual(
            try expectSuccess(alice("SELECT id, title, status, total_minor FROM reports ORDER BY id;")),
            ["1|Walldorf|submitted|1250", "2|Mine|draft|700"])
        XCTAssertNotEqual(try alice("UPDATE reports SET title = 'Again' WHERE id = 2;").status, 0)
        try expectSuccess(
            cluster.psql(
                as: "bob", password: password("bob"),
                sql: "SELECT expenses.report_step(1, 'approve', '', \(stepSQLVersion(1)), '2026-03-11T10:00:00Z');",
                database: "earlier"))
        try expectSuccess(
            alice(
                "SELECT expenses.expense_add(2, '2026-03-06', 'per_diem', '', '', 1400, 'EUR', '1', NULL, 'same', 1400, 'personal', 'now');"
            ))
        // The chain the earlier client wrote goes on with the entries the server writes.
        let administrator = try Store(location: .server(connection: uri), now: { "2026-03-11T11:00:00Z" })
        let (found, count) = try administrator.auditLogBreak()
        XCTAssertNil(found)
        XCTAssertEqual(count, 2)
        XCTAssertEqual(try administrator.report(1).status, .approved)
    }
}
