import ExpenseCore
import ExpenseStore
import XCTest

/// Issue 44's trip rows on a team database, tried with plain psql as the member who would gain: a
/// traveller writes no night at the lodging flat, office time, paid meal or place herself, only
/// through the server's functions, which refuse what the app refuses (a night on the last day or
/// on a trip without one, office time outside the trip, a meal paid for that was not provided, a
/// forged place), on her own draft only.
final class PostgresPerDiemAbroadAttackTests: PostgresTestCase {
    /// Alice's draft from the 2nd (08:00) to the 4th (17:00) in Walldorf, lunch on the 3rd (5.00 of it paid), the
    /// night of the 2nd at the lodging flat, an hour at her office on the 2nd; its id.
    private func trip() throws -> Int64 {
        let report = try newReport("alice", "Walldorf")
        try expectSuccess(
            sql(
                "alice",
                """
                SELECT expenses.report_edit(\(report), 'Walldorf', '', '', '2026-03-02', '2026-03-04', 'EUR', 'now');
                SELECT expenses.report_trip(\(report), '08:00', '17:00', 'DE', 'Walldorf', 1, 'now');
                SELECT expenses.report_meals(\(report), '2026-03-03', 0, 1, 0, 0, 500, 0, 'now');
                SELECT expenses.report_night(\(report), '2026-03-02', 1, 'now');
                SELECT expenses.report_office(\(report), '2026-03-02T09:00', '2026-03-02T10:00', 'now');
                """))
        return report
    }

    /// What the trip holds, as the administrator reads it.
    private func held(_ report: Int64) throws -> [String] {
        try expectSuccess(
            cluster.psql(
                """
                SELECT 'trip ' || coalesce(place, '-') || ' ' || overnight FROM reports WHERE id = \(report)
                UNION ALL SELECT 'stop ' || date || ' ' || coalesce(place, '-') FROM report_stops WHERE report_id = \(report)
                UNION ALL SELECT 'paid ' || date || ' ' || breakfast_paid || ' ' || lunch_paid || ' ' || dinner_paid
                          FROM report_meals WHERE report_id = \(report)
                UNION ALL SELECT 'night ' || date FROM report_nights WHERE report_id = \(report)
                UNION ALL SELECT 'office ' || starts || ' ' || ends FROM report_office WHERE report_id = \(report)
                ORDER BY 1;
                """, database: database))
    }

    private let asMade = [
        "night 2026-03-02", "office 2026-03-02T09:00 2026-03-02T10:00", "paid 2026-03-03 0 500 0", "trip Walldorf 1",
    ]

    func testNoMemberWritesTheNewRowsDirectly() throws {
        let report = try trip()
        for (table, text) in [
            ("report_nights", "INSERT INTO report_nights VALUES (\(report), '2026-03-03');"),
            ("report_nights", "DELETE FROM report_nights;"),
            ("report_office", "INSERT INTO report_office VALUES (\(report), '2026-03-03T08:00', '2026-03-03T17:00');"),
            ("report_office", "UPDATE report_office SET ends = '2026-03-02T09:01';"),
            ("report_meals", "UPDATE report_meals SET lunch_paid = 0;"),
            ("report_stops", "INSERT INTO report_stops VALUES (\(report), '2026-03-03', 'FR', 'Paris');"),
            ("reports", "UPDATE reports SET place = 'Genf', overnight = 0 WHERE id = \(report);"),
            ("allowance_rates", "UPDATE allowance_rates SET lodging = 99900;"),
        ] {
            for role in ["alice", "bob", "fiona"] { try assertRefused(role, text, "permission denied for table \(table)") }
        }
        XCTAssertEqual(try held(report), asMade)
    }

