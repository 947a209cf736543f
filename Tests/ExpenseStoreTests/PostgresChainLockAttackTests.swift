import Dispatch
import ExpenseCore
import ExpenseStore
import ExpenseTestSupport
import Foundation
import XCTest

/// Issue 40, point 6: no workflow step holds a lock across a client round trip. A member's psql
/// that takes a step (or changes a rate) inside BEGIN, turns its idle timeout off and sits there
/// holds nothing a colleague's step needs: the entry is written at once, and its place in the
/// chain (its hash, the chain's end) is settled only inside COMMIT.
final class PostgresChainLockAttackTests: PostgresTestCase {
    private let photo: [UInt8] = Array("a dinner receipt, photographed twice".utf8)

    /// alice submits inside BEGIN, turns her idle timeout off and stays idle; bob approves carol's
    /// report meanwhile, at once. When alice commits, her entry (and the finding keyed by it)
    /// takes its place after bob's, and the chain is whole.
    func testAStepLeftIdleInATransactionDoesNotStopAColleaguesApproval() throws {
        let carols = try newReport("carol", "Rome")
        _ = try newItem("carol", in: carols, 2_100)
        try take("carol", .submit, carols)
        // The same receipt in both travellers' reports: alice's submission records a finding keyed by its entry.
        let shared = try newReport("carol", "Berlin")
        try attachDinner("carol", shared)
        try take("carol", .submit, shared)
        let alices = try newReport("alice", "Paris")
        try attachDinner("alice", alices)

        let held = try HeldSession(
            cluster: cluster, role: "alice", password: password("alice"), database: database,
            sql: """
                BEGIN;
                \(stepSQL("alice", .submit, alices))
                SET LOCAL idle_in_transaction_session_timeout = 0;
                """)
        try held.waitUntilIdle(self)
        // bob gives up after 5 s: were he waiting for alice's lock, he would wait 20 s (lock_timeout).
        let approval = try sql("bob", "SET statement_timeout = '5s';\n" + stepSQL("bob", .approve, carols))
        XCTAssertEqual(approval.status, 0, approval.stderr)
        XCTAssertEqual(try status(carols), "approved")
        XCTAssertEqual(try held.idleSessions(), 1, "alice's transaction is still open")

        let committed = try XCTUnwrap(held.commit())
        XCTAssertEqual(committed.status, 0, committed.stderr)
        XCTAssertEqual(try status(alices), "submitted")
        let administrator = try Store(
            location: .server(connection: cluster.connectionURI(user: Self.admin, password: password(Self.admin), database: database)),
            now: { "2026-05-07T09:00:00Z" })
        let (found, count) = try administrator.auditLogBreak()
        XCTAssertNil(found)
        XCTAssertEqual(count, 6, "carol's two submissions and a receipt, bob's approval, alice's receipt and submission")
        // alice's entry was chained after bob's, which committed first; her finding moved with it.
        XCTAssertEqual(
            try rows(
                Self.admin,
                """
                SELECT e.actor || ' ' || e.action || ' ' || (SELECT count(*) FROM report_findings f WHERE f.event_id = e.id)
                FROM report_events e WHERE e.action IN ('submit', 'approve') ORDER BY e.id;
                """),
            ["carol submit 0", "carol submit 1", "bob approve 0", "alice submit 1"])
    }

    /// fiona changes a rate inside BEGIN and stays idle; another member of finance changes one at
    /// once, and the rate log's chain is whole once fiona commits.
    func testARateChangeLeftIdleInATransactionDoesNotStopAnother() throws {
        try makeLogin("frank", groups: [PostgresSchema.financeRole])
        let held = try HeldSession(
            cluster: cluster, role: "fiona", password: password("fiona"), database: database,
            sql: """
                BEGIN;
                SELECT expenses.rate_save('USD', '2026-05-04', '1.0823');
                SET LOCAL idle_in_transaction_session_timeout = 0;
                """)
        try held.waitUntilIdle(self)
        let change = try sql("frank", "SET statement_timeout = '5s';\nSELECT expenses.rate_save('GBP', '2026-05-04', '0.8612');")
        XCTAssertEqual(change.status, 0, change.stderr)
        XCTAssertEqual(try held.idleSessions(), 1, "fiona's transaction is still open")
        let committed = try XCTUnwrap(held.commit())
        XCTAssertEqual(committed.status, 0, committed.stderr)
        let administrator = try Store(
            location: .server(connection: cluster.connectionURI(user: Self.admin, password: password(Self.admin), database: database)),
            now: { "2026-05-07T09:00:00Z" })
        XCTAssertEqual(try administrator.verifyRateLog(), 2)
        XCTAssertEqual(
            try rows(Self.admin, "SELECT actor || ' ' || action FROM rate_events ORDER BY id;"),
            ["frank exchange_rates GBP 2026-05-04", "fiona exchange_rates USD 2026-05-04"])
    }

