import ExpenseCore
import ExpenseStore
import ExpenseTestSupport
import XCTest

/// A test case with a PostgreSQL team database: one throwaway cluster for the class, and for
/// every test a fresh database `expenses`, created by a non-superuser admin that owns it and
/// sets it up as `expenses setup` does, twice (it must be idempotent). The
/// login roles: alice and carol (travellers), bob (approver and traveller), fiona (finance).
class PostgresTestCase: EngineTestCase {
    override class var engines: Engines { .once(because: "starts a team server of its own (PostgresTestCase)") }

    /// Shared by the class's tests: a cluster starts in about a second, a database in a fraction.
    nonisolated(unsafe) private static var cluster: PostgresCluster?

    static let admin = "expenses_admin"
    static let logins = [
        "alice": [PostgresSchema.travellerRole], "carol": [PostgresSchema.travellerRole],
        "bob": [PostgresSchema.approverRole, PostgresSchema.travellerRole], "fiona": [PostgresSchema.financeRole],
    ]
    let database = "expenses"

    var cluster: PostgresCluster { Self.cluster! }

    override func setUpWithError() throws {
        try super.setUpWithError()
        if Self.cluster == nil {
            let cluster = try PostgresCluster()
            Self.cluster = cluster
            // The admin is not a superuser, so that forced row security applies to it as to anyone.
            try expectSuccess(cluster.psql("CREATE ROLE \(Self.admin) LOGIN CREATEROLE PASSWORD '\(password(Self.admin))';"))
        }
        try expectSuccess(
            cluster.psql(
                """
                DROP DATABASE IF EXISTS \(database) WITH (FORCE);
                CREATE DATABASE \(database) OWNER \(Self.admin);
                """))
        // As `expenses setup` does it, twice: it must be idempotent.
        let uri = cluster.connectionURI(user: Self.admin, password: password(Self.admin), database: database)
        _ = try Store.setUpServer(.server(connection: uri), now: "2026-05-01T09:00:00Z")
        _ = try Store.setUpServer(.server(connection: uri), now: "2026-05-01T09:00:00Z")
        for (login, groups) in Self.logins.sorted(by: { $0.key < $1.key }) { try makeLogin(login, groups: groups) }
        // The server stamps every member's write with its own time (issue 43), pinned here by the
        // administrator to the day of the fixtures' workflow steps (`step`), which findings name.
        try expectSuccess(sql(Self.admin, "INSERT INTO server_clock (singleton, pinned_at) VALUES (1, '\(Self.serverTime)');"))
    }

    /// The time the server's clock is pinned to for every test here.
    static let serverTime = "2026-05-06T09:00:00Z"

    /// The login role `login` (made once per cluster), granted `groups` in the test's database.
    func makeLogin(_ login: String, groups: [String]) throws {
        try expectSuccess(
            sql(
                Self.admin,
                """
                DO $$ BEGIN
                    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '\(login)') THEN
                        CREATE ROLE \(login) LOGIN PASSWORD '\(password(login))';
                    END IF;
                END $$;
                GRANT \(groups.joined(separator: ", ")) TO \(login);
                """))
    }

    override class func tearDown() {
        cluster?.stop()
        cluster = nil
        super.tearDown()
    }

    func password(_ role: String) -> String {
        role == cluster.superuser ? cluster.superuserPassword : "pw-\(role)-\(role.count)"
    }

    /// Runs `text` as `role` (the superuser too) on the test's database.
    func sql(_ role: String, _ text: String) throws -> PostgresCluster.Output {
        try cluster.psql(as: role, password: password(role), sql: text, database: database)
    }

    /// psql failed where the test needed it to succeed: thrown, so the test fails and stops there.
    struct PsqlFailed: Error, CustomStringConvertible {
        let description: String
    }

    /// Throws unless psql succeeded; returns its output, a line per row or command tag.
    @discardableResult
    func expectSuccess(_ output: PostgresCluster.Output, _ what: String = "psql") throws -> [String] {
        guard output.status == 0 else { throw PsqlFailed(description: "\(what) failed (\(output.status)): \(output.stderr)") }
        var lines = output.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The lines `role` gets for `text`, which must succeed.
    func rows(_ role: String, _ text: String) throws -> [String] {
        try expectSuccess(sql(role, text), "\(role): \(text)")
    }

    /// Asserts that the server refuses `text` as `role` with exactly `message` (psql's ERROR line).
    func assertRefused(_ role: String, _ text: String, _ message: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let output = try sql(role, text)
        XCTAssertNotEqual(output.status, 0, "\(role) was let do: \(text)\n\(output.stdout)", file: file, line: line)
        let errors = output.stderr.split(separator: "\n").compactMap { errorLine in
            errorLine.range(of: "ERROR:  ").map { String(errorLine[$0.upperBound...]) }
        }
        XCTAssertEqual(errors, [message], "\(role): \(text)\n\(output.stderr)", file: file, line: line)
    }
}