    func testTheServerRefusesWhatTheAppRefuses() throws {
        let report = try trip()
        for (text, message) in [
            (
                "SELECT expenses.report_night(\(report), '2026-03-04', 1, 'now');",
                "2026-03-04 is the last day of the trip of report \(report): no night begins on it"
            ),
            ("SELECT expenses.report_night(\(report), '2026-03-05', 1, 'now');", "2026-03-05 is not a day of the trip of report \(report)"),
            (
                "SELECT expenses.report_night(\(report), '2026-03-03', 0, 'now');",
                "report \(report) has no night at the lodging flat on 2026-03-03"
            ),
            ("SELECT expenses.report_night(\(report), '2026-03-03', 2, 'now');", "flat is 1 (paid at the lodging flat) or 0 (not), not 2"),
            (
                "SELECT expenses.report_office(\(report), '2026-03-02T07:00', '2026-03-02T09:00', 'now');",
                "the office time 2026-03-02T07:00 to 2026-03-02T09:00 is outside the trip of report \(report)"
            ),
            (
                "SELECT expenses.report_office(\(report), '2026-03-04T16:00', '2026-03-04T18:00', 'now');",
                "the office time 2026-03-04T16:00 to 2026-03-04T18:00 is outside the trip of report \(report)"
            ),
            (
                "SELECT expenses.report_office(\(report), '2026-03-02T09:30', '2026-03-02T11:00', 'now');",
                "the office time 2026-03-02T09:30 to 2026-03-02T11:00 overlaps 2026-03-02T09:00 to 2026-03-02T10:00 of report \(report)"
            ),
            (
                "SELECT expenses.report_office(\(report), '2026-03-03T12:00', '2026-03-03T11:00', 'now');",
                "the office time ends (2026-03-03T11:00) no later than it starts (2026-03-03T12:00)"
            ),
            (
                "SELECT expenses.report_office(\(report), '2026-03-03 12:00', NULL, 'now');",
                "office time is given as YYYY-MM-DDTHH:MM, not 2026-03-03 12:00 to <NULL>"
            ),
            (
                "SELECT expenses.report_meals(\(report), '2026-03-03', 0, 1, 0, 0, 0, 300, 'now');",
                "a meal on 2026-03-03 was paid for but is not provided"
            ),
            (
                "SELECT expenses.report_meals(\(report), '2026-03-03', 0, 1, 0, 0, -500, 0, 'now');",
                "what was paid for a meal on 2026-03-03 is negative or missing"
            ),
            (
                "SELECT expenses.report_trip(\(report), '08:00', '17:00', 'DE', 'Walldorf', 0, 'now');",
                "a trip without a night away goes over one midnight: it needs two days in a row and both times"
            ),
            (
                "SELECT expenses.report_trip(\(report), '08:00', '17:00', 'DE', 'Walldorf', 2, 'now');",
                "overnight is 1 (nights away) or 0 (over midnight without), not 2"
            ),
            (
                "SELECT expenses.report_trip(\(report), '08:00', '17:00', 'DE', E'Walldorf\\x1b[2J', 1, 'now');",
                "a place is a name of 1 to 100 characters without control characters"
            ),
            (
                "SELECT expenses.report_trip(\(report), '08:00', '17:00', 'DE', repeat('P', 101), 1, 'now');",
                "a place is a name of 1 to 100 characters without control characters"
            ),
            ("SELECT expenses.report_trip(\(report), '08:00', '17:00', NULL, 'Walldorf', 1, 'now');", "a place needs its country"),
            (
                "SELECT expenses.report_stop(\(report), '2026-03-03', 'FR', E'Lyon\\tParis', 'now');",
                "a place is a name of 1 to 100 characters without control characters"
            ),
            (
                "SELECT expenses.report_stop(\(report), '2026-03-03', 'FR', '   ', 'now');",
                "a place is a name of 1 to 100 characters without control characters"
            ),
            (
                "SELECT expenses.report_edit(\(report), 'Walldorf', '', '', '2026-03-03', '2026-03-04', 'EUR', 'now');",
                "report \(report) has a night at the lodging flat on 2026-03-02, which would be outside the trip"
            ),
        ] {
            try assertRefused("alice", text, message)
        }
        XCTAssertEqual(try held(report), asMade)
        // A trip without a night away: over one midnight with both times, and then no night at the lodging flat.
        try expectSuccess(
            sql(
                "alice",
                """
                SELECT expenses.report_night(\(report), '2026-03-02', 0, 'now');
                SELECT expenses.report_office(\(report), '2026-03-02T09:00', NULL, 'now');
                SELECT expenses.report_meals(\(report), '2026-03-03', 0, 0, 0, 0, 0, 0, 'now');
                SELECT expenses.report_edit(\(report), 'Walldorf', '', '', '2026-03-02', '2026-03-03', 'EUR', 'now');
                SELECT expenses.report_trip(\(report), '17:00', '03:00', 'DE', 'Walldorf', 0, 'now');
                """))
        try assertRefused(
            "alice", "SELECT expenses.report_night(\(report), '2026-03-02', 1, 'now');",
            "report \(report) is a trip without a night away: it has no night at the lodging flat")
        try assertRefused(
            "alice", "SELECT expenses.report_edit(\(report), 'Walldorf', '', '', '2026-03-02', '2026-03-04', 'EUR', 'now');",
            "a trip without a night away goes over one midnight: it needs two days in a row and both times")
        XCTAssertEqual(try held(report), ["trip Walldorf 0"])
    }

    func testAnotherTravellersOrASubmittedTripIsNotChanged() throws {
        let report = try trip()
        for text in [
            "SELECT expenses.report_night(\(report), '2026-03-03', 1, 'now');",
            "SELECT expenses.report_office(\(report), '2026-03-03T09:00', '2026-03-03T10:00', 'now');",
            "SELECT expenses.report_meals(\(report), '2026-03-03', 0, 1, 0, 0, 0, 0, 'now');",
            "SELECT expenses.report_stop(\(report), '2026-03-03', 'CH', 'Genf', 'now');",
            "SELECT expenses.report_trip(\(report), '08:00', '17:00', 'CH', 'Genf', 1, 'now');",
        ] {
            try assertRefused("carol", text, "unknown report \(report)")
        }
        try take("alice", .submit, report)
        for text in [
            "SELECT expenses.report_night(\(report), '2026-03-03', 1, 'now');",
            "SELECT expenses.report_night(\(report), '2026-03-02', 0, 'now');",
            "SELECT expenses.report_office(\(report), '2026-03-03T09:00', '2026-03-03T10:00', 'now');",
            "SELECT expenses.report_office(\(report), '2026-03-02T09:00', NULL, 'now');",
            "SELECT expenses.report_meals(\(report), '2026-03-03', 0, 1, 0, 0, 900, 0, 'now');",
            "SELECT expenses.report_trip(\(report), '08:00', '17:00', 'DE', 'Genf', 1, 'now');",
        ] {
            try assertRefused("alice", text, "the report is not a draft; its items are frozen")
        }
        // Not even the administrator, as the functions' role, changes them while it is submitted.
        for table in ["report_nights", "report_office"] {
            try assertRefused(
                Self.admin, "SET ROLE \(PostgresSchema.definerRole); DELETE FROM \(table) WHERE report_id = \(report);",
                "the report is not a draft; its trip is frozen")
        }
        XCTAssertEqual(try held(report), asMade)
        XCTAssertEqual(
            try rows("carol", "SELECT count(*) FROM report_nights UNION ALL SELECT count(*) FROM report_office;"), ["0", "0"],
            "another traveller's nights and office time are not hers to see")
        XCTAssertEqual(try rows("bob", "SELECT count(*) FROM report_nights WHERE report_id = \(report);"), ["1"], "seen with the report")
    }
}
