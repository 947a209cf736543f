import ExpenseCore
import ExpenseStore
import XCTest

/// What the PostgreSQL server itself holds each role to, whatever program connects: who sees
/// which reports and items, who may take which workflow step, and the audit log's permanence.
/// Every test talks to the server as the role in question, through psql.
final class PostgresServerRulesTests: PostgresTestCase {
    private let deniedReports = "permission denied for table reports"
    private let deniedEvents = "permission denied for table report_events"

    func testTravellerSeesOnlyOwnReportsAndItems() throws {
        let berlin = try newReport("alice", "Berlin")
        let aliceItem = try newItem("alice", in: berlin)
        let loose = try newItem("alice", in: nil)
        let rome = try newReport("carol", "Rome")
        let carolItem = try newItem("carol", in: rome)
        try take("carol", .submit, rome)

        XCTAssertEqual(try rows("alice", "SELECT id, title FROM reports ORDER BY id;"), ["\(berlin)|Berlin"])
        XCTAssertEqual(try rows("alice", "SELECT id FROM expenses ORDER BY id;"), ["\(aliceItem)", "\(loose)"])
        XCTAssertEqual(try rows("carol", "SELECT id, title FROM reports ORDER BY id;"), ["\(rome)|Rome"])
        XCTAssertEqual(try rows("carol", "SELECT id FROM expenses ORDER BY id;"), ["\(carolItem)"])
        // Nor can she reach others' rows by writing to them: no member writes a table.
        try assertRefused("alice", "UPDATE reports SET title = 'Mine' WHERE id = \(rome);", deniedReports)
        try assertRefused("alice", "DELETE FROM expenses WHERE id = \(carolItem);", "permission denied for table expenses")
        XCTAssertEqual(try rows("alice", "SELECT count(*) FROM report_events;"), ["0"])
        XCTAssertEqual(try rows("carol", "SELECT report_id, actor FROM report_events;"), ["\(rome)|carol"])
    }

    func testApproverSeesSubmittedReportsButNotDrafts() throws {
        let draft = try newReport("alice", "Draft")
        _ = try newItem("alice", in: draft)
        let submitted = try newReport("alice", "Submitted")
        let item = try newItem("alice", in: submitted, 4_200)
        try take("alice", .submit, submitted)

        XCTAssertEqual(try rows("bob", "SELECT id, status FROM reports ORDER BY id;"), ["\(submitted)|submitted"])
        XCTAssertEqual(try rows("bob", "SELECT id, converted_minor FROM expenses ORDER BY id;"), ["\(item)|4200"])
        XCTAssertEqual(try rows("bob", "SELECT report_id, action FROM report_events;"), ["\(submitted)|submit"])
        // A traveller who is no approver sees neither.
        XCTAssertEqual(try rows("carol", "SELECT count(*) FROM reports;"), ["0"])
    }

    func testApproverCannotApproveOwnReport() throws {
        let own = try newReport("bob", "Bob's trip")
        try take("bob", .submit, own)

        try assertRefused(
            "bob", stepSQL("bob", .approve, own),
            "bob owns report \(own) and cannot approve it: someone else must (separation of duties)")
        try assertRefused(
            "bob", stepSQL("bob", .reject, own),
            "bob owns report \(own) and cannot reject it: someone else must (separation of duties)")
        XCTAssertEqual(try status(own), "submitted")
    }

    func testTravellerCannotApproveAnything() throws {
        let own = try newReport("alice", "Own")
        try take("alice", .submit, own)
        let carols = try newReport("carol", "Carol's")
        try take("carol", .submit, carols)

        // Her own: the server says why.
        try assertRefused(
            "alice", stepSQL("alice", .approve, own),
            "alice owns report \(own) and cannot approve it: someone else must (separation of duties)")
        // Someone else's: she does not even see it.
        try assertRefused("alice", stepSQL("alice", .approve, carols), "unknown report \(carols)")
        try assertRefused("alice", eventInsert("alice", carols, from: .submitted, to: .approved, action: "approve"), deniedEvents)
        try assertRefused("alice", "UPDATE reports SET status = 'approved' WHERE id = \(carols);", deniedReports)
        XCTAssertEqual(try status(own), "submitted")
        XCTAssertEqual(try status(carols), "submitted")
        // An approver may.
        try take("bob", .approve, carols)
        XCTAssertEqual(try rows("carol", "SELECT status FROM reports WHERE id = \(carols);"), ["approved"])
    }

