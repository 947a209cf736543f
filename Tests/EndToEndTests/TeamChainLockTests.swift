import Dispatch
import ExpenseTestSupport
import Foundation
import XCTest

/// Issue 40, point 6, as a person meets it: alice's psql takes a workflow step inside BEGIN,
/// turns her idle timeout off and sits there; bob's `report approve` of another traveller's report
/// completes meanwhile, and once alice commits, `db check` finds the audit chain whole with both
/// steps in it. (A file has one writer at a time: nothing there waits for anyone.)
final class TeamChainLockTests: TeamDatabaseTestCase {
    func testAnApprovalCompletesBesideAMembersIdleTransaction() throws {
        _ = try ok(as: "fiona", "report", "new", "Rome")
        _ = try ok(as: "fiona", "expense", "add", "--report", "1", "--date", "2026-03-03", "--amount", "21.00", "--category", "meals")
        _ = try ok(as: "fiona", "report", "submit", "1")
        _ = try ok(as: "alice", "report", "new", "Paris")
        _ = try ok(as: "alice", "expense", "add", "--report", "2", "--date", "2026-03-04", "--amount", "15.00", "--category", "meals")

        let go = app.path("commit-now")
        let script = """
            BEGIN;
            SELECT expenses.report_step(2, 'submit', '', (SELECT coalesce(max(id), 0) FROM report_events WHERE report_id = 2),
                                        '2026-03-05T09:00:00Z');
            SET LOCAL idle_in_transaction_session_timeout = 0;
            \\! for i in $(seq 600); do [ -e '\(go)' ] && break; sleep 0.1; done
            COMMIT;
            """
        let held = HeldPsql(cluster: cluster, database: database, sql: script)
        Thread { held.run() }.start()
        let deadline = Date().addingTimeInterval(20)
        while try aliceIdle() != "1\n", Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        XCTAssertEqual(try aliceIdle(), "1\n", "alice's session never sat idle after her step")

        // Were bob waiting for alice's transaction, he would give up after 5 s.
        app.environment["PGOPTIONS"] = "-c statement_timeout=5s"
        let approved = try run(as: "bob", "report", "approve", "1")
        app.environment["PGOPTIONS"] = nil
        XCTAssertEqual(approved.status, 0, approved.stderr)
        XCTAssertTrue(try ok(as: "fiona", "report", "show", "1").contains("approved"))
        XCTAssertEqual(try aliceIdle(), "1\n", "alice's transaction is still open")

        _ = FileManager.default.createFile(atPath: go, contents: Data())
        held.done.wait()
        XCTAssertEqual(held.status, 0, "alice's commit")
        XCTAssertTrue(try ok(as: "alice", "report", "show", "2").contains("submitted"))
        let check = try app.run(["--db", uri("postgres", cluster.superuserPassword), "db", "check"])
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertTrue(check.stdout.contains("chained without a break"), check.stdout)
        XCTAssertEqual(
            try cluster.psql("SELECT actor || ' ' || action FROM report_events ORDER BY id", database: database).stdout,
            "fiona submit\nbob approve\nalice submit\n", "alice's entry chained after bob's, which committed first")
    }

    private func aliceIdle() throws -> String {
        try cluster.psql(
            "SELECT count(*) FROM pg_stat_activity WHERE usename = 'alice' AND state = 'idle in transaction'", database: database
        ).stdout
    }
}

/// alice's psql, on a thread of its own while the test goes on as bob.
private final class HeldPsql: @unchecked Sendable {
    let cluster: PostgresCluster
    let database: String
    let sql: String
    /// psql's exit status once it ended (`done`); nil when it did not run.
    private(set) var status: Int32?
    let done = DispatchSemaphore(value: 0)

    init(cluster: PostgresCluster, database: String, sql: String) {
        self.cluster = cluster
        self.database = database
        self.sql = sql
    }

    func run() {
        status = (try? cluster.psql(as: "alice", password: "alice-pw", sql: sql, database: database))?.status
        done.signal()
    }
}
