import ExpenseTestSupport
import Foundation
import XCTest

/// On a team database the approver sees a rate the traveller gave by hand beyond finance's
/// tolerance of the ECB's rate in `report check`, and only finance sets the tolerance (issue 39).
final class TeamRateToleranceTests: TeamDatabaseTestCase {
    func testTheApproverSeesARateGivenByHandBeyondFinancesTolerance() throws {
        try psqlOK("INSERT INTO exchange_rates VALUES ('USD', '2026-03-02', '1.0823');", in: database)
        try ok(as: "alice", "report", "new", "Boston", "--from", "2026-03-02", "--to", "2026-03-04")
        // The ECB's 1/1.0823 is 0.923958: 0.8316 is 10.0 % below it, 0.95 2.8 % above.
        for (date, amount, rate) in [("2026-03-02", "10.00", "0.8316"), ("2026-03-03", "12.00", "0.95")] {
            try ok(
                as: "alice", "expense", "add", "--report", "1", "--date", date, "--amount", amount, "--currency", "USD", "--rate", rate,
                "--category", "meals", "--merchant", "Diner")
        }
        try ok(as: "alice", "report", "submit", "1")
        func findings() throws -> [String] {
            let json = try ok(as: "bob", "report", "check", "1", "--format", "json")
            let rows = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]], json)
            return rows.compactMap { $0["key"] as? String }.sorted()
        }
        XCTAssertEqual(try findings(), ["manual-rate:1"])
        XCTAssertTrue(
            try ok(as: "bob", "report", "check", "1").contains("10.0% off the ECB's 0.923958 of 2026-03-02 (tolerance 5%)"))

        assertFails(
            try run(as: "alice", "rates", "tolerance", "12%"), 77,
            "only a member of expenses_finance can change the tolerance of rates given by hand")
        XCTAssertEqual(
            try ok(as: "fiona", "rates", "tolerance", "12%"), "A rate given by hand may now be 12% from the ECB's rate of its day.\n")
        XCTAssertEqual(try findings(), [])
        XCTAssertEqual(try ok(as: "bob", "rates", "tolerance"), "A rate given by hand may be 12% from the ECB's rate of its day.\n")
    }
}
