import ExpenseTestSupport
import Foundation
import XCTest

/// On a team database the books are finance's: a traveller neither exports a journal nor changes
/// an account, and finance's export is recorded on the server for the next one (issue 41).
final class TeamJournalTests: TeamDatabaseTestCase {
    func testOnlyFinanceBooksAndWhatItBookedIsLeftOutNextTime() throws {
        try ok(as: "fiona", "policy", "set", "missing-receipt", "warning")
        try ok(as: "alice", "report", "new", "Walldorf", "--from", "2026-03-02", "--to", "2026-03-03", "--country", "DE")
        try ok(as: "alice", "expense", "add", "--report", "1", "--date", "2026-03-02", "--amount", "119", "--category", "rail")
        try ok(as: "alice", "report", "submit", "1")
        try ok(as: "bob", "report", "approve", "1")
        let output = app.path("march.csv")
        assertFails(
            try run(as: "alice", "journal", "--from", "2026-03-01", "--to", "2026-03-31", "--format", "csv", "-o", output), 77,
            "permission denied for table journal_exported")
        XCTAssertFalse(FileManager.default.fileExists(atPath: output), "a refused export writes nothing")
        assertFails(
            try run(as: "alice", "accounts", "set", "rail", "1200"), 77,
            "only a member of expenses_finance can change the charts of accounts")
        assertFails(
            try run(as: "bob", "accounts", "chart", "skr04"), 77, "only a member of expenses_finance can choose the chart of accounts")
        XCTAssertEqual(
            try ok(as: "fiona", "journal", "--from", "2026-03-01", "--to", "2026-03-31", "--format", "csv", "-o", output),
            "Booked 1 entry of 1 report from 2026-03-01 to 2026-03-31 to \(output)\n")
        let rows = try String(contentsOfFile: output, encoding: .utf8)
        XCTAssertTrue(rows.contains("R1,2026-03-10,4663,Expenses:Travel:Rail-4663,119.00,,EUR,R1-I1,rail\r\n"), rows)
        let next = try run(as: "fiona", "journal", "--from", "2026-03-01", "--to", "2026-03-31", "--format", "csv")
        XCTAssertEqual(next.status, 0, next.stderr)
        XCTAssertTrue(next.stderr.contains("left out 1 entry an earlier export booked: R1"), next.stderr)
    }
}
