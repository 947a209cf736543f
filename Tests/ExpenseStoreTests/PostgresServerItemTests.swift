import ExpenseCore
import ExpenseStore
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
        let receipt = try newReceipt("alice")
        XCTAssertEqual(try rows("alice", linkInsert(item, receipt)), ["INSERT 0 1"])
        try take("alice", .submit, report)

        try assertRefused("alice", "UPDATE expenses SET amount_minor = 1, converted_minor = 1 WHERE id = \(item);", frozen)
        try assertRefused("alice", "DELETE FROM expenses WHERE id = \(item);", frozen)
        try assertRefused("alice", itemInsert(report, 700), frozen)
        try assertRefused("alice", "UPDATE expenses SET report_id = \(report) WHERE id = \(other);", frozen)
        try assertRefused("alice", "DELETE FROM expense_receipts WHERE expense_id = \(item);", frozen)
        try assertRefused("alice", linkInsert(item, try newReceipt("alice", String(repeating: "c", count: 64))), frozen)
        XCTAssertEqual(try rows("alice", "SELECT id, converted_minor FROM expenses WHERE report_id = \(report);"), ["\(item)|1500"])

        // Recalled, it is hers to change again.
        try take("alice", .recall, report)
        XCTAssertEqual(try rows("alice", "UPDATE expenses SET amount_minor = 1600, converted_minor = 1600 WHERE id = \(item);"),
                       ["UPDATE 1"])
    }

    /// A temporary table comes first in a session's search path: the triggers must not read one
    /// that stands in for theirs.
    func testTemporaryTablesDoNotFoolTheTriggers() throws {
        let report = try newReport("alice", "Paris")
        let item = try newItem("alice", in: report)
        try take("alice", .submit, report)

        try assertRefused("alice", """
            CREATE TEMPORARY TABLE reports (id bigint, status text, owner text, item_count bigint, total_minor bigint);
            INSERT INTO reports VALUES (\(report), 'draft', 'alice', 1, 1500);
            UPDATE expenses SET amount_minor = 1, converted_minor = 1 WHERE id = \(item);
            """, frozen)
        try assertRefused("alice", """
            CREATE TEMPORARY TABLE report_events (id bigint, report_id bigint, from_status text, to_status text);
            INSERT INTO report_events VALUES (999, \(report), 'submitted', 'approved');
            UPDATE public.reports SET status = 'approved' WHERE id = \(report);
            """, "a report transition must be logged first")
        XCTAssertEqual(try status(report), "submitted")
    }

    func testCachedTotalsFollowItems() throws {
        let report = try newReport("alice", "Paris")
        let totals = "SELECT item_count, total_minor FROM reports WHERE id = \(report);"
        let first = try newItem("alice", in: report, 1_500)
        let second = try newItem("alice", in: report, 2_500)
        XCTAssertEqual(try rows("alice", totals), ["2|4000"])
        XCTAssertEqual(try rows("alice", "UPDATE expenses SET converted_minor = 3000 WHERE id = \(second);"), ["UPDATE 1"])
        XCTAssertEqual(try rows("alice", totals), ["2|4500"])
        XCTAssertEqual(try rows("alice", "DELETE FROM expenses WHERE id = \(first);"), ["DELETE 1"])
        XCTAssertEqual(try rows("alice", totals), ["1|3000"])
        XCTAssertEqual(try rows("alice", """
            UPDATE expenses SET report_id = NULL, rate = NULL, rate_source = NULL, converted_minor = NULL WHERE id = \(second);
            """), ["UPDATE 1"])
        XCTAssertEqual(try rows("alice", totals), ["0|0"])
    }

    func testItemGoesOnlyIntoItsOwnersReport() throws {
        let carols = try newReport("carol", "Rome")
        try assertRefused("alice", itemInsert(carols, 900), #"new row violates row-level security policy for table "expenses""#)
        try assertRefused("alice", """
            INSERT INTO expenses (date, category, amount_minor, currency, created_at, updated_at, owner)
            VALUES ('2026-05-04', 'meals', 900, 'EUR', 'now', 'now', 'carol');
            """, #"new row violates row-level security policy for table "expenses""#)
        XCTAssertEqual(try rows("carol", "SELECT item_count FROM reports WHERE id = \(carols);"), ["0"])
    }

    func testReceiptsAreSeenWithTheirItems() throws {
        let report = try newReport("alice", "Paris")
        let item = try newItem("alice", in: report)
        let attached = try newReceipt("alice", String(repeating: "b", count: 64))
        let loose = try newReceipt("alice", String(repeating: "c", count: 64))
        XCTAssertEqual(try rows("alice", linkInsert(item, attached)), ["INSERT 0 1"])
        XCTAssertEqual(try rows("alice", "INSERT INTO receipt_contents (sha256, chunk, bytes) VALUES ('\(String(repeating: "b", count: 64))', 0, '\\x0102');"),
                       ["INSERT 0 1"])
        XCTAssertEqual(try rows("bob", "SELECT count(*) FROM receipts;"), ["0"])
        try take("alice", .submit, report)

        XCTAssertEqual(try rows("bob", "SELECT id FROM receipts;"), ["\(attached)"])
        XCTAssertEqual(try rows("bob", "SELECT chunk, bytes FROM receipt_contents;"), ["0|\\x0102"])
        XCTAssertEqual(try rows("carol", "SELECT count(*) FROM receipts;"), ["0"])
        XCTAssertEqual(try rows("carol", "SELECT count(*) FROM receipt_contents;"), ["0"])
        // Bytes are written by whoever holds the receipt, and a receipt is attached only to its owner's items.
        try assertRefused("carol", "INSERT INTO receipt_contents (sha256, chunk, bytes) VALUES ('\(String(repeating: "c", count: 64))', 0, '\\x01');",
                          #"new row violates row-level security policy for table "receipt_contents""#)
        let carols = try newItem("carol", in: nil)
        try assertRefused("carol", linkInsert(carols, loose), "receipt \(loose) is not the receipt of the owner of expense \(carols)")
        _ = item
    }

    /// Two people capturing the same file: two receipts, one copy of the bytes (the second writer's
    /// `ON CONFLICT DO NOTHING` keeps the first), seen by each once their own receipt names them.
    func testSameBytesAreStoredOnce() throws {
        let sha = String(repeating: "d", count: 64)
        let chunk = "INSERT INTO receipt_contents (sha256, chunk, bytes) VALUES ('\(sha)', 0, '\\xcafe') ON CONFLICT DO NOTHING;"
        _ = try newReceipt("alice", sha)
        XCTAssertEqual(try rows("alice", chunk), ["INSERT 0 1"])
        XCTAssertEqual(try rows("carol", "SELECT count(*) FROM receipt_contents;"), ["0"])
        _ = try newReceipt("carol", sha)
        XCTAssertEqual(try rows("carol", chunk), ["INSERT 0 0"])
        XCTAssertEqual(try rows("carol", "SELECT chunk, bytes FROM receipt_contents;"), ["0|\\xcafe"])
        XCTAssertEqual(try rows("carol", "SELECT count(*) FROM receipts;"), ["1"])
    }

    func testDatesMustBeRealDays() throws {
        let insert = { (date: String) in
            "INSERT INTO reports (title, currency, owner, start_date, created_at, updated_at) VALUES ('T', 'EUR', 'alice', '\(date)', 'now', 'now');"
        }
        let check = #"new row for relation "reports" violates check constraint "reports_start_date_check""#
        for date in ["2026-02-29", "2026-02-30", "2026-04-31", "2026-13-01", "2026-1-01", "26-01-01", "2026-01-01T00:00", "١٢٣٤-01-01"] {
            try assertRefused("alice", insert(date), check)
        }
        for date in ["2024-02-29", "2000-02-29", "2026-12-31"] {
            XCTAssertEqual(try rows("alice", insert(date)), ["INSERT 0 1"], date)
        }
        try assertRefused("alice", insert("1900-02-29"), check)
    }

    func testQuickActionsAreEachPersonsOwn() throws {
        let insert = """
            INSERT INTO dynamic_shortcuts (type, title, rank, updated_at) VALUES ('new-expense', 'New expense', 0, 'now');
            """
        XCTAssertEqual(try rows("alice", insert), ["INSERT 0 1"])
        XCTAssertEqual(try rows("bob", insert), ["INSERT 0 1"])
        XCTAssertEqual(try rows("alice", "DELETE FROM dynamic_shortcuts;"), ["DELETE 1"])
        XCTAssertEqual(try rows("bob", "SELECT owner, type FROM dynamic_shortcuts;"), ["bob|new-expense"])
        try assertRefused("alice", """
            INSERT INTO shortcut_launches (type, arguments, queued_at, owner) VALUES ('new-expense', '<array/>', 'now', 'bob');
            """, #"new row violates row-level security policy for table "shortcut_launches""#)
    }

    private func newReceipt(_ owner: String, _ sha256: String = String(repeating: "b", count: 64)) throws -> Int64 {
        let lines = try rows(owner, """
            INSERT INTO receipts (sha256, media_type, size, source, captured_at, ocr_status)
            VALUES ('\(sha256)', 'image/jpeg', 2, 'file', 'now', 'skipped') RETURNING id;
            """)
        guard lines.count == 2, let id = Int64(lines[0]) else { throw PsqlFailed(description: "no receipt id: \(lines)") }
        return id
    }

    private func linkInsert(_ item: Int64, _ receipt: Int64) -> String {
        "INSERT INTO expense_receipts (expense_id, receipt_id, attached_at) VALUES (\(item), \(receipt), 'now');"
    }
}
