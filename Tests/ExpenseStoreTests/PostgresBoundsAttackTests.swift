import Dispatch
import ExpenseCore
import ExpenseStore
import ExpenseTestSupport
import Foundation
import XCTest

/// Issue 40, point 6: what one member could cost everyone else through the server's own
/// functions, tried as that member with plain psql. Every text a function takes is bounded,
/// unfinished uploads have a quota and an expiry, and a session left idle after a workflow step
/// does not stop a colleague's.
final class PostgresBoundsAttackTests: PostgresTestCase {
    /// A 200 MiB audit reason, made on the server by `repeat`: refused at once, naming the field
    /// and its limit, and nothing written (no row any `db check` would have to read whole).
    func testA200MiBAuditReasonIsRefusedQuicklyAndNothingIsWritten() throws {
        let report = try newReport("alice", "Paris")
        _ = try newItem("alice", in: report, 1_500)
        let events = try rows(Self.admin, "SET ROLE \(PostgresSchema.definerRole); SELECT count(*) FROM report_events;").last
        try assertRefused(
            "alice", "SELECT expenses.report_step(\(report), 'submit', repeat('x', 200 * 1024 * 1024), NULL, 'now');",
            "the reason is 209715200 characters long; at most 2000 are allowed")
        XCTAssertEqual(try status(report), "draft")
        XCTAssertEqual(try rows(Self.admin, "SET ROLE \(PostgresSchema.definerRole); SELECT count(*) FROM report_events;").last, events)
        // An acknowledgement's reason and a report's title, the same.
        try assertRefused(
            "alice", "SELECT expenses.report_acknowledge(\(report), 'outside-trip:1', repeat('y', 2001), 'now');",
            "the reason is 2001 characters long; at most 2000 are allowed")
        try assertRefused(
            "alice",
            "SELECT expenses.report_new(repeat('t', 201), '', '', NULL, NULL, 'EUR', 'now');",
            "the title is 201 characters long; at most 200 are allowed")
        // At the limit, in characters (not bytes): accepted.
        try expectSuccess(sql("alice", "SELECT expenses.report_new(repeat('é', 200), '', '', NULL, NULL, 'EUR', 'now');"))
    }

    /// Every text parameter of every write a member may call is checked: none is left unbounded.
    func testEveryTextParameterOfTheServersWritesIsBounded() throws {
        let unbounded = try rows(
            Self.admin,
            """
            SELECT p.proname || '(' || a.name || ')'
            FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace,
                 unnest(p.proargnames, p.proargtypes::oid[]) AS a (name, type)
            WHERE n.nspname = 'expenses' AND a.type = 'text'::regtype
              AND has_function_privilege('\(PostgresSchema.travellerRole)', p.oid, 'EXECUTE')
              AND p.prosrc NOT LIKE '%octet_length(' || a.name || ') >%'
            ORDER BY 1;
            """)
        XCTAssertEqual(unbounded, [])
    }

    /// 512 MiB of never-finished uploads pushed in a loop: refused past the member's quota
    /// (64 MiB), and once expired, `receipt_uploads_gc` removes them.
    func testUnfinishedUploadsHaveAQuotaAndExpire() throws {
        let chunk = "convert_to(repeat(lpad(g::text, 8, '0'), 32768), 'UTF8')"
        let sha = "encode(sha256(convert_to(g::text, 'UTF8')), 'hex')"
        // 256 chunks of 256 KiB, each a different upload: 64 MiB, the quota exactly.
        try expectSuccess(sql("alice", "SELECT count(expenses.receipt_chunk(\(sha), 0, \(chunk))) FROM generate_series(1, 256) g;"))
        try assertRefused(
            "alice", "SELECT count(expenses.receipt_chunk(\(sha), 0, \(chunk))) FROM generate_series(257, 2048) g;",
            "your unfinished receipt uploads would hold 67371008 bytes; at most 67108864 are kept for you")
        XCTAssertEqual(
            try cluster.psql("SELECT count(*), sum(length(bytes)) FROM receipt_uploads;", database: database).stdout, "256|67108864\n")
        // A chunk larger than the app's is refused whatever the quota.
        try assertRefused(
            "carol", "SELECT expenses.receipt_chunk(repeat('c', 64), 0, convert_to(repeat('x', 262145), 'UTF8'));",
            "a chunk of receipt cccccccccccc has 262145 bytes; at most 262144 are sent at once")
        // Another member's quota is her own.
        try expectSuccess(sql("carol", "SELECT expenses.receipt_chunk(repeat('c', 64), 0, '\\x01');"))

        // Not yet expired: gc leaves them.
        XCTAssertEqual(try rows("alice", "SELECT expenses.receipt_uploads_gc();"), ["0"])
        // A day later (the server's clock, moved back for the rows): alice's own gc removes hers, not carol's.
        try expectSuccess(cluster.psql("UPDATE receipt_uploads SET started_at = now() - interval '25 hours';", database: database))
        XCTAssertEqual(try rows("alice", "SELECT expenses.receipt_uploads_gc();"), ["256"])
        XCTAssertEqual(try cluster.psql("SELECT owner FROM receipt_uploads;", database: database).stdout, "carol\n")
        // The administrator's removes everyone's.
        XCTAssertEqual(try rows(Self.admin, "SELECT expenses.receipt_uploads_gc();"), ["1"])
        // And the quota is free again.
        try expectSuccess(sql("alice", "SELECT count(expenses.receipt_chunk(\(sha), 0, \(chunk))) FROM generate_series(1, 4) g;"))
    }

