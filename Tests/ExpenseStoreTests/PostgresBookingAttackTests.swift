import ExpenseCore
import ExpenseStore
import ExpenseSupport
import Foundation
import XCTest

/// The books are finance's (issue 41): with plain psql no traveller or approver changes an
/// account of the charts, chooses the chart, records a journal export or reads the exports, and
/// finance records an export only of reports that may be booked.
final class PostgresBookingAttackTests: PostgresTestCase {
    func testATravellerOrAnApproverChangingAnAccountIsRefused() throws {
        for member in ["alice", "bob"] {
            try assertRefused(
                member, "SELECT expenses.chart_account_set('skr03', 'lodging', '1200', 'Bank');",
                "only a member of expenses_finance can change the charts of accounts")
            try assertRefused(
                member, "SELECT expenses.booking_chart_set('skr04');", "only a member of expenses_finance can choose the chart of accounts")
            try assertRefused(
                member, "UPDATE chart_accounts SET number = '1200' WHERE account_key = 'lodging';", denied("chart_accounts"))
            try assertRefused(member, "INSERT INTO booking_chart VALUES (1, 'skr04');", denied("booking_chart"))
        }
        XCTAssertEqual(
            try rows("alice", "SELECT number FROM chart_accounts WHERE chart = 'skr03' AND account_key = 'lodging';"), ["4666"],
            "every member reads the chart, unchanged")
        XCTAssertEqual(try rows("fiona", "SELECT expenses.chart_account_set('skr03', 'lodging', '4670', 'Hotels');"), ["1"])
        XCTAssertEqual(try rows("fiona", "SELECT expenses.chart_account_set('skr03', 'lodging', '4670', 'Hotels');"), ["0"])
        try assertRefused(
            "fiona", "SELECT expenses.chart_account_set('skr03', 'lodging', '12x4', 'Hotels');", "no account 12x4 for lodging in skr03")
        XCTAssertEqual(try rows("fiona", "SELECT expenses.booking_chart_set('skr04');"), ["1"])
        XCTAssertEqual(try rows("alice", "SELECT chart FROM booking_chart;"), ["skr04"])
    }

    func testOnlyFinanceRecordsAndReadsJournalExportsAndOnlyOfBookableReports() throws {
        let approved = try newReport("alice", "Approved")
        _ = try newItem("alice", in: approved)
        try take("alice", .submit, approved)
        try take("bob", .approve, approved)
        let draft = try newReport("carol", "Draft")
        let record = { (entries: String) in
            "SELECT expenses.journal_export_record('2026-05-01', '2026-05-31', 'datev', '\(entries)', '2026-06-01T08:00:00Z');"
        }
        for member in ["alice", "bob", "carol"] {
            try assertRefused(member, record("\(approved):report"), "only a member of expenses_finance can export journals")
            try assertRefused(member, "SELECT count(*) FROM journal_exports;", denied("journal_exports"))
            try assertRefused(member, "SELECT count(*) FROM journal_exported;", denied("journal_exported"))
            try assertRefused(
                member,
                "INSERT INTO journal_exports (at, actor, from_date, to_date, format) VALUES ('x', 'alice', '2026-05-01', "
                    + "'2026-05-31', 'csv');", denied("journal_exports"))
        }
        try assertRefused("fiona", record("\(draft):report"), "report \(draft) cannot be booked (draft)")
        try assertRefused("fiona", record("\(approved):payment"), "report \(approved) cannot be booked (approved)")
        try assertRefused("fiona", record("\(approved):report;DROP"), "no journal entry: \(approved):report;DROP")
        XCTAssertEqual(try rows("fiona", "SELECT count(*) FROM journal_exports;"), ["0"], "a refused export records nothing")
        _ = try expectSuccess(sql("fiona", record("\(approved):report")))
        XCTAssertEqual(try rows("fiona", "SELECT actor, format FROM journal_exports;"), ["fiona|datev"])
        XCTAssertEqual(try rows("fiona", "SELECT report_id, kind FROM journal_exported;"), ["\(approved)|report"])
    }
}
