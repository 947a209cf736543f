import ExpenseTestSupport
import Foundation
import XCTest

/// One rule for exit codes, command by command (`expenses help exit-codes`): 64 the command line
/// is wrong, 65 a value is malformed, 66 what it names is not there (a file, a report, an
/// expense, a receipt, a quick action, an import batch, a launch, a finding), 1 the workflow or
/// a rule refuses it now, 77 this person may not. Each refused command writes nothing.
final class ExitCodeTests: EngineTestCase {
    var app: InProcessApp!

    override func setUpWithError() throws {
        app = try InProcessApp()  // alice
        try app.ok("report", "new", "Draft", "--from", "2026-03-02", "--to", "2026-03-06")
        try app.ok("expense", "add", "--report", "1", "--date", "2026-03-03", "--amount", "20", "--category", "taxi")
        try app.ok("report", "new", "Submitted")
        try app.ok("expense", "add", "--report", "2", "--date", "2026-03-03", "--amount", "20", "--category", "taxi")
        try app.ok("report", "submit", "2")
    }

    override func tearDown() { app = nil }

    /// Runs each command line and checks its status, that the reason is one error line on stderr
    /// and nothing on stdout, and that the database did not change.
    private func assertStatus(_ status: Int32, _ lines: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let before = try snapshot()
        for command in lines {
            let result = try app.run(command.split(separator: " ").map(String.init))
            XCTAssertEqual(result.status, status, "\(command): \(result.stderr)", file: file, line: line)
            XCTAssertTrue(result.stderr.hasPrefix("expenses: error: "), "\(command): \(result.stderr)", file: file, line: line)
            XCTAssertEqual(result.stdout, "", command, file: file, line: line)
        }
        XCTAssertEqual(try snapshot(), before, "a refused command wrote something", file: file, line: line)
    }

    private func snapshot() throws -> String {
        try app.query(
            """
            SELECT (SELECT group_concat(id || status || title, ',') FROM reports) || ';' ||
                   (SELECT group_concat(CAST(id AS TEXT) || amount_minor || coalesce(CAST(report_id AS TEXT), '-'), ',') FROM expenses) || ';' ||
                   (SELECT count(*) FROM report_events) || ';' || (SELECT count(*) FROM dynamic_shortcuts)
            """)
    }

    func testNotFoundIs66() throws {
        try assertStatus(
            66,
            [
                "report show 99", "report edit 99 --title X", "report delete 99", "report submit 99", "report approve 99",
                "report reject 99 --reason R", "report recall 99", "report reopen 99", "report reimburse 99 --reference R",
                "report history 99", "report check 99", "report acknowledge 99 duplicate:1:2 --reason R",
                "report acknowledge 1 duplicate:7:9 --reason R", "report export 99 --format json",
                "expense add --report 99 --amount 5 --category meals", "expense list --report 99", "expense show 99",
                "expense edit 99 --amount 5", "expense move 99 --report 1", "expense move 1 --report 99", "expense delete 99",
                "receipt show 99", "receipt export 99 -o -", "receipt attach 99 --expense 1", "receipt detach 99 --expense 1",
                "receipt delete 99", "receipt capture no-such.png",
                "shortcuts remove com.sap.example.nothing", "shortcuts disable com.sap.example.nothing",
                "shortcuts enable com.sap.example.nothing", "shortcuts inbox --discard 99", "shortcuts inbox --redeliver 99",
                "import undo 99", "import no-such.csv --rules no-such.rules", "rates import no-such.csv", "run no-such.expenses",
            ])
    }

    func testRefusedByTheWorkflowIs1() throws {
        try assertStatus(
            1,
            [
                "report approve 1", "report submit 2", "report reopen 2", "report delete 2", "report edit 2 --title X",
                "expense edit 2 --amount 5", "expense delete 2", "expense add --report 2 --amount 5 --category meals",
                "shortcuts add com.sap.example.showReports --title X",
            ])
    }

    func testAnotherPersonsReportOrOnesOwnApprovalIs77() throws {
        try fileOnly(
            because:
                "who one is comes from the connection, never --user or EXPENSES_USER (TeamDatabaseTests.testTheServerSaysWhoYouAre); a traveller sees no one else's draft at all: unknown (66), not someone else's (77), and writes no row naming another person"
        )
        try assertStatus(
            77,
            [
                "report approve 2", "report reject 2 --reason R", "--user bob report recall 2", "--user bob report submit 1",
            ])
    }

    func testMalformedValuesAre65() throws {
        try assertStatus(
            65,
            [
                "expense add --amount 1.2.3 --category meals", "expense add --amount 5 --date 2026-02-30 --category meals",
                "expense add --amount 5 --currency XYZ --category meals", "expense add --amount 5 --category nope",
                "report new X --from 2026-03-06 --to 2026-03-02",
            ])
    }

    func testAWrongCommandLineIs64() throws {
        try assertStatus(
            64,
            [
                "reprot list", "report list --nope", "report show abc", "expense add --amount", "report reject 2",
                "shortcut com.sap.example.nothing",
            ])
    }
}
