import ExpenseCore
import ExpenseStore
import XCTest

/// A report's header through `report_new` and `report_edit`, tried with plain psql by its owner:
/// the server refuses what the app refuses (`Report.validate`, `Store.requireTripDaysInside`, the
/// currency under converted items), in the app's words, so that a member who skips the app
/// changes no currency, date or time under what is already in the report.
final class PostgresReportEditAttackTests: PostgresTestCase {
    private func edit(_ report: Int64, title: String = "Walldorf", start: String?, end: String?, currency: String = "EUR") -> String {
        let day = { (date: String?) in date.map { "'\($0)'" } ?? "NULL" }
        return "SELECT expenses.report_edit(\(report), '\(title)', '', '', \(day(start)), \(day(end)), '\(currency)', 'now');"
    }

    /// Alice's draft of five days with a stop on the 4th and a dinner on the 2nd; its id.
    private func trip() throws -> Int64 {
        let report = try newReport("alice", "Walldorf")
        try expectSuccess(
            sql(
                "alice",
                edit(report, start: "2026-05-01", end: "2026-05-05") + """
                    SELECT expenses.report_trip(\(report), NULL, NULL, 'DE', 'now');
                    SELECT expenses.report_stop(\(report), '2026-05-04', 'FR', 'now');
                    SELECT expenses.report_meals(\(report), '2026-05-02', 0, 0, 1, 'now');
                    """))
        return report
    }

    /// Items converted into EUR would count as GBP: the app's words, and its hint, from the server.
    func testTheCurrencyCannotChangeUnderConvertedItems() throws {
        let report = try newReport("alice", "Walldorf")
        _ = try newItem("alice", in: report, 2_100)
        _ = try newItem("alice", in: report, 900)
        try assertRefused(
            "alice", edit(report, start: nil, end: nil, currency: "GBP"),
            "report \(report) has 2 items converted to EUR; its currency cannot change")
        XCTAssertEqual(try rows("alice", "SELECT currency FROM reports WHERE id = \(report);"), ["EUR"])
    }

    /// Advances converted into it keep its currency too.
    func testTheCurrencyCannotChangeUnderConvertedAdvances() throws {
        let report = try newReport("alice", "Walldorf")
        try expectSuccess(
            sql("alice", "SELECT expenses.advance_add(\(report), '2026-05-01', 20000, 'EUR', '1', NULL, 'same', 20000, 'now');"))
        try assertRefused(
            "alice", edit(report, start: nil, end: nil, currency: "GBP"),
            "report \(report) has advances converted to EUR; its currency cannot change")
    }

    /// New dates that leave a stop or meals outside the trip would change the per diems under them.
    func testTheDatesCannotLeaveAStopOrMealsOutsideTheTrip() throws {
        let report = try trip()
        try assertRefused(
            "alice", edit(report, start: "2026-05-01", end: "2026-05-03"),
            "report \(report) has a stop or meals on 2026-05-04, which would be outside the trip (2026-05-01 to 2026-05-03)")
        try assertRefused(
            "alice", edit(report, start: "2026-05-03", end: "2026-05-05"),
            "report \(report) has a stop or meals on 2026-05-02, which would be outside the trip (2026-05-03 to 2026-05-05)")
        try assertRefused(
            "alice", edit(report, start: nil, end: nil),
            "report \(report) has a stop or meals on 2026-05-02, which would be outside the trip")
        XCTAssertEqual(try rows("alice", "SELECT start_date, end_date FROM reports WHERE id = \(report);"), ["2026-05-01|2026-05-05"])
        try expectSuccess(sql("alice", edit(report, start: "2026-05-02", end: "2026-05-04")))
    }

    /// A departure's or return's time stays with its date; a one-day trip does not come back before it leaves.
    func testTheDatesCannotLeaveATimeWithoutItsDayOrReversed() throws {
        let report = try newReport("alice", "Walldorf")
        try expectSuccess(
            sql(
                "alice",
                edit(report, start: "2026-05-01", end: "2026-05-02")
                    + "SELECT expenses.report_trip(\(report), '18:00', '09:00', 'DE', 'now');"))
        try assertRefused("alice", edit(report, start: nil, end: "2026-05-02"), "a time of day needs its date")
        try assertRefused(
            "alice", edit(report, start: "2026-05-01", end: "2026-05-01"),
            "the trip comes back (2026-05-01T09:00) before it leaves (2026-05-01T18:00)")
        try assertRefused(
            "alice", edit(report, start: "2026-05-03", end: "2026-05-02"), "the trip ends (2026-05-02) before it starts (2026-05-03)")
    }

    /// `report_trip` holds the same rules for the times it sets, in the same words.
    func testTheTimesOfTheTripKeepTheirDays() throws {
        let undated = try newReport("alice", "Undated")
        try assertRefused("alice", "SELECT expenses.report_trip(\(undated), '08:00', NULL, 'DE', 'now');", "a time of day needs its date")
        let day = try newReport("alice", "A day")
        try expectSuccess(sql("alice", edit(day, start: "2026-05-01", end: "2026-05-01")))
        try assertRefused(
            "alice", "SELECT expenses.report_trip(\(day), '18:00', '09:00', 'DE', 'now');",
            "the trip comes back (2026-05-01T09:00) before it leaves (2026-05-01T18:00)")
    }

    /// A header the app would not write is refused in its words, by `report_new` as by `report_edit`.
    func testAHeaderTheAppRefusesIsRefused() throws {
        let report = try newReport("alice", "Walldorf")
        try assertRefused("alice", edit(report, title: "  ", start: nil, end: nil), "a report needs a title")
        try assertRefused(
            "alice", "SELECT expenses.report_new(' ', '', '', NULL, NULL, 'EUR', 'now');", "a report needs a title")
        try assertRefused(
            "alice", "SELECT expenses.report_new('T', '', '', '2026-05-03', '2026-05-02', 'EUR', 'now');",
            "the trip ends (2026-05-02) before it starts (2026-05-03)")
    }
}
