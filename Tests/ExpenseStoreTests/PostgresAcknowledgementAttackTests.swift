import ExpenseCore
import ExpenseStore
import XCTest

/// A policy warning accepted through `report_acknowledge`, tried with plain psql by the report's
/// owner: as the app's `report acknowledge`, only a warning the report has now, with a reason;
/// never a blocking finding, nor one to come (an item added later would arrive with its warning
/// already accepted, and the approver would read it as accepted).
final class PostgresAcknowledgementAttackTests: PostgresTestCase {
    func testOnlyAWarningTheReportHasNowIsAcknowledged() throws {
        let report = try newReport("alice", "Walldorf")
        try expectSuccess(
            sql("alice", "SELECT expenses.report_edit(\(report), 'Walldorf', '', '', '2026-05-01', '2026-05-03', 'EUR', 'now');"))
        let outside = try newItem("alice", in: report)  // on 2026-05-04: outside the trip, a warning
        let hotel = try rows(
            "alice",
            """
            SELECT expenses.expense_add(\(report), '2026-05-02', 'lodging', 'Hotel', '', 9000, 'EUR', '1', NULL, 'same', 9000,
                                        'personal', 'now');
            """
        ).joined()
        let acknowledge = { (key: String, reason: String) in
            "SELECT expenses.report_acknowledge(\(report), '\(key)', '\(reason)', 'now');"
        }
        let later = "manual-rate:\(outside + 10)"
        try assertRefused("alice", acknowledge(later, "the rate of the bank"), "report \(report) has no violation '\(later)'")
        try assertRefused(
            "alice", acknowledge("missing-receipt:\(hotel)", "lost it"),
            "missing-receipt:\(hotel) is blocking; a blocking violation cannot be acknowledged, only fixed")
        try assertRefused("alice", acknowledge("outside-trip:\(outside)", "  "), "an acknowledgement needs its reason")
        XCTAssertEqual(try rows("alice", "SELECT count(*) FROM policy_acknowledgements;"), ["0"])
        try expectSuccess(sql("alice", acknowledge("outside-trip:\(outside)", "the taxi home")))
        XCTAssertEqual(try rows("alice", "SELECT violation FROM policy_acknowledgements;"), ["outside-trip:\(outside)"])
    }
}
