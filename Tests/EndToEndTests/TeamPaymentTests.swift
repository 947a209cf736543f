import ExpenseTestSupport
import Foundation
import XCTest

/// Paying on a team database, as each person runs the binary (issue 41): a traveller sets and
/// reads her own account only; the company's account and the runs are finance's; the file
/// validates; confirming reimburses through the workflow, logged with the run.
final class TeamPaymentTests: TeamDatabaseTestCase {
    func testATravellerKeepsToHerOwnAccountAndFinancePaysAndConfirms() throws {
        _ = try ok(as: "alice", "payee", "set", "--iban", "DE89 3704 0044 0532 0130 00", "--name", "Alice Müller")
        _ = try ok(as: "bob", "payee", "set", "--iban", "GB82WEST12345698765432")
        assertFails(
            try run(as: "alice", "payee", "set", "--for", "bob", "--iban", "DE89370400440532013000"), 77,
            "only a member of expenses_finance can set another person's bank account")
        assertFails(try run(as: "alice", "payee", "show", "bob"), 66, "bob has set no bank account (or it is not yours to see)")
        XCTAssertTrue(try ok(as: "fiona", "payee", "show", "bob").contains("GB82 WEST 1234 5698 7654 32"))
        assertFails(
            try run(as: "alice", "company", "set", "--name", "Mine", "--iban", "DE89370400440532013000"), 77,
            "only a member of expenses_finance can set the company's bank account")
        _ = try ok(as: "fiona", "company", "set", "--name", "Beispiel GmbH", "--iban", "DE02120300000000202051")

        _ = try ok(as: "alice", "report", "new", "Walldorf", "--from", "2026-03-02", "--to", "2026-03-03", "--country", "none")
        _ = try ok(as: "alice", "expense", "add", "--report", "1", "--date", "2026-03-02", "--amount", "21", "--category", "taxi")
        _ = try ok(as: "alice", "report", "submit", "1")
        _ = try ok(as: "bob", "report", "approve", "1")
        let paid = try ok(as: "fiona", "pay", "--approved", "-o", app.path("pay.xml"))
        XCTAssertTrue(paid.hasPrefix("Payment run 1: 1 transfer, 21.00 EUR"), paid)
        try PaymentFileValidation.assertValid(app.path("pay.xml"), format: "pain.001.001.09")
        // A changed IBAN after the run: the run keeps the one it was written with.
        _ = try ok(as: "alice", "payee", "set", "--iban", "AT611904300234573201")
        XCTAssertTrue(try ok(as: "fiona", "pay", "show", "1").contains("DE89 3704 0044 0532 0130 00"))
        // A traveller does not see finance's runs (the server refuses her the call too: PostgresPaymentAttackTests).
        assertFails(try run(as: "alice", "pay", "confirm", "1"), 66, "unknown payment run 1")
        XCTAssertEqual(try ok(as: "fiona", "pay", "confirm", "1"), "Confirmed payment run 1: 1 report reimbursed\n")
        let history = try ok(as: "alice", "report", "history", "1")
        XCTAssertTrue(history.contains("fiona  reimburse  approved   reimbursed  payment run 1"), history)
    }
}
