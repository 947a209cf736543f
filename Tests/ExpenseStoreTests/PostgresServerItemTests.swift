import ExpenseCore
import ExpenseStore
import ExpenseSupport
import Foundation
import XCTest

/// What the PostgreSQL server holds items, receipts and per-person rows to: frozen outside draft,
/// cached totals that follow them, receipts seen with their items, real dates.
final class PostgresServerItemTests: PostgresTestCase {
    private let frozen = "the report is not a draft; its items are frozen"

    func testItemsOfSubmittedReportAreFrozenForTheirOwner() throws {
        let report = try newReport("alice", "Paris")
        let item = try newItem("alice", in: report)
        let draft = try newReport("alice", "Draft")
        let other = try newItem("alice", in: draft)
        let receipt = try newReceipt("alice", [1, 2])
        XCTAssertEqual(try rows("alice", linkSQL(item, receipt)), ["t"])
        try take("alice", .submit, report)

        try assertRefused("alice", editSQL(item, report: report, minor: 1), frozen)
        try assertRefused("alice", "SELECT expenses.expense_delete(\(item));", frozen)
        try assertRefused("alice", itemInsert(report, 700), frozen)
        try assertRefused("alice", editSQL(other, report: report, minor: 1_500), frozen)
        try assertRefused("alice", "SELECT expenses.receipt_detach(\(item), \(receipt), 'now');", frozen)
        try assertRefused("alice", linkSQL(item, try newReceipt("alice", [3])), frozen)
        // And past the functions, no table at all.
        try assertRefused("alice", "UPDATE expenses SET amount_minor = 1, converted_minor = 1 WHERE id = \(item);", denied("expenses"))
        try assertRefused("alice", "DELETE FROM expense_receipts WHERE expense_id = \(item);", denied("expense_receipts"))
        XCTAssertEqual(try rows("alice", "SELECT id, converted_minor FROM expenses WHERE report_id = \(report);"), ["\(item)|1500"])

        // Recalled, it is hers to change again.
        try take("alice", .recall, report)
        XCTAssertEqual(try rows("alice", editSQL(item, report: report, minor: 1_600)), [""])
        XCTAssertEqual(try rows("alice", "SELECT converted_minor FROM expenses WHERE id = \(item);"), ["1600"])
    }

    /// A session's temporary objects come first where it looks for tables unless told otherwise:
    /// the functions read the app's tables by their schema, and take no staging table they did not make.
    func testTemporaryObjectsDoNotShadowTheFunctions() throws {
        let report = try newReport("alice", "Paris")
        let item = try newItem("alice", in: report)
        try take("alice", .submit, report)

        try assertRefused(
            "alice",
            """
            CREATE TEMPORARY TABLE reports (id bigint, status text, owner text, item_count bigint, total_minor bigint);
            INSERT INTO reports VALUES (\(report), 'draft', 'alice', 1, 1500);
            \(editSQL(item, report: report, minor: 1))
            """, frozen)
        try assertRefused(
            "alice",
            """
            CREATE TEMPORARY TABLE \(PostgresSchema.importStaging) (import_line bigint);
            SELECT expenses.import_begin('card.csv', 'rules', NULL, 'now');
            """, "the import's staging table is not the server's own")
        XCTAssertEqual(try status(report), "submitted")
        XCTAssertEqual(try rows("alice", "SELECT converted_minor FROM expenses WHERE id = \(item);"), ["1500"])
    }

    func testCachedTotalsFollowItems() throws {
        let report = try newReport("alice", "Paris")
        let totals = "SELECT item_count, total_minor FROM reports WHERE id = \(report);"
        let first = try newItem("alice", in: report, 1_500)
        let second = try newItem("alice", in: report, 2_500)
        XCTAssertEqual(try rows("alice", totals), ["2|4000"])
        _ = try rows("alice", editSQL(second, report: report, minor: 3_000))
        XCTAssertEqual(try rows("alice", totals), ["2|4500"])
        _ = try rows("alice", "SELECT expenses.expense_delete(\(first));")
        XCTAssertEqual(try rows("alice", totals), ["1|3000"])
        _ = try rows("alice", editSQL(second, report: nil, minor: 3_000))
        XCTAssertEqual(try rows("alice", totals), ["0|0"])
    }