    func testFinanceReimbursesOnlyApprovedReports() throws {
        let report = try newReport("alice", "Paris")
        let item = try newItem("alice", in: report, 9_900)
        try take("alice", .submit, report)

        XCTAssertEqual(try rows("fiona", "SELECT count(*) FROM reports;"), ["0"])
        try assertRefused("fiona", stepSQL("fiona", .reimburse, report), "unknown report \(report)")
        try assertRefused("fiona", eventInsert("fiona", report, from: .approved, to: .reimbursed, action: "reimburse"), deniedEvents)
        try assertRefused("fiona", "UPDATE reports SET status = 'reimbursed' WHERE id = \(report);", deniedReports)
        XCTAssertEqual(try status(report), "submitted")

        try take("bob", .approve, report)
        XCTAssertEqual(try rows("fiona", "SELECT id, status FROM reports;"), ["\(report)|approved"])
        XCTAssertEqual(try rows("fiona", "SELECT id FROM expenses;"), ["\(item)"])
        try take("fiona", .reimburse, report)
        XCTAssertEqual(try rows("alice", "SELECT status FROM reports WHERE id = \(report);"), ["reimbursed"])
        XCTAssertEqual(
            try rows("alice", "SELECT actor, action FROM report_events ORDER BY id;"),
            ["alice|submit", "bob|approve", "fiona|reimburse"])
    }

    func testFinanceCannotSeeDrafts() throws {
        let draft = try newReport("alice", "Draft")
        _ = try newItem("alice", in: draft)
        let approved = try newReport("carol", "Approved")
        try take("carol", .submit, approved)
        try take("bob", .approve, approved)

        XCTAssertEqual(try rows("fiona", "SELECT id FROM reports ORDER BY id;"), ["\(approved)"])
        XCTAssertEqual(try rows("fiona", "SELECT count(*) FROM expenses;"), ["0"])
        try assertRefused("fiona", "UPDATE reports SET title = 'x' WHERE id = \(draft);", deniedReports)
    }

    func testOnlyTheOwnerSubmitsRecallsAndReopens() throws {
        let report = try newReport("alice", "Paris")
        // Someone else's draft is not there for him at all.
        try assertRefused("bob", stepSQL("bob", .submit, report), "unknown report \(report)")
        try take("alice", .submit, report)
        // An approver sees it, but the step is the owner's.
        try assertRefused("bob", stepSQL("bob", .recall, report), "report \(report) belongs to alice; only they can recall it")
        try take("bob", .reject, report)
        try assertRefused("bob", stepSQL("bob", .reopen, report), "report \(report) belongs to alice; only they can reopen it")
        try take("alice", .reopen, report)
        XCTAssertEqual(try status(report), "draft")
    }

    func testOthersMayOnlyMoveTheStatus() throws {
        let report = try newReport("alice", "Paris")
        try take("alice", .submit, report)

        try assertRefused(
            "bob",
            """
            BEGIN;
            \(eventInsert("bob", report, from: .submitted, to: .approved, action: "approve"))
            UPDATE reports SET status = 'approved', title = 'Paris and Nice' WHERE id = \(report);
            COMMIT;
            """, deniedEvents)
        try assertRefused(
            "bob",
            """
            BEGIN;
            \(eventInsert("bob", report, from: .submitted, to: .approved, action: "approve"))
            UPDATE reports SET status = 'approved', owner = 'bob' WHERE id = \(report);
            COMMIT;
            """, deniedEvents)
        // Nor from inside a trigger of his own (on a temporary table), where the report totals' updates come from.
        try assertRefused(
            "bob",
            """
            CREATE FUNCTION pg_temp.take_over() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                UPDATE public.reports SET owner = 'bob' WHERE id = \(report);
                RETURN NULL;
            END $$;
            CREATE TEMPORARY TABLE nudge (x int);
            CREATE TRIGGER nudge_after AFTER INSERT ON nudge FOR EACH ROW EXECUTE FUNCTION pg_temp.take_over();
            INSERT INTO nudge VALUES (1);
            """, deniedReports)
        XCTAssertEqual(try rows("alice", "SELECT owner FROM reports WHERE id = \(report);"), ["alice"])
        XCTAssertEqual(try status(report), "submitted")
    }

