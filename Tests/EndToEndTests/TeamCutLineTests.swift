import ExpenseTestSupport
import Foundation
import XCTest

/// One line cut on a team database (issue 43, point 5), attacked as each member would with plain
/// psql: the server's `expense_cut` alone writes `expense_cuts`, only for someone who may decide on
/// the report now (`require_decider`: never its owner), never above what the item is approved at.
final class TeamCutLineTests: TeamDatabaseTestCase {
    /// alice's report 1 (items 1 and 2) and bob's report 2 (item 3), both submitted.
    private func twoSubmittedReports() throws {
        _ = try ok(as: "fiona", "policy", "set", "missing-receipt", "off")
        _ = try ok(as: "alice", "report", "new", "Hamburg", "--from", "2026-03-02", "--to", "2026-03-03", "--country", "none")
        _ = try ok(as: "alice", "expense", "add", "--report", "1", "--date", "2026-03-02", "--amount", "23.50", "--category", "other")
        _ = try ok(as: "alice", "expense", "add", "--report", "1", "--date", "2026-03-02", "--amount", "61.20", "--category", "meals")
        _ = try ok(as: "alice", "report", "submit", "1")
        _ = try ok(as: "bob", "report", "new", "Bremen", "--from", "2026-03-02", "--to", "2026-03-02", "--country", "none")
        _ = try ok(as: "bob", "expense", "add", "--report", "2", "--date", "2026-03-02", "--amount", "10", "--category", "taxi")
        _ = try ok(as: "bob", "report", "submit", "2")
    }