    func testItemGoesOnlyIntoItsOwnersReport() throws {
        let carols = try newReport("carol", "Rome")
        try assertRefused("alice", itemInsert(carols, 900), "unknown report \(carols)")
        try assertRefused(
            "alice",
            """
            INSERT INTO expenses (date, category, amount_minor, currency, created_at, updated_at, owner)
            VALUES ('2026-05-04', 'meals', 900, 'EUR', 'now', 'now', 'carol');
            """, denied("expenses"))
        let carolsItem = try newItem("carol", in: nil)
        try assertRefused("alice", editSQL(carolsItem, report: nil, minor: 1), "unknown expense \(carolsItem)")
        XCTAssertEqual(try rows("carol", "SELECT item_count FROM reports WHERE id = \(carols);"), ["0"])
    }

    func testReceiptsAreSeenWithTheirItems() throws {
        let report = try newReport("alice", "Paris")
        let item = try newItem("alice", in: report)
        let attached = try newReceipt("alice", [1, 2])
        let loose = try newReceipt("alice", [3])
        XCTAssertEqual(try rows("alice", linkSQL(item, attached)), ["t"])
        XCTAssertEqual(try rows("bob", "SELECT count(*) FROM receipts;"), ["0"])
        try take("alice", .submit, report)

        XCTAssertEqual(try rows("bob", "SELECT id FROM receipts;"), ["\(attached)"])
        XCTAssertEqual(try rows("bob", "SELECT chunk, bytes FROM receipt_contents;"), ["0|\\x0102"])
        XCTAssertEqual(try rows("carol", "SELECT count(*) FROM receipts;"), ["0"])
        XCTAssertEqual(try rows("carol", "SELECT count(*) FROM receipt_contents;"), ["0"])
        // A receipt is attached only to its owner's items.
        let carols = try newItem("carol", in: nil)
        try assertRefused("carol", linkSQL(carols, loose), "unknown receipt \(loose)")
    }

    /// Findings 3 and 4 of issue 27: a receipt's row shows only bytes the server checked whole
    /// against its hash, and stored bytes are never appended to or changed, by anyone who knows
    /// the hash (an approver does).
    func testReceiptBytesAreCheckedWholeAndNeverChanged() throws {
        let report = try newReport("alice", "Paris")
        let item = try newItem("alice", in: report)
        let receipt = try newReceipt("alice", [1, 2])
        _ = try rows("alice", linkSQL(item, receipt))
        try take("alice", .submit, report)
        let sha = SHA256.hex([1, 2])

        // Bob knows the hash: he may neither add a chunk nor change the row.
        XCTAssertEqual(
            try rows("bob", "SELECT expenses.receipt_chunk('\(sha)', 1, '\\x0303'); SELECT expenses.receipt_content_finish('\(sha)');"),
            ["", "f"])
        try assertRefused(
            "bob", "INSERT INTO receipt_contents (sha256, chunk, bytes) VALUES ('\(sha)', 1, '\\x03');",
            denied("receipt_contents"))
        try assertRefused(
            "alice", "UPDATE receipts SET sha256 = '\(String(repeating: "e", count: 64))', size = 9 WHERE id = \(receipt);",
            denied("receipts"))
        try assertRefused(
            "alice", "UPDATE expense_receipts SET receipt_id = \(receipt) WHERE expense_id = \(item);",
            denied("expense_receipts"))
        XCTAssertEqual(try rows("bob", "SELECT chunk, bytes FROM receipt_contents;"), ["0|\\x0102"])

        // Bytes that do not hash to their name never become content; a row cannot name missing bytes.
        let claimed = SHA256.hex([9, 9])
        try assertRefused(
            "alice",
            """
            BEGIN;
            SELECT expenses.receipt_chunk('\(claimed)', 0, '\\x0909ff');
            SELECT expenses.receipt_content_finish('\(claimed)');
            """, "the bytes sent for receipt \(claimed.prefix(12)) hash to \(SHA256.hex([9, 9, 255]).prefix(12)); nothing was stored")
        try assertRefused("alice", receiptSQL(claimed, size: 2), "the bytes of receipt \(claimed.prefix(12)) are not stored yet")
        try assertRefused("alice", receiptSQL(sha, size: 3), "receipt \(sha.prefix(12)) has 2 bytes, not 3")
        XCTAssertEqual(
            try expectSuccess(
                cluster.psql(
                    "SELECT count(*) FROM receipt_contents; SELECT count(*) FROM receipt_uploads;",
                    database: database)), ["1", "0"])
    }

