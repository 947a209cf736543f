import ExpenseCore
import ExpenseStore
import ExpenseSupport
import Foundation
import XCTest

/// A receipt is paid once across the team (issue 40, point 3): the same receipt's bytes, or the
/// same card transaction, in another traveller's report is found by the server at submission, and
/// is a blocking finding that both reports' approvers see, worded without the other report's
/// contents; approval and reimbursement are refused while it stands, until an approver accepts it
/// with a reason.
final class PostgresReceiptPaidOnceAttackTests: PostgresTestCase {
    private let photo: [UInt8] = Array("alice's dinner receipt, photographed".utf8)

    /// `owner`'s dinner of 30.00 EUR in `report`, with `receipt` attached; the item's id.
    private func dinner(_ owner: String, _ report: Int64, receipt: Int64?, reference: String? = nil) throws -> Int64 {
        let item = try XCTUnwrap(
            Int64(
                try rows(
                    owner,
                    """
                    SELECT expenses.expense_add(\(report), '2026-05-04', 'meals', 'Diner', '', 3000, 'EUR', '1', NULL, 'same', 3000,
                                                'personal', NULL, NULL, NULL, NULL, NULL, '2026-05-04T21:00:00Z');
                    """
                ).joined()))
        if let receipt {
            try expectSuccess(sql(owner, "SELECT expenses.receipt_attach(\(item), \(receipt), 'manual', '2026-05-04T21:00:00Z');"))
        }
        return item
    }

    private func findings(_ viewer: String, _ report: Int64) throws -> [String] {
        try rows(
            viewer,
            """
            SELECT rule, finding_key, severity, message FROM report_findings
            WHERE report_id = \(report) ORDER BY event_id, finding_key;
            """)
    }

    func testTheSameReceiptInTwoTravellersReportsBlocksBothApprovals() throws {
        let first = try newReport("alice", "Berlin")
        let aliceReceipt = try newReceipt("alice", photo)
        _ = try dinner("alice", first, receipt: aliceReceipt)
        try take("alice", .submit, first)
        XCTAssertEqual(try findings("bob", first), [], "nothing else holds the receipt yet")

        // carol copies alice's photo into her own report.
        let second = try newReport("carol", "Berlin too")
        let carolReceipt = try newReceipt("carol", photo)
        let item = try dinner("carol", second, receipt: carolReceipt)
        try take("carol", .submit, second)

        XCTAssertEqual(
            try findings("bob", second),
            [
                "receipt-elsewhere|receipt-elsewhere:\(carolReceipt)|blocking|receipt \(carolReceipt)'s file is also attached to "
                    + "a report of another traveller (submitted 2026-05-06)"
            ])
        XCTAssertEqual(
            try findings("bob", first),
            [
                "receipt-elsewhere|receipt-elsewhere:\(aliceReceipt)|blocking|receipt \(aliceReceipt)'s file is also attached to "
                    + "a report of another traveller (submitted 2026-05-06)"
            ])
        // Each traveller sees her own report's finding, never the other report.
        XCTAssertEqual(try rows("carol", "SELECT count(*) FROM report_findings WHERE report_id = \(first);"), ["0"])
        XCTAssertEqual(try rows("carol", "SELECT count(*) FROM reports WHERE id = \(first);"), ["0"])

        let refusal =
            "report \(second) has a blocking finding (receipt-elsewhere:\(carolReceipt)): it cannot be approved until an approver "
            + "accepts it with a reason"
        try assertRefused("bob", stepSQL("bob", .approve, second), refusal)
        try assertRefused(
            "bob", stepSQL("bob", .approve, first),
            "report \(first) has a blocking finding (receipt-elsewhere:\(aliceReceipt)): it cannot be approved until an approver "
                + "accepts it with a reason")

        // Accepted by the approver, with a reason: the approval goes through, and the log says why.
        try assertRefused(
            "carol", "SELECT expenses.finding_accept(\(second), 'receipt-elsewhere:\(carolReceipt)', 'mine', 'now');",
            "permission denied for function finding_accept")
        try assertRefused(
            "bob", "SELECT expenses.finding_accept(\(second), 'receipt-elsewhere:\(carolReceipt)', '', 'now');",
            "accepting a finding needs a reason")
        try expectSuccess(
            sql(
                "bob",
                """
                SELECT expenses.finding_accept(\(second), 'receipt-elsewhere:\(carolReceipt)',
                                               'the hotel billed both of them on one receipt', '2026-05-07T09:00:00Z');
                """))
        try take("bob", .approve, second)
        XCTAssertEqual(
            try rows("bob", "SELECT actor, action, reason FROM report_events WHERE report_id = \(second) ORDER BY id;"),
            [
                "carol|receipt \(carolReceipt) attached to expense \(item)|manual", "carol|submit|",
                "bob|accept receipt-elsewhere:\(carolReceipt)|the hotel billed both of them on one receipt",
                "bob|approve|",
            ])
        try assertRefused(
            "bob", stepSQL("bob", .approve, first),
            "report \(first) has a blocking finding (receipt-elsewhere:\(aliceReceipt)): it cannot be approved until an approver accepts it with a reason"
        )
    }

