import ExpenseCore
import ExpenseStore
import ExpenseSupport
import Foundation
import XCTest

/// Issue 30 against the server, with plain psql as each member: a receipt goes onto an item only
/// by the functions, which write its audit entry themselves (a traveller cannot attach or detach
/// without one, nor through a function an earlier version left), and only the owner's receipt
/// onto the owner's draft item.
final class PostgresReceiptMatchAttackTests: PostgresTestCase {
    private func events(_ report: Int64) throws -> [String] {
        try rows("alice", "SELECT action || '|' || reason FROM report_events WHERE report_id = \(report) ORDER BY id;")
    }

    func testAttachingAndDetachingAreLoggedByTheServerItself() throws {
        let report = try newReport("alice", "Berlin")
        let item = try newItem("alice", in: report)
        let receipt = try newReceipt("alice", [7])
        XCTAssertEqual(try rows("alice", "SELECT expenses.receipt_attach(\(item), \(receipt), 'matched: same amount', 'now');"), ["t"])
        XCTAssertEqual(try rows("alice", "SELECT expenses.receipt_detach(\(item), \(receipt), 'now');"), ["t"])
        XCTAssertEqual(
            try events(report).suffix(2),
            ["receipt \(receipt) attached to expense \(item)|matched: same amount", "receipt \(receipt) detached from expense \(item)|"])
        // The earlier functions, which wrote no entry, are gone.
        try assertRefused(
            "alice", "SELECT expenses.receipt_attach(\(item), \(receipt), 'now');",
            "function expenses.receipt_attach(integer, integer, unknown) does not exist")
        try assertRefused(
            "alice", "SELECT expenses.receipt_detach(\(item), \(receipt));",
            "function expenses.receipt_detach(integer, integer) does not exist")
        // Nor past the functions: no member writes the links or the log.
        for member in ["alice", "bob", "fiona"] {
            try assertRefused(
                member, "INSERT INTO expense_receipts (expense_id, receipt_id, attached_at) VALUES (\(item), \(receipt), 'now');",
                denied("expense_receipts"))
            try assertRefused(
                member, "DELETE FROM report_events WHERE report_id = \(report);", denied("report_events"))
        }
    }

    func testOnlyTheOwnersReceiptGoesOntoTheOwnersDraftItem() throws {
        let report = try newReport("alice", "Berlin")
        let item = try newItem("alice", in: report)
        let carols = try newReceipt("carol", [8])
        let alices = try newReceipt("alice", [9])
        // Carol's receipt on Alice's item, by either of them; an approver's attach of Alice's.
        try assertRefused("alice", "SELECT expenses.receipt_attach(\(item), \(carols), 'matched', 'now');", "unknown receipt \(carols)")
        try assertRefused("carol", "SELECT expenses.receipt_attach(\(item), \(carols), 'matched', 'now');", "unknown expense \(item)")
        try assertRefused("bob", "SELECT expenses.receipt_attach(\(item), \(alices), 'matched', 'now');", "unknown expense \(item)")
        // Submitted, its items take no receipt, matched or not.
        try take("alice", .submit, report)
        try assertRefused(
            "alice", "SELECT expenses.receipt_attach(\(item), \(alices), 'matched', 'now');",
            "the report is not a draft; its items are frozen")
    }
}
