import ExpenseTestSupport
import Foundation
import XCTest

/// The server keeps the clock (issue 43, point 7): on a team database every time a member's write
/// puts on a row or an audit entry is the server's (`server_now`), never the one her client sends.
/// A laptop whose clock is wrong stamps nothing, and a member with psql cannot backdate her rows:
/// not by passing a time, not by a setting of her session, not by pinning the server's clock,
/// which only the cluster's administrator may (`server_clock`, as this harness does).
final class TeamServerClockTests: TeamDatabaseTestCase {
    private let serverTime = "2026-03-10T09:00:00Z"
    private let stamp = "to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')"

    /// `sql` as the superuser, its rows as psql prints them.
    private func superuser(_ sql: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let result = try cluster.psql(sql, database: database)
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        return result.stdout
    }

    /// `sql` as alice with her own psql.
    private func alice(_ sql: String) throws -> PostgresCluster.Output {
        try cluster.psql(as: "alice", password: "alice-pw", sql: sql, database: database)
    }

    func testALaptopsClockStampsNothingTheServerDoes() throws {
        XCTAssertEqual(app.environment["EXPENSES_NOW"], serverTime, "the harness pinned the server's clock to the test's time")
        try pinClock()
        // alice's laptop is a day and an hour behind; she runs the app as she always does.
        app.environment["EXPENSES_NOW"] = "2026-03-09T08:00:00Z"
        let laptop = ["--db", uri("alice")]
        for arguments in [
            ["report", "new", "Lyon"],
            ["expense", "add", "--report", "1", "--date", "2026-03-03", "--amount", "21.00", "--category", "meals"],
            ["receipt", "capture", ReceiptSamples.path("hotel-walldorf-de.jpg"), "--expense", "1", "--no-ocr"], ["report", "submit", "1"],
        ] {
            let result = try app.run(laptop + arguments)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
        }

        XCTAssertEqual(
            try superuser(
                """
                SELECT 'report ' || created_at || ' ' || updated_at FROM reports
                UNION ALL SELECT 'item ' || created_at || ' ' || updated_at FROM expenses
                UNION ALL SELECT 'receipt ' || captured_at FROM receipts
                UNION ALL SELECT 'attached ' || attached_at FROM expense_receipts
                UNION ALL (SELECT 'logged ' || action || ' ' || at FROM report_events ORDER BY id)
                """),
            """
            report \(serverTime) \(serverTime)
            item \(serverTime) \(serverTime)
            receipt \(serverTime)
            attached \(serverTime)
            logged receipt 1 attached to expense 1 \(serverTime)
            logged submit \(serverTime)

            """)
        // What the approver reads is the server's time, not the laptop's.
        let history = try ok(as: "bob", "report", "history", "1")
        XCTAssertTrue(history.contains("2026-03-10 09:00:00 UTC  alice  submit"), history)
        XCTAssertFalse(history.contains("2026-03-09"), history)
    }

    func testAMemberCannotBackdateWithPsql() throws {
        // The server's clock runs, as on a team's own server.
        app.environment["EXPENSES_NOW"] = nil
        try pinClock()
        try ok(as: "alice", "report", "new", "Lyon")
        try ok(as: "alice", "expense", "add", "--report", "1", "--date", "2026-03-03", "--amount", "21.00", "--category", "meals")

        let before = try superuser("SELECT \(stamp)").trimmingCharacters(in: .whitespacesAndNewlines)
        let backdated = try alice(
            """
            SET TimeZone = 'Pacific/Kiritimati';
            SET expenses.now = '2020-01-01T00:00:00Z';
            CREATE FUNCTION pg_temp.server_now() RETURNS text LANGUAGE sql AS $$ SELECT '2020-01-01T00:00:00Z'::text $$;
            SELECT expenses.report_new('Backdated', '', '', NULL, NULL, 'EUR', '2020-01-01T00:00:00Z');
            SELECT expenses.report_step(1, 'submit', '', (SELECT max(id) FROM report_events WHERE report_id = 1),
                                        '2020-01-01T00:00:00Z');
            """)
        XCTAssertEqual(backdated.status, 0, backdated.stderr)
        let after = try superuser("SELECT \(stamp)").trimmingCharacters(in: .whitespacesAndNewlines)

        let stamps = try superuser(
            """
            SELECT created_at FROM reports WHERE title = 'Backdated'
            UNION ALL SELECT updated_at FROM reports WHERE title = 'Backdated'
            UNION ALL SELECT at FROM report_events WHERE report_id = 1 AND action = 'submit'
            """
        ).split(separator: "\n").map(String.init)
        XCTAssertEqual(stamps.count, 3, stamps.description)
        for stamp in stamps {
            XCTAssertTrue(before <= stamp && stamp <= after, "\(stamp) is not the server's time, \(before) to \(after)")
        }

        // Nor may she pin the server's clock, or read it.
        for attempt in [
            "INSERT INTO server_clock (singleton, pinned_at) VALUES (1, '2020-01-01T00:00:00Z')",
            "UPDATE server_clock SET pinned_at = '2020-01-01T00:00:00Z'", "DELETE FROM server_clock",
            "SELECT pinned_at FROM server_clock",
        ] {
            let refused = try alice(attempt)
            XCTAssertNotEqual(refused.status, 0, attempt)
            XCTAssertTrue(refused.stderr.contains("permission denied for table server_clock"), refused.stderr)
        }
        XCTAssertEqual(try superuser("SELECT count(*) FROM server_clock"), "0\n", "the clock still runs")

        let check = try app.run(["--db", uri("postgres", cluster.superuserPassword), "db", "check"])
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertTrue(check.stdout.contains("chained without a break"), check.stdout)
    }

    /// `db copy` brings a laptop's history in as the administrator, through `log_event`, which no
    /// member may call: its entries keep the times they had on the laptop.
    func testTheAdministratorsCopyKeepsTheLaptopsTimes() throws {
        try ok(as: "alice", "report", "new", "Lyon")
        _ = try superuser("SELECT expenses.log_event(1, 'alice', 'submit', 'draft', 'submitted', '', '2026-02-01T08:30:00Z')")
        XCTAssertEqual(try superuser("SELECT at FROM report_events WHERE report_id = 1"), "2026-02-01T08:30:00Z\n")
        let refused = try alice("SELECT expenses.log_event(1, 'alice', 'submit', 'draft', 'submitted', '', '2020-01-01T00:00:00Z')")
        XCTAssertTrue(refused.stderr.contains("permission denied for function log_event"), refused.stderr)
    }
}