    /// Two people capturing the same file: two receipts, one copy of the bytes, seen by each once
    /// their own receipt names them.
    func testSameBytesAreStoredOnce() throws {
        _ = try newReceipt("alice", [0xca, 0xfe])
        XCTAssertEqual(try rows("carol", "SELECT count(*) FROM receipt_contents;"), ["0"])
        _ = try newReceipt("carol", [0xca, 0xfe])
        XCTAssertEqual(try rows("carol", "SELECT chunk, bytes FROM receipt_contents;"), ["0|\\xcafe"])
        XCTAssertEqual(try rows("carol", "SELECT count(*) FROM receipts;"), ["1"])
        XCTAssertEqual(try expectSuccess(cluster.psql("SELECT count(*) FROM receipt_contents;", database: database)), ["1"])
    }

    func testDatesMustBeRealDays() throws {
        let insert = { (date: String) in
            "SELECT expenses.report_new('T', '', '', '\(date)', NULL, 'EUR', 'now');"
        }
        let check = #"new row for relation "reports" violates check constraint "reports_start_date_check""#
        for date in ["2026-02-29", "2026-02-30", "2026-04-31", "2026-13-01", "2026-1-01", "26-01-01", "2026-01-01T00:00", "١٢٣٤-01-01"] {
            try assertRefused("alice", insert(date), check)
        }
        for date in ["2024-02-29", "2000-02-29", "2026-12-31"] {
            XCTAssertEqual(try rows("alice", insert(date)).count, 1, date)
        }
        try assertRefused("alice", insert("1900-02-29"), check)
    }

    func testQuickActionsAreEachPersonsOwn() throws {
        let add = "SELECT expenses.shortcut_add('new-expense', 'New expense', NULL, NULL, NULL, NULL, NULL, 0, 1, NULL, 'user', 'now');"
        _ = try rows("alice", add)
        _ = try rows("bob", add)
        _ = try rows("alice", "SELECT expenses.shortcuts_clear();")
        XCTAssertEqual(try rows("bob", "SELECT owner, type FROM dynamic_shortcuts;"), ["bob|new-expense"])
        XCTAssertEqual(try rows("alice", "SELECT count(*) FROM dynamic_shortcuts;"), ["0"])
        try assertRefused("alice", "DELETE FROM dynamic_shortcuts;", denied("dynamic_shortcuts"))
        try assertRefused(
            "alice",
            """
            INSERT INTO shortcut_launches (type, arguments, queued_at, owner) VALUES ('new-expense', '<array/>', 'now', 'bob');
            """, denied("shortcut_launches"))
        // A launch is queued as the caller's, and only the caller's sessions claim it.
        let queued = try rows("alice", "SELECT expenses.launch_enqueue('new-expense', '<array/>', NULL, 'now', NULL);")
        XCTAssertEqual(try rows("bob", "SELECT expenses.launch_claim(NULL, 'token', 1, 'host', 1, 'now');"), ["0"])
        XCTAssertEqual(try rows("alice", "SELECT expenses.launch_claim(NULL, 'token', 1, 'host', 1, 'now');"), queued)
        XCTAssertEqual(try rows("bob", "SELECT expenses.launch_discard(\(queued[0]), 'claimed', 'now');"), ["f"])
    }

    private func linkSQL(_ item: Int64, _ receipt: Int64) -> String {
        "SELECT expenses.receipt_attach(\(item), \(receipt), '', 'now');"
    }

    /// The call that sets item `item` to `minor` cents, in `report` or none.
    private func editSQL(_ item: Int64, report: Int64?, minor: Int64) -> String {
        let conversion = report == nil ? "NULL, NULL, NULL, NULL" : "'1', NULL, 'same', \(minor)"
        return """
            SELECT expenses.expense_edit(\(item), \(report.map(String.init) ?? "NULL"), '2026-05-04', 'per_diem', '', '', \(minor),
                                         'EUR', \(conversion), 'personal', 'now');
            """
    }
}