    func testAnApprovedReportWhoseReceiptIsClaimedLaterIsNotReimbursedUntilAccepted() throws {
        let first = try newReport("alice", "Berlin")
        let aliceReceipt = try newReceipt("alice", photo)
        _ = try dinner("alice", first, receipt: aliceReceipt)
        try take("alice", .submit, first)
        try take("bob", .approve, first)
        // carol's copy arrives after alice's approval: finance's reimbursement of alice's waits.
        let second = try newReport("carol", "Berlin too")
        _ = try dinner("carol", second, receipt: try newReceipt("carol", photo))
        try take("carol", .submit, second)
        try assertRefused(
            "fiona", stepSQL("fiona", .reimburse, first),
            "report \(first) has a blocking finding (receipt-elsewhere:\(aliceReceipt)): it cannot be reimbursed until an approver "
                + "accepts it with a reason")
        try expectSuccess(
            sql("bob", "SELECT expenses.finding_accept(\(first), 'receipt-elsewhere:\(aliceReceipt)', 'alice paid it', 'now');"))
        try take("fiona", .reimburse, first)
    }

    func testTheSameCardTransactionInAnotherTravellersReportIsFound() throws {
        let first = try newReport("alice", "Berlin")
        let second = try newReport("carol", "Berlin")
        // Both import the same card line (its reference), each into her own report.
        for (owner, report) in [("alice", first), ("carol", second)] {
            try expectSuccess(
                sql(
                    owner,
                    """
                    SELECT expenses.expense_add(\(report), '2026-05-04', 'per_diem', 'Hotel Adlon', '', 1500, 'EUR', '1', NULL, 'same',
                                                1500, 'personal', NULL, NULL, NULL, NULL, NULL, '2026-05-04T21:00:00Z');
                    """))
        }
        try expectSuccess(
            cluster.psql(
                """
                SET session_replication_role = replica;
                UPDATE expenses SET external_id = 'AMEX-4711' WHERE report_id IN (\(first), \(second));
                """,
                database: database))
        try take("alice", .submit, first)
        try take("carol", .submit, second)
        let item = try rows("carol", "SELECT id FROM expenses WHERE report_id = \(second);").joined()
        XCTAssertEqual(
            try findings("bob", second),
            [
                "card-elsewhere|card-elsewhere:\(item)|blocking|item \(item)'s card transaction is also in a report of another "
                    + "traveller (submitted 2026-05-06)"
            ])
        try assertRefused(
            "bob", stepSQL("bob", .approve, second),
            "report \(second) has a blocking finding (card-elsewhere:\(item)): it cannot be approved until an approver accepts it "
                + "with a reason")
    }
}
