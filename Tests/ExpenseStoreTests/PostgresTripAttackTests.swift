import ExpenseCore
import ExpenseStore
import XCTest

/// A trip's rows on a team database, tried with plain psql as the member who would gain: a
/// traveller writes no per-diem amount, stop, meal or rate herself, changes nothing of a submitted
/// report's trip, and touches no one else's; the server alone computes and freezes per diems.
final class PostgresTripAttackTests: PostgresTestCase {
    /// Alice's draft of three days in Germany with a breakfast on the 3rd; its id.
    private func trip() throws -> Int64 {
        let report = try newReport("alice", "Walldorf")
        try expectSuccess(
            sql(
                "alice",
                """
                SELECT expenses.report_edit(\(report), 'Walldorf', '', '', '2026-03-02', '2026-03-04', 'EUR', 'now');
                SELECT expenses.report_trip(\(report), '08:00', '17:00', 'DE', 'now');
                SELECT expenses.report_meals(\(report), '2026-03-03', 1, 0, 0, 'now');
                """))
        return report
    }

    private func frozen(_ report: Int64) throws -> [String] {
        try expectSuccess(
            cluster.psql(
                "SELECT date, kind, amount_minor FROM report_allowances WHERE report_id = \(report) ORDER BY date;", database: database))
    }

    func testNoMemberWritesTheTripsTablesOrTheRates() throws {
        let report = try trip()
        for (table, text) in [
            (
                "report_allowances",
                "INSERT INTO report_allowances SELECT \(report), '2026-03-02', 'DE', 'full', 0, 0, 0, '2020-01-01', 99900, 99900, 'EUR', 99900, 0, 99900, '1', NULL, 'same', 99900;"
            ),
            ("report_allowances", "UPDATE report_allowances SET converted_minor = 99900;"),
            ("report_stops", "INSERT INTO report_stops VALUES (\(report), '2026-03-03', 'CH');"),
            ("report_meals", "DELETE FROM report_meals;"),
            ("allowance_rates", "UPDATE allowance_rates SET full_day = 99900;"),
            ("reports", "UPDATE reports SET country = 'CH' WHERE id = \(report);"),
        ] {
            for role in ["alice", "bob", "fiona"] { try assertRefused(role, text, "permission denied for table \(table)") }
        }
        // Nor does she compute or freeze them herself: those are the server's own steps.
        try assertRefused("alice", "SELECT expenses.freeze_per_diems(\(report));", "permission denied for function freeze_per_diems")
        try assertRefused("alice", "SELECT * FROM expenses.per_diem_days(\(report));", "permission denied for function per_diem_days")
        // Only finance keeps the rates.
        try assertRefused(
            "alice", "SELECT expenses.allowance_rate_save('DE', '2026-01-01', 99900, 99900, 'EUR', 1);",
            "only a member of expenses_finance can load allowance rates")
        try expectSuccess(sql("fiona", "SELECT expenses.allowance_rate_save('FR', '', '2027-01-01', 5300, 3600, NULL, 'EUR', 0);"))
        XCTAssertEqual(
            try rows("alice", "SELECT country, full_day FROM allowance_rates WHERE valid_from >= '2027' ORDER BY country;"), ["FR|5300"])
    }

    func testTheServerFreezesWhatItComputesAndASubmittedTripStaysAsSubmitted() throws {
        let report = try trip()
        try take("alice", .submit, report)
        XCTAssertEqual(try frozen(report), ["2026-03-02|partial|1400", "2026-03-03|full|2240", "2026-03-04|partial|1400"])
        XCTAssertEqual(
            try rows("bob", "SELECT count(*) FROM report_allowances WHERE report_id = \(report);"), ["3"], "seen with the report")
        XCTAssertEqual(try rows("carol", "SELECT count(*) FROM report_allowances;"), ["0"], "not another traveller's")
        for text in [
            "SELECT expenses.report_trip(\(report), '06:00', '23:00', 'CH', 'now');",
            "SELECT expenses.report_stop(\(report), '2026-03-03', 'CH', 'now');",
            "SELECT expenses.report_meals(\(report), '2026-03-03', 0, 0, 0, 'now');",
            "SELECT expenses.report_edit(\(report), 'Walldorf', '', '', '2026-03-01', '2026-03-09', 'EUR', 'now');",
        ] {
            try assertRefused("alice", text, "the report is not a draft; its items are frozen")
        }
        // A rate changed after the submission changes nothing frozen.
        try expectSuccess(sql("fiona", "SELECT expenses.allowance_rate_save('DE', '2020-01-01', 99900, 99900, 'EUR', 1);"))
        XCTAssertEqual(try frozen(report), ["2026-03-02|partial|1400", "2026-03-03|full|2240", "2026-03-04|partial|1400"])
        // Not even the administrator, as the functions' role, changes them while it is submitted.
        try assertRefused(
            Self.admin,
            "SET ROLE \(PostgresSchema.definerRole); UPDATE report_allowances SET amount_minor = 99900 WHERE report_id = \(report);",
            "the report is not a draft; its per diems are frozen")
        try assertRefused(
            Self.admin, "SET ROLE \(PostgresSchema.definerRole); DELETE FROM report_meals WHERE report_id = \(report);",
            "the report is not a draft; its trip is frozen")
        // Recalled, they thaw; submitted again, the server computes them at the rates of now.
        try take("alice", .recall, report)
        XCTAssertEqual(try frozen(report), [])
        try take("alice", .submit, report)
        XCTAssertEqual(try frozen(report), ["2026-03-02|partial|99900", "2026-03-03|full|79920", "2026-03-04|partial|99900"])
    }

    func testAnotherTravellersTripIsNotHersToChange() throws {
        let report = try trip()
        for text in [
            "SELECT expenses.report_trip(\(report), NULL, NULL, 'DE', 'now');",
            "SELECT expenses.report_stop(\(report), '2026-03-03', 'CH', 'now');",
            "SELECT expenses.report_meals(\(report), '2026-03-03', 1, 1, 1, 'now');",
        ] {
            try assertRefused("carol", text, "unknown report \(report)")
        }
        try assertRefused(
            "alice", "SELECT expenses.report_stop(\(report), '2026-03-05', 'CH', 'now');",
            "2026-03-05 is not a day of the trip of report \(report)")
        XCTAssertEqual(
            try rows("alice", "SELECT action FROM report_events WHERE report_id = \(report) ORDER BY id;"), ["meals 2026-03-03 breakfast"],
            "the server logs what it changes")
        // A day without a rate refuses the submission on the server too, and freezes nothing
        // (Antarctica, which the BMF does not list, given a row of its own from 2027 by the
        // administrator: it is listed, so it does not take Luxembourg's, and has none in force).
        try expectSuccess(
            sql(
                Self.admin,
                "SET ROLE \(PostgresSchema.definerRole); INSERT INTO allowance_rates (country, valid_from, full_day, partial_day, currency) "
                    + "VALUES ('AQ', '2027-01-01', 6000, 4000, 'EUR');"))
        try expectSuccess(sql("alice", "SELECT expenses.report_stop(\(report), '2026-03-03', 'AQ', 'now');"))
        try assertRefused("alice", stepSQL("alice", .submit, report), "no allowance rate for AQ on 2026-03-03")
        XCTAssertEqual(try status(report), "draft")
        XCTAssertEqual(try frozen(report), [])
    }
}
