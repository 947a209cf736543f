import ExpenseTestSupport
import Foundation
import XCTest

/// On a team database a trip is reimbursed once (issue 42): items that match items of the same
/// traveller's other reports, which the approver may not read (a reimbursed trip, a draft), are
/// findings of the server at the submission. The approver and finance see them in `report check`,
/// `report show`, `report approve` and `report reimburse`; a match with a reimbursed report
/// blocks approval until an approver who does not own the report accepts it with a reason.
final class TeamPaidBeforeTests: TeamDatabaseTestCase {
    /// alice's items of one trip, added to report `report`: a taxi, a train and a dinner, each
    /// below its category's receipt threshold.
    private func trip(_ report: String) throws {
        for (date, amount, category, merchant) in [
            ("2026-03-02", "19.90", "rail", "DB Fernverkehr"), ("2026-03-03", "20.00", "taxi", "Taxi München"),
            ("2026-03-04", "22.00", "meals", "Augustiner"),
        ] {
            try ok(
                as: "alice", "expense", "add", "--report", report, "--date", date, "--amount", amount, "--category", category,
                "--merchant", merchant)
        }
    }

    /// alice's report 1, reimbursed; her draft 2 with the dinner of it; her report 3, the same
    /// trip again (items 5, 6 and 7), submitted.
    private func claimedTwice() throws {
        try ok(as: "alice", "report", "new", "Munich workshop", "--from", "2026-03-02", "--to", "2026-03-06")
        try trip("1")
        try ok(as: "alice", "report", "submit", "1")
        try ok(as: "bob", "report", "approve", "1")
        try ok(as: "fiona", "report", "reimburse", "1", "--reference", "PAY-1")
        try ok(as: "alice", "report", "new", "Hamburg fair", "--from", "2026-03-02", "--to", "2026-03-06")
        try ok(
            as: "alice", "expense", "add", "--report", "2", "--date", "2026-03-04", "--amount", "22.00", "--category", "meals",
            "--merchant", "augustiner ")
        try ok(as: "alice", "report", "new", "Munich, March", "--from", "2026-03-02", "--to", "2026-03-06")
        try trip("3")
        try ok(as: "alice", "report", "submit", "3")
    }

    private let paidBefore = "3 items (5, 6, 7) match items of reimbursed report 1 of the same traveller"
    private let inDraft = "item 7 matches an item of draft report 2 of the same traveller"

