import ExpenseCore
import ExpenseSupport
import XCTest

@testable import ExpenseStore

/// A real server's failures come out as the kinds a file's do (`DatabaseErrorKindTests` holds
/// each code): busy, constraint, the schema's rules, permission, a missing group, a lost connection.
final class PostgresErrorKindTests: PostgresTestCase {
    private func connect(_ role: String) throws -> PostgresDatabase {
        try PostgresDatabase(cluster.connectionURI(user: role, password: password(role), database: database))
    }

    private func kind(_ body: () throws -> Void) -> DatabaseError.Kind? {
        do {
            try body()
            XCTFail("no error")
        } catch let error as DatabaseError {
            XCTAssertNotNil(error.sqlState, "\(error)")
            return error.kind
        } catch {
            XCTFail("not a DatabaseError: \(error)")
        }
        return nil
    }

    func testAMembersWriteToATableIsPermission() throws {
        let alice = try connect("alice")
        XCTAssertEqual(kind { try alice.execute("DELETE FROM reports", []) }, .permission)
        XCTAssertEqual(kind { try alice.execute("SELECT expenses.policy_set('missing-receipt', 'off')", []) }, .groupRequired)
    }

    func testTheSchemaRefusesARowAsAConstraintAndAStepAsARule() throws {
        let admin = try connect(Self.admin)
        XCTAssertEqual(
            kind {
                try admin.execute(
                    "INSERT INTO reports (title, currency, owner, status, created_at, updated_at) "
                        + "VALUES ('T', 'EUR', 'alice', 'lost', 'now', 'now')", [])
            }, .constraint)
        // The tables' owner may delete; the audit log's trigger refuses, as SQLite's RAISE(ABORT) does.
        XCTAssertEqual(kind { try admin.execute("DELETE FROM report_events", []) }, .rule)
    }

    /// The server's advice, its detail and the constraint's name are kept beside its message:
    /// a function's `RAISE ... USING HINT` reaches the app (which shows it), and a broken key
    /// names itself.
    func testTheServersHintDetailAndConstraintAreKept() throws {
        let report = try newReport("alice", "Paris")
        try expectSuccess(cluster.psql("UPDATE report_events_head SET last_id = 9223372036854775807;", database: database))
        let alice = try connect("alice")
        XCTAssertThrowsError(try ServerWrites.reportStep.call(on: alice, report, "submit", "", nil, "2026-05-06T09:00:00Z")) {
            let error = $0 as? DatabaseError
            XCTAssertEqual(error?.message, "the audit log's end is damaged; nothing was written")
            XCTAssertEqual(error?.hint, "the administrator runs 'expenses db check'")
        }
        let admin = try connect(Self.admin)
        XCTAssertThrowsError(
            try admin.execute("INSERT INTO categories (code, name, currency, position) VALUES ('meals', 'Meals', 'EUR', 99)", [])
        ) {
            let error = $0 as? DatabaseError
            XCTAssertEqual(error?.kind, .constraint)
            XCTAssertEqual(error?.constraint, "categories_pkey")
            XCTAssertEqual(error?.detail, "Key (code)=(meals) already exists.")
            XCTAssertNil(error?.hint)
        }
    }

    func testALockNotHadInTimeIsBusy() throws {
        let holder = try connect(Self.admin)
        let waiter = try connect(Self.admin)
        try holder.begin(.immediate)
        try holder.execute("LOCK TABLE reports IN EXCLUSIVE MODE", [])
        try waiter.execute("SET lock_timeout = '50ms'", [])
        try waiter.begin(.immediate)
        XCTAssertEqual(kind { try waiter.execute("LOCK TABLE reports IN EXCLUSIVE MODE", []) }, .busy)
        waiter.rollback()
        holder.rollback()
    }

    func testALostConnectionIsUnavailable() throws {
        let alice = try connect("alice")
        XCTAssertEqual(try alice.scalar("SELECT 1"), 1)
        try expectSuccess(sql(cluster.superuser, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = 'alice'"))
        XCTAssertEqual(kind { _ = try alice.scalar("SELECT 1") }, .unavailable)
        XCTAssertEqual(kind { _ = try alice.scalar("SELECT 1") }, .unavailable)
    }
}
