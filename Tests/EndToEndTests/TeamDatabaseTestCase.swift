import ExpenseTestSupport
import Foundation
import XCTest

/// A team on one throwaway PostgreSQL server (one per test class, a database per test), as its
/// people use it: the administrator has run `expenses setup`; alice (traveller), bob (traveller
/// and approver) and fiona (traveller and finance) each run the built binary with their own
/// connection string (`run(as:)`).
class TeamDatabaseTestCase: EngineTestCase {
    override class var engines: Engines { .once(because: "starts a team server of its own (TeamDatabaseTestCase)") }

    nonisolated(unsafe) private static var cluster: PostgresCluster?
    var cluster: PostgresCluster { Self.cluster! }
    var app: ExpensesProcess!
    var database = ""

    override class func setUp() {
        super.setUp()
        // In the team tier every test here is skipped (`engines`): no cluster to start for them.
        guard TestEngine.ofThisRun == .file else { return }
        cluster = try? PostgresCluster()
    }

    override class func tearDown() {
        cluster?.stop()
        cluster = nil
        super.tearDown()
    }

    /// A fresh database per test, set up by the superuser with `expenses setup`, and the team's
    /// login roles made members of its groups (what an administrator does with psql).
    override func setUpWithError() throws {
        try super.setUpWithError()  // skips in the team tier, where no cluster was started
        guard Self.cluster != nil else { return XCTFail("the test cluster did not start: \(String(describing: try? PostgresCluster()))") }
        app = try ExpensesProcess()
        app.environment["EXPENSES_USER"] = nil
        app.environment["EXPENSES_DB"] = nil
        database = "team_" + UUID().uuidString.prefix(8).lowercased()
        try psqlOK("CREATE DATABASE \(database) LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0")
        let setup = try app.run("--db", uri("postgres", cluster.superuserPassword), "setup")
        XCTAssertEqual(setup.status, 0, setup.stderr)
        for (role, groups) in [("alice", ["traveller"]), ("bob", ["traveller", "approver"]), ("fiona", ["traveller", "finance"])] {
            try psqlOK(
                """
                DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '\(role)') THEN
                    CREATE ROLE \(role) LOGIN PASSWORD '\(role)-pw'; END IF; END $$;
                """)
            for group in groups { try psqlOK("GRANT expenses_\(group) TO \(role)", in: database) }
        }
        try pinClock()
    }

    func psqlOK(_ sql: String, in database: String = "postgres", file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try cluster.psql(sql, database: database)
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
    }

    func uri(_ role: String, _ password: String? = nil) -> String {
        cluster.connectionURI(user: role, password: password ?? "\(role)-pw", database: database)
    }

    /// The time the server's clock is pinned to (`server_clock`), as last set here; nil: it runs.
    private var pinned: String?

    /// Pins the server's clock to the time the test pins the app's to (EXPENSES_NOW), as the
    /// cluster's administrator, or lets it run when the test does not: the server stamps every
    /// member's write with its own time (`server_now`), never the one the client sends.
    func pinClock(file: StaticString = #filePath, line: UInt = #line) throws {
        let now = app.environment["EXPENSES_NOW"]
        guard now != pinned else { return }
        try psqlOK(
            now.map {
                "INSERT INTO server_clock (singleton, pinned_at) VALUES (1, '\($0)') "
                    + "ON CONFLICT (singleton) DO UPDATE SET pinned_at = excluded.pinned_at"
            } ?? "DELETE FROM server_clock", in: database, file: file, line: line)
        pinned = now
    }

    /// Runs the binary as `role`.
    @discardableResult
    func run(as role: String, _ arguments: String...) throws -> ExpensesProcess.Result {
        try pinClock()
        return try app.run(["--db", uri(role)] + arguments)
    }

    @discardableResult
    func ok(as role: String, _ arguments: String..., file: StaticString = #filePath, line: UInt = #line) throws -> String {
        try pinClock(file: file, line: line)
        let result = try app.run(["--db", uri(role)] + arguments)
        XCTAssertEqual(result.status, 0, "\(role): \(arguments.joined(separator: " ")): \(result.stderr)", file: file, line: line)
        return result.stdout
    }

    func assertFails(
        _ result: ExpensesProcess.Result, _ status: Int32, _ message: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(result.status, status, result.stderr, file: file, line: line)
        XCTAssertTrue(result.stderr.contains(message), "expected '\(message)' in: \(result.stderr)", file: file, line: line)
        XCTAssertFalse(
            result.stderr.contains("PostgreSQL error") || result.stderr.contains("Backtrace"), result.stderr, file: file, line: line)
        XCTAssertEqual(
            result.stderr.split(separator: "\n").filter { $0.hasPrefix("expenses: error:") }.count, 1, result.stderr,
            file: file, line: line)
    }
}
