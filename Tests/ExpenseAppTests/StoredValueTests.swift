import ExpenseTestSupport
import Foundation
import XCTest

/// A value written into the database outside expenses, that is no value of its column's type
/// (an exchange rate that does not parse, a paid-by that is neither): the commands that read it
/// fail with the table, the column and the row, exit 65, instead of printing a default (a rate
/// of 1, "personal"), and `db check` lists each such row. On a file with the sqlite3 program, on
/// a team database as its administrator with psql (members write no table).
final class StoredValueTests: EngineTestCase {
    var app: InProcessApp!

    override func setUpWithError() throws {
        app = try InProcessApp()
        try app.walldorfTrip()  // item 2: 38.50 CHF at 1.0412, paid by the company
    }

    override func tearDown() { app = nil }

    /// Runs `sql` as the database's administrator past the app's triggers, as a program that
    /// writes the file or the tables its own way (on a server, with the triggers off for the session).
    private func corrupt(_ sql: String) throws {
        _ = try app.query(ServerEngine.isSelected ? "SET session_replication_role = replica; " + sql : sql)
    }

    /// `arguments` fail with exit 65, `message` on stderr with the hint to run `db check`, nothing on stdout.
    private func assertRefused(_ arguments: [String], _ message: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try app.run(arguments)
        XCTAssertEqual(result.status, 65, "\(arguments): \(result.stderr)", file: file, line: line)
        XCTAssertEqual(result.stdout, "", "\(arguments)", file: file, line: line)
        XCTAssertEqual(
            result.stderr,
            """
            expenses: error: \(message)
            hint: it was written outside expenses: 'expenses db check' lists every such row; \
            restore the database from a backup or correct those rows

            """, "\(arguments)", file: file, line: line)
    }

    func testARateThatDoesNotParseIsRefusedNotReadAsOne() throws {
        try corrupt("UPDATE expenses SET rate = 'abc' WHERE id = 2")
        let message = "expenses.rate of row 2 holds 'abc', which is not an exchange rate (a decimal number above 0)"
        try assertRefused(["report", "show", "1"], message)
        try assertRefused(["report", "show", "1", "--format", "json"], message)
        try assertRefused(["expense", "list"], message)
        try assertRefused(["expense", "show", "2"], message)
        XCTAssertEqual(try app.run("expense", "show", "1").status, 0, "another item still reads")
    }

    func testAPaidByThatIsNeitherIsRefusedNotReadAsPersonal() throws {
        // Past the column's CHECK, as a program that writes the file or the table its own way.
        if ServerEngine.isSelected {
            try corrupt("ALTER TABLE expenses DROP CONSTRAINT expenses_paid_by_check")
            try corrupt("UPDATE expenses SET paid_by = 'x' WHERE id = 2")
        } else {
            try corrupt("PRAGMA ignore_check_constraints = ON; UPDATE expenses SET paid_by = 'x' WHERE id = 2")
        }
        let message = "expenses.paid_by of row 2 holds 'x', which is not one of personal, company"
        try assertRefused(["report", "show", "1"], message)
        try assertRefused(["expense", "list", "--format", "csv"], message)
    }

    func testAReferenceRateThatDoesNotParseIsNamedNotTakenForNoRate() throws {
        try corrupt("INSERT INTO exchange_rates (currency, date, per_eur) VALUES ('USD', '2026-03-02', '1..2')")
        let message =
            "exchange_rates.per_eur of row (USD, 2026-03-02) holds '1..2', which is not an exchange rate (a decimal number above 0)"
        try assertRefused(["rates", "show", "USD", "2026-03-03"], message)
        try assertRefused(
            ["expense", "add", "--report", "1", "--date", "2026-03-03", "--amount", "10", "--currency", "USD", "--category", "taxi"],
            message)
        XCTAssertEqual(try app.query("SELECT count(*) FROM expenses"), "3", "nothing was written")
    }

    /// An approver's cut (issue 43) whose approved amount is no number is named, not read as none.
    func testACutsApprovedAmountThatIsNoNumberIsNamed() throws {
        try fileOnly(because: "a team database's column is a bigint: no text gets into it")
        try corrupt(
            "INSERT INTO expense_cuts (expense_id, report_id, approved_minor, reason, cut_by, cut_at) "
                + "VALUES (2, 1, 'abc', 'limit', 'bob', '2026-03-10T09:00:00Z')")
        let message = "expense_cuts.approved_minor of row 2 holds 'abc', which is not an integer"
        try assertRefused(["report", "show", "1"], message)
        let result = try check()
        XCTAssertEqual(result.status, 65, result.stderr)
        XCTAssertTrue(result.stderr.contains("  " + message + "\n"), result.stderr)
    }

    /// `db check`: on a team database by one who sees every row, a member of expenses_auditor
    /// (a role of its own: roles are the cluster's, shared by the run's databases).
    private func check() throws -> InProcessApp.Result {
        guard ServerEngine.isSelected else { return try app.run("db", "check") }
        _ = try app.run("--user", "stored-value-auditor", "report", "list")  // makes the login role
        _ = try app.query(#"GRANT expenses_auditor TO "stored-value-auditor""#)
        return try app.run("--user", "stored-value-auditor", "db", "check")
    }

    func testDatabaseCheckListsEachRowItCannotRead() throws {
        let rateOfItem1 = try app.query("SELECT rate FROM expenses WHERE id = 1")
        try corrupt("UPDATE expenses SET rate = 'abc' WHERE id = 2")
        try corrupt("UPDATE expenses SET rate = '-1' WHERE id = 1")
        try corrupt("INSERT INTO exchange_rates (currency, date, per_eur) VALUES ('USD', '2026-03-02', '1..2')")
        let result = try check()
        XCTAssertEqual(result.status, 65, result.stderr)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(
            result.stderr,
            """
            expenses: error: the database holds 3 values the app cannot read:
              expenses.rate of row 1 holds '-1', which is not an exchange rate (a decimal number above 0)
              expenses.rate of row 2 holds 'abc', which is not an exchange rate (a decimal number above 0)
              exchange_rates.per_eur of row (USD, 2026-03-02) holds '1..2', which is not an exchange rate (a decimal number above 0)
            hint: they were written outside expenses: restore the database from a backup, or correct those rows

            """)
        try corrupt("UPDATE expenses SET rate = '1.0412' WHERE id = 2")
        try corrupt("UPDATE expenses SET rate = '\(rateOfItem1)' WHERE id = 1")
        try corrupt("DELETE FROM exchange_rates")
        XCTAssertEqual(try check().status, 0, "corrected, it checks out")
    }
}
