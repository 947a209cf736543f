import ExpenseCore
import ExpenseStore
import ExpenseSupport
import Foundation
import XCTest

/// A negative amount is a refund of something paid; a per diem is owed, not paid, so the server
/// refuses a negative one from any member through any function, as the app does (issue 31).
final class PostgresRefundAttackTests: PostgresTestCase {
    private let refused = "new row for relation \"expenses\" violates check constraint \"expenses_owed_not_negative\""

    func testNoMemberWritesANegativePerDiem() throws {
        let report = try newReport("alice", "Berlin")
        try assertRefused("alice", itemInsert(report, -500), refused)
        try assertRefused("alice", itemInsert(nil, -500), refused)
        let item = try newItem("alice", in: report)
        try assertRefused(
            "alice",
            """
            SELECT expenses.expense_edit(\(item), \(report), '2026-05-04', 'per_diem', '', '', -500, 'EUR', '1', NULL, 'same', -500,
                                         'personal', NULL, NULL, NULL, NULL, NULL, '2026-05-04T12:00:00Z');
            """, refused)
        // A refund of a paid taxi is a negative amount the server takes.
        XCTAssertFalse(
            try rows(
                "alice",
                """
                SELECT expenses.expense_add(\(report), '2026-05-04', 'taxi', 'Taxi', 'fare refunded', -500, 'EUR', '1', NULL, 'same',
                                            -500, 'personal', '2026-05-04T12:00:00Z');
                """
            ).isEmpty)
    }
}
