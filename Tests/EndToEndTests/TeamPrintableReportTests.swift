import ExpenseTestSupport
import Foundation
import XCTest

/// The printable report on a team database, as each person exports it (issue 42): the traveller
/// is named by her payee's account holder where the reader may see it, and finance's PDF of a
/// report paid in a run names the run and the transfer's end-to-end reference.
final class TeamPrintableReportTests: TeamDatabaseTestCase {
    func testTheTravellerIsNamedByHerPayeeAndFinanceSeesThePaymentRun() throws {
        _ = try ok(as: "alice", "payee", "set", "--iban", "DE89 3704 0044 0532 0130 00", "--name", "Alice Müller")
        _ = try ok(as: "fiona", "company", "set", "--name", "Beispiel GmbH", "--iban", "DE02120300000000202051")
        _ = try ok(as: "alice", "report", "new", "Walldorf", "--from", "2026-03-02", "--to", "2026-03-03", "--country", "none")
        _ = try ok(as: "alice", "expense", "add", "--report", "1", "--date", "2026-03-02", "--amount", "21", "--category", "taxi")
        _ = try ok(as: "alice", "report", "submit", "1")
        func exported(as role: String) throws -> String {
            let pdf = app.path("report-\(role).pdf")
            _ = try ok(as: role, "report", "export", "1", "-o", pdf)
            return try Browser.text(pdf: pdf)
        }
        // The approver may not read her account, and so prints her user name.
        let approver = try exported(as: "bob")
        XCTAssertTrue(approver.contains("Traveller alice Dates"), approver)

        _ = try ok(as: "bob", "report", "approve", "1")
        _ = try ok(as: "fiona", "pay", "--approved", "-o", app.path("pay.xml"))
        _ = try ok(as: "fiona", "pay", "confirm", "1")
        let finance = try exported(as: "fiona")
        XCTAssertTrue(finance.contains("Traveller Alice Müller (alice)"), finance)
        // (The SEPA message's id may break after a hyphen.)
        XCTAssertTrue(finance.contains("Reimbursed 2026-03-10 09:00:00 UTC by fiona in payment run 1 (SEPA message EXP-RUN-1-"), finance)
        XCTAssertTrue(finance.contains("end-to-end reference EXPENSES-REPORT-1, executed 2026-03-11, 21.00 EUR)"), finance)
        // Alice sees her own account, not finance's runs: the reimbursement's reference as logged.
        let traveller = try exported(as: "alice")
        XCTAssertTrue(traveller.contains("Traveller Alice Müller (alice)"), traveller)
        XCTAssertTrue(traveller.contains("Reimbursed 2026-03-10 09:00:00 UTC by fiona, reference payment run 1"), traveller)
    }
}