    func testNobodyChangesOrDeletesTheAuditLog() throws {
        let report = try newReport("alice", "Paris")
        try take("alice", .submit, report)

        for role in ["alice", "bob", "fiona"] {
            try assertRefused(role, "UPDATE report_events SET reason = 'edited';", "permission denied for table report_events")
            try assertRefused(role, "DELETE FROM report_events;", "permission denied for table report_events")
            try assertRefused(role, "TRUNCATE report_events;", "permission denied for table report_events")
        }
        // The tables' owner holds every privilege, and the superuser bypasses row security: the triggers refuse.
        for role in [Self.admin, cluster.superuser] {
            for text in ["UPDATE report_events SET reason = 'edited';", "DELETE FROM report_events;", "TRUNCATE report_events;"] {
                try assertRefused(role, text, "the audit log is append-only")
            }
        }
        XCTAssertEqual(try expectSuccess(cluster.psql("SELECT actor, reason FROM report_events;", database: database)), ["alice|"])
    }

    func testIllegalTransitionIsRefused() throws {
        let draft = try newReport("alice", "Draft")
        try assertRefused("alice", stepSQL("alice", .approve, draft), "report \(draft) is draft: the step approve needs a submitted report")
        try assertRefused("alice", "SELECT expenses.report_step(\(draft), 'publish', '', NULL, 'now');", "unknown workflow step publish")
        // Not even the superuser, past the functions.
        try assertRefused(cluster.superuser, "UPDATE reports SET status = 'reimbursed' WHERE id = \(draft);", "illegal report transition")
        XCTAssertEqual(try status(draft), "draft")
    }

    func testStatusChangeWithoutLoggedEventIsRefused() throws {
        let draft = try newReport("alice", "Draft")
        try assertRefused("alice", "UPDATE reports SET status = 'submitted' WHERE id = \(draft);", deniedReports)
        // Past the functions and row security, the trigger still wants the step logged first.
        try assertRefused(
            cluster.superuser, "UPDATE reports SET status = 'submitted' WHERE id = \(draft);",
            "a report transition must be logged first")
        XCTAssertEqual(try status(draft), "draft")
    }

    func testReportOrEventInSomeoneElsesNameIsRefused() throws {
        try assertRefused(
            "alice",
            """
            INSERT INTO reports (title, currency, owner, created_at, updated_at) VALUES ('Bob''s', 'EUR', 'bob', 'now', 'now');
            """, deniedReports)
        // The function makes a draft of whoever calls, whatever they would like.
        let report = try newReport("alice", "Own")
        try assertRefused("alice", "UPDATE reports SET owner = 'bob' WHERE id = \(report);", deniedReports)
        try assertRefused("alice", eventInsert("bob", report, from: .draft, to: .submitted, action: "submit"), deniedEvents)
        XCTAssertEqual(
            try expectSuccess(cluster.psql("SELECT id, owner, status FROM reports;", database: database)),
            ["\(report)|alice|draft"])
        XCTAssertEqual(try expectSuccess(cluster.psql("SELECT count(*) FROM report_events;", database: database)), ["0"])
    }

    func testAuditEntryNeedsAHash() throws {
        let report = try newReport("alice", "Own")
        let message = "an audit log entry needs its hash: only expenses writes the log"
        // Only a superuser writes the log past the functions; even then an entry has a hash's form.
        try assertRefused(
            cluster.superuser,
            eventInsert(
                "alice", report, from: .draft, to: .submitted, action: "submit",
                hash: String(repeating: "A", count: 64)), message)
        try assertRefused(
            cluster.superuser,
            eventInsert(
                "alice", report, from: .draft, to: .submitted, action: "submit",
                hash: String(repeating: "a", count: 63)), message)
        try assertRefused("alice", eventInsert("alice", report, from: .draft, to: .submitted, action: "submit"), deniedEvents)
    }

    /// The administrator, a member of the functions' role, sees every row (so 'db check' can follow
    /// the whole audit chain); a member of the read-only auditors' group sees them too, and writes none.
    func testTheAdministratorAndAnAuditorSeeEveryRowAndTheAuditorWritesNone() throws {
        let report = try newReport("alice", "Own")
        _ = try newItem("alice", in: report)
        XCTAssertEqual(try rows(Self.admin, "SELECT (SELECT count(*) FROM reports), (SELECT count(*) FROM expenses);"), ["1|1"])
        try makeLogin("audrey", groups: [PostgresSchema.auditorRole])
        XCTAssertEqual(try rows("audrey", "SELECT (SELECT count(*) FROM reports), (SELECT count(*) FROM report_events_head);"), ["1|1"])
        try assertRefused("audrey", "UPDATE reports SET title = 'x';", deniedReports)
        try assertRefused(
            "audrey", "SELECT expenses.report_new('T', '', '', NULL, NULL, 'EUR', 'now');",
            "permission denied for schema expenses")
    }
}
