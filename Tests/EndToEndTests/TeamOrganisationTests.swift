import Dispatch
import ExpenseTestSupport
import Foundation
import XCTest

/// Managers and cost centres on a team database (issue 43), as each person runs the binary and
/// as each tries with plain psql: only finance or the administrator names a manager or a cost
/// centre's owner, never in a circle and always an approver; every member reads them; a report
/// is charged by its owner while it is a draft only, so that nobody re-routes a submitted report
/// to a friendly cost-centre owner.
final class TeamOrganisationTests: TeamDatabaseTestCase {
    private func psql(_ role: String, _ sql: String) throws -> PostgresCluster.Output {
        try cluster.psql(as: role, password: "\(role)-pw", sql: sql, database: database)
    }

    private func assertRefused(_ role: String, _ sql: String, _ message: String, file: StaticString = #filePath, line: UInt = #line) throws
    {
        let result = try psql(role, sql)
        XCTAssertNotEqual(result.status, 0, "\(role) may: \(sql)", file: file, line: line)
        XCTAssertTrue(result.stderr.contains(message), "expected '\(message)' in: \(result.stderr)", file: file, line: line)
    }

    private func superuser(_ sql: String) throws -> String {
        let result = try cluster.psql(sql, database: database)
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout
    }

    /// carol: a second approver, for a circle of managers.
    override func setUpWithError() throws {
        try super.setUpWithError()
        try psqlOK(
            "DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'carol') THEN CREATE ROLE carol LOGIN PASSWORD 'carol-pw'; END IF; END $$;"
        )
        try psqlOK("GRANT expenses_traveller, expenses_approver TO carol", in: database)
    }

    func testATravellerNamesNoManagerNorCostCentreOwnerAndFinanceOrTheAdministratorDoes() throws {
        assertFails(
            try run(as: "alice", "person", "set", "alice", "--manager", "carol"), 77,
            "only a member of expenses_finance can set a person's manager")
        try assertRefused(
            "alice", "SELECT expenses.person_set('alice', 'carol');", "only a member of expenses_finance can set a person's manager")
        try assertRefused("alice", "INSERT INTO people VALUES ('alice', 'carol', 'alice', 'now');", "permission denied for table people")
        try assertRefused("bob", "UPDATE people SET manager = 'bob';", "permission denied for table people")
        try assertRefused(
            "alice", "SELECT expenses.cost_centre_save('4711', 'Sales', 'bob');",
            "only a member of expenses_finance can keep the cost centres")
        try assertRefused(
            "alice", "INSERT INTO cost_centres VALUES ('4711', 'Sales', 'bob', 'alice', 'now');", "permission denied for table cost_centres"
        )

        XCTAssertEqual(try ok(as: "fiona", "person", "set", "alice", "--manager", "bob"), "alice's manager is bob\n")
        XCTAssertEqual(try ok(as: "fiona", "person", "set", "bob", "--manager", "carol"), "bob's manager is carol\n")
        assertFails(
            try run(as: "fiona", "person", "set", "carol", "--manager", "alice"), 65,
            "alice cannot manage carol: the managers would go round in a circle (carol → alice → bob → carol)")
        try assertRefused(
            "fiona", "SELECT expenses.person_set('carol', 'alice');", "alice is no approver: only an approver can be a manager")
        try assertRefused(
            "fiona", "SELECT expenses.person_set('carol', 'bob');",
            "bob cannot manage carol: the managers would go round in a circle (carol → bob → carol)")
        try assertRefused("fiona", "SELECT expenses.person_set('mallory', 'bob');", "unknown person mallory: not a member of the team")
        // The administrator, who ran setup and is in no group, sets them too.
        XCTAssertEqual(
            try app.run(["--db", uri("postgres", cluster.superuserPassword), "person", "set", "fiona", "--manager", "carol"]).stdout,
            "fiona's manager is carol\n")
        XCTAssertEqual(try ok(as: "alice", "person", "list"), "NAME   MANAGER\nalice  bob\nbob    carol\nfiona  carol\n")

        XCTAssertEqual(
            try ok(as: "fiona", "cost-centre", "add", "4711", "--name", "Sales Germany", "--owner", "carol"),
            "Added cost centre 4711 (Sales Germany), owned by carol\n")
        assertFails(
            try run(as: "fiona", "cost-centre", "add", "4712", "--name", "Friends", "--owner", "alice"), 1,
            "alice is no approver: only an approver can own a cost centre")
        assertFails(
            try run(as: "bob", "cost-centre", "set", "4711", "--owner", "bob"), 77,
            "only a member of expenses_finance can keep the cost centres")
        XCTAssertEqual(try ok(as: "alice", "cost-centre", "list", "--format", "csv"), "code,name,owner\r\n4711,Sales Germany,carol\r\n")
    }

    func testAReportIsChargedByItsOwnerWhileADraftOnly() throws {
        _ = try ok(as: "fiona", "cost-centre", "add", "4711", "--name", "Sales", "--owner", "carol")
        _ = try ok(as: "fiona", "cost-centre", "add", "4712", "--name", "Friends", "--owner", "bob")
        _ = try ok(
            as: "alice", "report", "new", "Fair", "--from", "2026-05-04", "--to", "2026-05-04", "--country", "none", "--cost-centre", "4711"
        )
        _ = try ok(as: "alice", "expense", "add", "--report", "1", "--date", "2026-05-04", "--amount", "21", "--category", "taxi")
        XCTAssertTrue(try ok(as: "alice", "report", "show", "1").contains("\n  Charged to:  4711\n"))

        try assertRefused(
            "alice", "INSERT INTO report_cost_centres VALUES (1, '4712', 10000);", "permission denied for table report_cost_centres")
        try assertRefused("alice", "DELETE FROM report_cost_centres;", "permission denied for table report_cost_centres")
        try assertRefused(
            "alice", "INSERT INTO expense_cost_centres VALUES (1, '4712', 10000);", "permission denied for table expense_cost_centres")
        try assertRefused("bob", "SELECT expenses.report_cost_centres_set(1, '4712:10000');", "unknown report 1")
        try assertRefused("bob", "SELECT expenses.expense_cost_centres_set(1, '4712:10000');", "unknown expense 1")
        try assertRefused(
            "alice", "SELECT expenses.report_cost_centres_set(1, '4711:6000,4712:3000');",
            "add up to 9000 hundredths of a percent, not 10000")
        try assertRefused("alice", "SELECT expenses.report_cost_centres_set(1, '4713:10000');", "unknown cost centre 4713")
        try assertRefused("alice", "SELECT expenses.report_cost_centres_set(1, '4711:5000,4711:5000');", "duplicate key")
        try assertRefused("alice", "SELECT expenses.report_cost_centres_set(1, '4711:10000;DROP');", "is no share of a cost centre")
        XCTAssertEqual(
            try superuser("SELECT cost_centre || ':' || share FROM report_cost_centres;"), "4711:10000\n", "each refused call wrote nothing"
        )

        _ = try ok(as: "alice", "report", "submit", "1")
        // Re-routing her submitted report to a friendly cost-centre owner: refused, by the function and by the table.
        try assertRefused("alice", "SELECT expenses.report_cost_centres_set(1, '4712:10000');", "the report is not a draft")
        try assertRefused("alice", "SELECT expenses.expense_cost_centres_set(1, '4712:10000');", "the report is not a draft")
        try assertRefused("alice", "SELECT expenses.report_cost_centres_set(1, '');", "the report is not a draft")
        assertFails(try run(as: "alice", "report", "edit", "1", "--cost-centre", "4712"), 1, "report 1 is submitted; cannot edit it")
        XCTAssertEqual(try superuser("SELECT cost_centre || ':' || share FROM report_cost_centres;"), "4711:10000\n")
        XCTAssertTrue(
            try ok(as: "bob", "report", "show", "1").contains("\n  Charged to:  4711\n"), "an approver sees what it is charged to")
    }

    /// Two finance members at once, one setting carol → bob while the other sets bob → carol:
    /// the second waits for the first (person_set locks the managers) and then sees the circle,
    /// instead of each checking the managers as they were before the other's change.
    func testTwoManagersSetAtOnceNeverMakeACircle() throws {
        let go = app.path("commit-now")
        let fionas = SessionOnAThread(
            cluster: cluster, database: database, role: "fiona",
            sql: """
                BEGIN;
                SELECT expenses.person_set('carol', 'bob');
                SET LOCAL idle_in_transaction_session_timeout = 0;
                \\! for i in $(seq 600); do [ -e '\(go)' ] && break; sleep 0.1; done
                COMMIT;
                """)
        fionas.start()
        try waitFor(
            "fiona's session sits in its transaction",
            "SELECT count(*) FROM pg_stat_activity WHERE usename = 'fiona' AND state = 'idle in transaction'")
        let administrators = SessionOnAThread(
            cluster: cluster, database: database, role: nil, sql: "SELECT expenses.person_set('bob', 'carol');")
        administrators.start()
        try waitFor(
            "the administrator's call waits for fiona's lock",
            "SELECT count(*) FROM pg_stat_activity WHERE usename = current_user AND wait_event_type = 'Lock' AND query LIKE '%person_set%'")
        _ = FileManager.default.createFile(atPath: go, contents: Data())
        fionas.done.wait()
        administrators.done.wait()
        XCTAssertEqual(fionas.output?.status, 0, fionas.output?.stderr ?? "")
        XCTAssertNotEqual(administrators.output?.status, 0)
        XCTAssertTrue(
            administrators.output?.stderr.contains("carol cannot manage bob: the managers would go round in a circle (bob → carol → bob)")
                == true,
            administrators.output?.stderr ?? "")
        XCTAssertEqual(try superuser("SELECT name || '>' || manager FROM people ORDER BY name;"), "carol>bob\n")
    }

    /// Waits, up to 20 s, until `sql` (a count, as the superuser) says 1.
    private func waitFor(_ what: String, _ sql: String) throws {
        let deadline = Date().addingTimeInterval(20)
        while try cluster.psql(sql, database: database).stdout != "1\n", Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        XCTAssertEqual(try cluster.psql(sql, database: database).stdout, "1\n", what)
    }
}

/// A psql session on a thread of its own while the test goes on: as `role`, or as the superuser.
private final class SessionOnAThread: @unchecked Sendable {
    let cluster: PostgresCluster
    let database: String
    let role: String?
    let sql: String
    private(set) var output: PostgresCluster.Output?
    let done = DispatchSemaphore(value: 0)

    init(cluster: PostgresCluster, database: String, role: String?, sql: String) {
        self.cluster = cluster
        self.database = database
        self.role = role
        self.sql = sql
    }

    func start() {
        Thread {
            self.output =
                try? self.role.map { try self.cluster.psql(as: $0, password: "\($0)-pw", sql: self.sql, database: self.database) }
                ?? self.cluster.psql(self.sql, database: self.database)
            self.done.signal()
        }.start()
    }
}