    /// Report `id`'s version as the server counts it: its last audit entry.
    private func version(_ id: Int) throws -> String {
        try cluster.psql("SELECT max(id) FROM report_events WHERE report_id = \(id)", database: database).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Runs `sql` as `role` with psql and asserts that the server refuses it with `message`.
    private func assertRefused(as role: String, _ sql: String, _ message: String, file: StaticString = #filePath, line: UInt = #line) throws
    {
        let attack = try cluster.psql(as: role, password: "\(role)-pw", sql: sql, database: database)
        XCTAssertNotEqual(attack.status, 0, "\(role): \(sql): \(attack.stdout)", file: file, line: line)
        XCTAssertTrue(attack.stderr.contains(message), "\(role): \(sql): expected '\(message)' in \(attack.stderr)", file: file, line: line)
    }

    /// What the attacks left: no cut, and no audit entry of one (but `entries` made before).
    private func assertNothingCutBut(entries: Int = 0, file: StaticString = #filePath, line: UInt = #line) throws {
        let left = try cluster.psql(
            "SELECT (SELECT count(*) FROM expense_cuts) || '|' || (SELECT count(*) FROM report_events WHERE action LIKE 'cut%')",
            database: database)
        XCTAssertEqual(left.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "0|\(entries)", left.stderr, file: file, line: line)
    }

    func testNobodyCutsTheirOwnReportNorOneTheyDoNotDecideOn() throws {
        try twoSubmittedReports()
        // bob is an approver, but report 2 is his own: not with the app, not with psql.
        assertFails(try run(as: "bob", "report", "approve", "2", "--cut", "3=0:mine"), 77, "bob owns report 2 and cannot approve it")
        try assertRefused(
            as: "bob", "SELECT expenses.expense_cut(2, 3, 0, 'mine', \(try version(2)))", "bob owns report 2 and cannot cut it")
        // alice is no approver: she cuts nothing of anyone's (nor of her own) report.
        try assertRefused(
            as: "alice", "SELECT expenses.expense_cut(1, 1, 0, 'mine', \(try version(1)))", "alice owns report 1 and cannot cut it")
        try assertRefused(as: "alice", "SELECT expenses.expense_cut(2, 3, 0, 'his', \(try version(2)))", "unknown report 2")
        // A report nobody decides on now (approved already) is cut by nobody.
        _ = try ok(as: "bob", "report", "approve", "1")
        try assertRefused(
            as: "bob", "SELECT expenses.expense_cut(1, 1, 0, 'late', \(try version(1)))",
            "report 1 is approved: only a submitted report is decided on")
        // fiona is no approver: she cuts nothing, and sees no submitted report of anyone's.
        try assertRefused(as: "fiona", "SELECT expenses.expense_cut(2, 3, 0, 'his', \(try version(2)))", "unknown report 2")
        try assertNothingCutBut()
    }

    func testTheTableIsWrittenOnlyThroughTheFunction() throws {
        try twoSubmittedReports()
        for role in ["alice", "bob", "fiona"] {
            for sql in [
                "INSERT INTO expense_cuts (expense_id, report_id, approved_minor, reason, cut_by, cut_at) "
                    + "VALUES (1, 1, 0, 'forged', 'bob', '2026-03-09T10:00:00Z')",
                "UPDATE expense_cuts SET approved_minor = 0", "DELETE FROM expense_cuts",
            ] {
                try assertRefused(as: role, sql, "permission denied for table expense_cuts")
            }
        }
        try assertNothingCutBut()
    }

    func testNoCutRaisesAnItemAboveItsAmountOrAnEarlierCut() throws {
        try twoSubmittedReports()
        try assertRefused(
            as: "bob", "SELECT expenses.expense_cut(1, 2, 6121, 'more', \(try version(1)))",
            "item 2 is 61.20 EUR in report 1; it can be cut to 0 up to that, not to 61.21 EUR")
        try assertRefused(
            as: "bob", "SELECT expenses.expense_cut(1, 2, -1, 'less', \(try version(1)))", "it can be cut to 0 up to that, not to -0.01 EUR"
        )
        try assertRefused(as: "bob", "SELECT expenses.expense_cut(1, 3, 0, 'not this report', \(try version(1)))", "report 1 has no item 3")
        try assertRefused(as: "bob", "SELECT expenses.expense_cut(1, 2, 10, ' ', \(try version(1)))", "the cut of item 2 needs a reason")
        try assertRefused(as: "bob", "SELECT expenses.expense_cut(1, 2, 10, 'stale', 0)", "report 1 changed since you read it")
        try assertNothingCutBut()

        // A cut bob makes through the server stands; a second one cannot raise it back.
        let cut = try cluster.psql(
            as: "bob", password: "bob-pw", sql: "SELECT expenses.expense_cut(1, 2, 4000, 'limit is 40', \(try version(1)))",
            database: database)
        XCTAssertEqual(cut.status, 0, cut.stderr)
        try assertRefused(
            as: "bob", "SELECT expenses.expense_cut(1, 2, 5000, 'more again', \(try version(1)))",
            "item 2 is 40.00 EUR in report 1; it can be cut to 0 up to that, not to 50.00 EUR")
        let approved = try ok(as: "bob", "report", "approve", "1")
        XCTAssertTrue(approved.contains("(now approved)"), approved)
        let shown = try ok(as: "alice", "report", "show", "1")
        XCTAssertTrue(shown.contains("item 2: 61.20 EUR approved at 40.00 EUR by bob at "), shown)
        XCTAssertNotNil(shown.range(of: "Due to employee: +63.50 EUR", options: .regularExpression), shown)
        let history = try ok(as: "alice", "report", "history", "1")
        XCTAssertTrue(history.contains("bob    cut item 2  submitted  submitted  from 61.20 EUR to 40.00 EUR: limit is 40"), history)
        let check = try app.run(["--db", uri("postgres", cluster.superuserPassword), "db", "check"])
        XCTAssertTrue(check.stdout.contains("chained without a break"), check.stdout + check.stderr)
    }

    /// A report recalled to a draft loses its cuts: its next submission is decided anew.
    func testARecalledReportLosesItsCuts() throws {
        try twoSubmittedReports()
        let cut = try cluster.psql(
            as: "bob", password: "bob-pw", sql: "SELECT expenses.expense_cut(1, 1, 0, 'minibar is private', \(try version(1)))",
            database: database)
        XCTAssertEqual(cut.status, 0, cut.stderr)
        XCTAssertTrue(try ok(as: "alice", "report", "show", "1").contains("item 1: 23.50 EUR approved at 0.00 EUR by bob"))
        _ = try ok(as: "alice", "report", "recall", "1")
        XCTAssertFalse(try ok(as: "alice", "report", "show", "1").contains("Cut on approval"))
        try assertNothingCutBut(entries: 1)
    }
}