    /// alice's psql calls a workflow step inside BEGIN and then sits idle: bob's approval of
    /// another report completes (the chain's end is taken only at COMMIT), and the server ends her
    /// session (`idle_in_transaction_session_timeout`). PostgresChainLockAttackTests turns her
    /// timeout off.
    func testAnIdleSessionAfterAStepDoesNotStopAColleaguesApproval() throws {
        let carols = try newReport("carol", "Rome")
        _ = try newItem("carol", in: carols, 2_100)
        try take("carol", .submit, carols)
        let alices = try newReport("alice", "Paris")
        _ = try newItem("alice", in: alices, 1_500)

        let held = IdleSession(
            cluster: cluster, password: password("alice"), database: database,
            sql: "BEGIN;\n\(stepSQL("alice", .submit, alices))\n\\! sleep 25\nCOMMIT;")
        Thread { held.run() }.start()
        // Until alice's step is done and her session sits idle.
        let deadline = Date().addingTimeInterval(20)
        while try cluster.psql(
            "SELECT count(*) FROM pg_stat_activity WHERE usename = 'alice' AND state = 'idle in transaction';", database: database
        ).stdout != "1\n" {
            XCTAssertLessThan(Date(), deadline, "alice's session never sat idle")
            if Date() > deadline { break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        let approval = try sql("bob", stepSQL("bob", .approve, carols))
        XCTAssertEqual(approval.status, 0, approval.stderr)
        XCTAssertEqual(try status(carols), "approved")
        held.done.wait()
        XCTAssertNotEqual(held.output?.status, 0, "alice's idle session was ended by the server")
        XCTAssertEqual(try status(alices), "draft", "her step went with her transaction")
    }

    /// A member who turns the timeouts off in her own session gets them back from the server for
    /// the transaction of any workflow step she takes there.
    func testASessionWithoutTheTimeoutsGetsThemBackForAStep() throws {
        let report = try newReport("alice", "Paris")
        _ = try newItem("alice", in: report, 1_500)
        XCTAssertEqual(
            try rows(
                "alice",
                """
                SET idle_in_transaction_session_timeout = 0;
                SET lock_timeout = 0;
                BEGIN;
                \(stepSQL("alice", .submit, report))
                SELECT current_setting('idle_in_transaction_session_timeout'), current_setting('lock_timeout');
                COMMIT;
                """
            ).filter { $0.contains("|") },
            ["10s|20s"])
        XCTAssertEqual(try status(report), "submitted")
        XCTAssertEqual(
            try rows("alice", "SELECT current_setting('idle_in_transaction_session_timeout'), current_setting('lock_timeout');"),
            ["10s|20s"])
    }
}

/// alice's psql, run on a thread of its own while the test goes on as bob.
private final class IdleSession: @unchecked Sendable {
    let cluster: PostgresCluster
    let password: String
    let database: String
    let sql: String
    var output: PostgresCluster.Output?
    let done = DispatchSemaphore(value: 0)

    init(cluster: PostgresCluster, password: String, database: String, sql: String) {
        self.cluster = cluster
        self.password = password
        self.database = database
        self.sql = sql
    }

    func run() {
        output = try? cluster.psql(as: "alice", password: password, sql: sql, database: database)
        done.signal()
    }
}