    /// Settling the chain before COMMIT would take its end early and hold it while idle: a member's
    /// SET CONSTRAINTS ... IMMEDIATE after (or before) a step, or PREPARE TRANSACTION, is refused,
    /// and nothing is written.
    func testAMemberCannotSettleTheChainBeforeCommit() throws {
        let report = try newReport("alice", "Paris")
        _ = try newItem("alice", in: report, 1_500)
        for text in [
            "BEGIN;\n\(stepSQL("alice", .submit, report))\nSET CONSTRAINTS ALL IMMEDIATE;\nCOMMIT;",
            "BEGIN;\nSET CONSTRAINTS ALL IMMEDIATE;\n\(stepSQL("alice", .submit, report))\nCOMMIT;",
            "BEGIN;\n\(stepSQL("alice", .submit, report))\nDO $$ BEGIN EXECUTE 'SET CONSTRAINTS ALL IMMEDIATE'; END $$;\nCOMMIT;",
            // PREPARE TRANSACTION fires them too, and would hold the end past her session.
            "BEGIN;\n\(stepSQL("alice", .submit, report))\nPREPARE TRANSACTION 'held';",
        ] {
            try assertRefused("alice", text, "the audit log's entries are chained at COMMIT, not before")
        }
        XCTAssertEqual(try status(report), "draft")
        try take("alice", .submit, report)
        XCTAssertEqual(try rows(Self.admin, "SELECT count(*) FROM report_events WHERE hash = repeat('0', 64);"), ["0"])
    }

    /// Only the chaining at COMMIT gives an entry its place: an entry written unchained (by a
    /// superuser past the functions, as by `log_event`) is chained when it commits; an UPDATE of
    /// either log, by anyone else, an unchained entry's included, is refused as before.
    func testOnlyTheCommitChainsAnEntryAndNobodyElseChangesOne() throws {
        let report = try newReport("alice", "Paris")
        let unchained = String(repeating: "0", count: 64)
        try expectSuccess(
            cluster.psql(eventInsert("alice", report, from: .draft, to: .draft, action: "note", hash: unchained), database: database))
        let administrator = try Store(
            location: .server(connection: cluster.connectionURI(user: Self.admin, password: password(Self.admin), database: database)),
            now: { "2026-05-07T09:00:00Z" })
        let (found, count) = try administrator.auditLogBreak()
        XCTAssertNil(found)
        XCTAssertEqual(count, 1)
        for text in [
            "BEGIN;\n\(eventInsert("alice", report, from: .draft, to: .draft, action: "note", hash: unchained))\n"
                + "UPDATE report_events SET hash = repeat('a', 64) WHERE hash = repeat('0', 64);\nCOMMIT;",
            "BEGIN;\nSET LOCAL ROLE \(PostgresSchema.definerRole);\nUPDATE report_events SET id = id + 100;\nCOMMIT;",
        ] {
            try assertRefused(cluster.superuser, text, "the audit log is append-only")
        }
        try expectSuccess(sql("fiona", "SELECT expenses.rate_save('USD', '2026-05-04', '1.0823');"))
        try assertRefused(cluster.superuser, "UPDATE rate_events SET hash = repeat('b', 64);", "the rate log is append-only")
        XCTAssertEqual(try administrator.verifyRateLog(), 1)
        XCTAssertEqual(try rows(Self.admin, "SELECT count(*) FROM report_events WHERE hash = repeat('0', 64);"), ["0"])
    }

    /// `owner`'s dinner in `report`, with a receipt of the same photo attached.
    private func attachDinner(_ owner: String, _ report: Int64) throws {
        let receipt = try newReceipt(owner, photo)
        let item = try XCTUnwrap(
            Int64(
                try rows(
                    owner,
                    """
                    SELECT expenses.expense_add(\(report), '2026-05-04', 'meals', 'Diner', '', 3000, 'EUR', '1', NULL, 'same', 3000,
                                                'personal', NULL, NULL, NULL, NULL, NULL, '2026-05-04T21:00:00Z');
                    """
                ).joined()))
        try expectSuccess(sql(owner, "SELECT expenses.receipt_attach(\(item), \(receipt), 'manual', '2026-05-04T21:00:00Z');"))
    }
}

/// A member's psql left open inside a transaction on a thread of its own: it runs `sql`, then
/// waits (idle in transaction) until the test tells it to commit.
private final class HeldSession: @unchecked Sendable {
    let cluster: PostgresCluster
    let role: String
    let database: String
    private let go: String
    private let password: String
    private let script: String
    private var output: PostgresCluster.Output?
    private let done = DispatchSemaphore(value: 0)

    init(cluster: PostgresCluster, role: String, password: String, database: String, sql: String) throws {
        self.cluster = cluster
        self.role = role
        self.database = database
        self.password = password
        go = FileManager.default.temporaryDirectory.appendingPathComponent("commit-\(UUID().uuidString)").path
        // At most a minute, so that a failing test never hangs.
        script = sql + "\n\\! for i in $(seq 600); do [ -e '\(go)' ] && break; sleep 0.1; done\nCOMMIT;\n"
        Thread { self.run() }.start()
    }

    private func run() {
        output = try? cluster.psql(as: role, password: password, sql: script, database: database)
        done.signal()
    }

    func idleSessions() throws -> Int {
        let output = try cluster.psql(
            "SELECT count(*) FROM pg_stat_activity WHERE usename = '\(role)' AND state = 'idle in transaction';", database: database)
        return Int(output.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    /// Until the session has run its statements and sits idle in its transaction.
    func waitUntilIdle(_ test: XCTestCase) throws {
        let deadline = Date().addingTimeInterval(20)
        while try idleSessions() != 1 {
            guard Date() < deadline else { return XCTFail("\(role)'s session never sat idle") }
            Thread.sleep(forTimeInterval: 0.1)
        }
    }

    /// psql's output once it committed (nil: it did not run).
    func commit() -> PostgresCluster.Output? {
        _ = FileManager.default.createFile(atPath: go, contents: Data())
        done.wait()
        try? FileManager.default.removeItem(atPath: go)
        return output
    }
}