    func testTheApproverSeesAReimbursedTripClaimedAgainAndCannotApproveItUntilHeAcceptsIt() throws {
        try claimedTwice()

        let strict = try run(as: "bob", "report", "check", "3", "--strict", "--format", "json")
        XCTAssertEqual(strict.status, 1, strict.stderr)
        let rows = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(strict.stdout.utf8)) as? [[String: Any]], strict.stdout)
        XCTAssertEqual(
            rows.map { "\($0["key"] as? String ?? "")|\($0["severity"] as? String ?? "")|\($0["message"] as? String ?? "")" },
            ["in-other-report:2|warning|\(inDraft)", "paid-before:1|blocking|\(paidBefore)"])
        // Nothing of the reports bob may not read but their ids and states.
        XCTAssertFalse(strict.stdout.contains("Munich workshop") || strict.stdout.contains("Hamburg"), strict.stdout)

        let show = try ok(as: "bob", "report", "show", "3")
        XCTAssertTrue(show.contains("Found by the server at its submission:\n"), show)
        XCTAssertTrue(show.contains("  paid-before:1 (blocking, not accepted): \(paidBefore)\n"), show)
        XCTAssertTrue(show.contains("expenses report acknowledge 3 paid-before:1 --reason TEXT"), show)
        XCTAssertTrue(show.contains("  in-other-report:2 (warning, not accepted): \(inDraft)\n"), show)

        let refused = try run(as: "bob", "report", "approve", "3")
        assertFails(
            refused, 1, "report 3 has a blocking finding (paid-before:1): it cannot be approved until an approver accepts it with a reason")
        XCTAssertTrue(refused.stderr.contains("expenses report acknowledge 3 paid-before:1 --reason TEXT"), refused.stderr)

        // alice cannot accept it, nor change or remove what the server found, with the app or with psql.
        assertFails(
            try run(as: "alice", "report", "acknowledge", "3", "paid-before:1", "--reason", "mine"), 77,
            "permission denied for function finding_accept")
        for sql in [
            "DELETE FROM report_findings WHERE report_id = 3", "UPDATE report_findings SET severity = 'warning' WHERE report_id = 3",
            "INSERT INTO policy_acknowledgements (report_id, violation, actor, at, reason) "
                + "VALUES (3, 'paid-before:1', 'bob', '2026-03-09T10:00:00Z', 'forged')",
            "SELECT expenses.finding_accept(3, 'paid-before:1', 'mine', '2026-03-09T10:00:00Z')",
        ] {
            let attack = try cluster.psql(as: "alice", password: "alice-pw", sql: sql, database: database)
            XCTAssertNotEqual(attack.status, 0, "\(sql): \(attack.stdout)")
        }
        let kept = try cluster.psql("SELECT finding_key, severity FROM report_findings WHERE report_id = 3 ORDER BY 1", database: database)
        XCTAssertEqual(kept.stdout, "in-other-report:2|warning\npaid-before:1|blocking\n", kept.stderr)
        assertFails(try run(as: "bob", "report", "approve", "3"), 1, "report 3 has a blocking finding (paid-before:1)")

        try ok(as: "bob", "report", "acknowledge", "3", "paid-before:1", "--reason", "report 1 was the February trip")
        let approved = try ok(as: "bob", "report", "approve", "3")
        XCTAssertTrue(approved.hasPrefix("Approved report 3: Munich, March (now approved)"), approved)
        XCTAssertTrue(approved.contains("  paid-before:1 (blocking, accepted: report 1 was the February trip): \(paidBefore)\n"), approved)
        XCTAssertTrue(approved.contains("  in-other-report:2 (warning, not accepted): \(inDraft)\n"), approved)

        let reimbursed = try ok(as: "fiona", "report", "reimburse", "3", "--reference", "PAY-2")
        XCTAssertTrue(reimbursed.hasPrefix("Reimbursed report 3: Munich, March (now reimbursed)"), reimbursed)
        XCTAssertTrue(
            reimbursed.contains("  paid-before:1 (blocking, accepted: report 1 was the February trip): \(paidBefore)\n"), reimbursed)
    }

    /// Two reports of one trip, both submitted and approved while the other was not yet paid: the
    /// second gets only a warning at its submission. Once finance reimburses the first, the second
    /// is 'paid-before' and its reimbursement is refused; a payment run takes one of the two.
    func testATwinApprovedBeforeItsFirstWasPaidIsBlockedOnceThatOneIsPaid() throws {
        try ok(as: "alice", "report", "new", "Munich workshop", "--from", "2026-03-02", "--to", "2026-03-06")
        try trip("1")
        try ok(as: "alice", "report", "new", "Munich, March", "--from", "2026-03-02", "--to", "2026-03-06")
        try trip("2")
        try ok(as: "alice", "report", "submit", "1")
        try ok(as: "alice", "report", "submit", "2")
        try ok(as: "bob", "report", "approve", "1")
        let warned = try ok(as: "bob", "report", "approve", "2")
        XCTAssertTrue(
            warned.contains(
                "  in-other-report:1 (warning, not accepted): 3 items (4, 5, 6) match items of submitted report 1 of the same traveller\n"),
            warned)

        try ok(as: "fiona", "report", "reimburse", "1", "--reference", "PAY-1")
        let check = try run(as: "fiona", "report", "check", "2")
        XCTAssertTrue(
            check.stdout.contains("3 items (4, 5, 6) match items of report 1 of the same traveller, reimbursed "), check.stdout)
        let refused = try run(as: "fiona", "report", "reimburse", "2", "--reference", "PAY-2")
        XCTAssertTrue(refused.stderr.contains("expenses report acknowledge 2 paid-before:1 --reason TEXT"), refused.stderr)
        assertFails(refused, 1, "report 2 has a blocking finding (paid-before:1): it cannot be reimbursed")

        // A payment run: report 2 with its twin 3 (the same trip once more, approved) takes one.
        _ = try ok(as: "alice", "payee", "set", "--iban", "DE89 3704 0044 0532 0130 00", "--name", "Alice Müller")
        _ = try ok(as: "fiona", "company", "set", "--name", "Beispiel GmbH", "--iban", "DE02120300000000202051")
        try ok(as: "bob", "report", "acknowledge", "2", "paid-before:1", "--reason", "report 1 was the February trip")
        try ok(as: "alice", "report", "new", "Munich again", "--from", "2026-03-02", "--to", "2026-03-06")
        try trip("3")
        try ok(as: "alice", "report", "submit", "3")
        try ok(as: "bob", "report", "acknowledge", "3", "paid-before:1", "--reason", "report 1 was the February trip")
        try ok(as: "bob", "report", "approve", "3")
        let twins = try run(as: "fiona", "pay", "--approved", "-o", app.path("pay.xml"))
        assertFails(
            twins, 1, "report 3 has items that match items of report 2 of the same traveller, which is in payment run")
        XCTAssertTrue(twins.stderr.contains("expenses report acknowledge 3 in-other-report:2 --reason TEXT"), twins.stderr)
        let one = try ok(as: "fiona", "pay", "--report", "2", "-o", app.path("pay.xml"))
        XCTAssertTrue(one.hasPrefix("Payment run"), one)
        assertFails(try run(as: "fiona", "pay", "--report", "3", "-o", app.path("pay3.xml")), 1, "which is in payment run")
    }
}
