import ExpenseCore
import ExpenseStore
import ExpenseSupport
import Foundation
import XCTest

/// Finance keeps the tables everyone's amounts are computed from (issue 40, point 2): a member of
/// finance who also travels cannot turn them to her own profit. Every change of the per-diem,
/// mileage and exchange-rate tables is logged by the server in a hash chain of its own; rates above
/// the legal maxima are refused unless marked taxable; a report computed from a rate its owner
/// changed (or that changed shortly before its submission) carries a finding for its approver.
final class PostgresSharedRateAttackTests: PostgresTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        // Finance, and a traveller too.
        try makeLogin("fiona", groups: [PostgresSchema.financeRole, PostgresSchema.travellerRole])
    }

    private func perDiem(_ from: String, _ full: Int64, _ partial: Int64, taxable: Bool = false) -> String {
        "SELECT expenses.allowance_rate_save('DE', '\(from)', \(full), \(partial), 'EUR', \(taxable ? 1 : 0));"
    }

    private func mileage(_ from: String, _ rate: Int64, vehicle: String = "car", taxable: Bool = false) -> String {
        "SELECT expenses.mileage_rate_set('\(vehicle)', '\(from)', \(rate), 'EUR', \(taxable ? 1 : 0));"
    }

    /// The server's day, as the log dates a change.
    private func today() throws -> String {
        try rows(Self.admin, "SELECT expenses.server_today();").joined()
    }

    /// fiona's trip to Germany, 4 to 6 May, with a 100 km drive; its id.
    private func fionasTrip() throws -> Int64 {
        let lines = try rows(
            "fiona",
            """
            SELECT expenses.report_new('Berlin', '', '', '2026-05-04', '2026-05-06', 'EUR', '2026-05-01T10:00:00Z');
            """)
        let report = try XCTUnwrap(Int64(lines.joined()))
        try expectSuccess(
            sql("fiona", "SELECT expenses.report_trip(\(report), '08:00', '18:00', 'DE', '2026-05-01T10:00:00Z');"))
        return report
    }

    private func drive(_ report: Int64, amount: Int64) -> String {
        """
        SELECT expenses.expense_add(\(report), '2026-05-05', 'mileage', '', 'Berlin to Potsdam', \(amount), 'EUR', '1', NULL,
                                    'same', \(amount), 'personal', 1000, 'car', 'Berlin', 'Potsdam', NULL, '2026-05-05T18:00:00Z');
        """
    }

    func testRatesAboveTheLegalMaximaAreRefusedUnlessMarkedTaxable() throws {
        try assertRefused(
            "fiona", perDiem("2026-05-01", 28_000, 14_000),
            "the per diem for DE from 2026-05-01 (280.00 EUR a full day, 140.00 a partial day) is above the BMF table's tax-free "
                + "28.00 and 14.00 EUR: only a rate marked taxable may be higher")
        try assertRefused(
            "fiona", mileage("2026-05-01", 300),
            "the mileage rate for car from 2026-05-01 (3.00 EUR a km) is above the tax-free 0.30 EUR a km: only a rate marked "
                + "taxable may be higher")
        try assertRefused(
            "fiona", mileage("2026-05-01", 21, vehicle: "motorcycle"),
            "the mileage rate for motorcycle from 2026-05-01 (0.21 EUR a km) is above the tax-free 0.20 EUR a km: only a rate "
                + "marked taxable may be higher")
        XCTAssertEqual(try rows("bob", "SELECT count(*) FROM rate_events;"), ["0"], "nothing refused is logged")
        // At or below the maxima, or marked taxable: stored.
        try expectSuccess(sql("fiona", perDiem("2026-05-01", 2_800, 1_400)))
        try expectSuccess(sql("fiona", mileage("2026-05-01", 25)))
        try expectSuccess(sql("fiona", perDiem("2026-06-01", 28_000, 14_000, taxable: true)))
        try expectSuccess(sql("fiona", mileage("2026-06-01", 300, taxable: true)))
        XCTAssertEqual(
            try rows(
                "bob",
                "SELECT country, valid_from, full_day, taxable FROM allowance_rates WHERE country = 'DE' AND valid_from >= '2026' ORDER BY 2;"
            ),
            ["DE|2026-05-01|2800|0", "DE|2026-06-01|28000|1"])
    }

    /// A city's row is held to the BMF's figures for that city, a city the table does not name and
    /// the country's own row to the country's, and the lodging flat as the day's rates are.
    func testACitysRatesAndALodgingFlatAreHeldToTheBMFsFiguresForThem() throws {
        func save(_ place: String, _ full: Int64, _ partial: Int64, _ lodging: String, taxable: Bool = false) -> String {
            "SELECT expenses.allowance_rate_save('FR', '\(place)', '2026-01-01', \(full), \(partial), \(lodging), 'EUR', \(taxable ? 1 : 0));"
        }
        // BMF, 5 December 2025: Paris 58 / 39, a night 159; France otherwise 53 / 36, a night 105.
        try assertRefused(
            "fiona", save("Paris", 5_900, 3_900, "15900"),
            "the per diem for FR Paris from 2026-01-01 (59.00 EUR a full day, 39.00 a partial day) is above the BMF table's tax-free "
                + "58.00 and 39.00 EUR: only a rate marked taxable may be higher")
        try assertRefused(
            "fiona", save("Paris", 5_800, 3_900, "16000"),
            "the lodging flat for FR Paris from 2026-01-01 (160.00 EUR a night) is above the BMF table's tax-free 159.00 EUR: only a "
                + "rate marked taxable may be higher")
        try assertRefused(
            "fiona", save("", 5_800, 3_900, "NULL"),
            "the per diem for FR from 2026-01-01 (58.00 EUR a full day, 39.00 a partial day) is above the BMF table's tax-free "
                + "53.00 and 36.00 EUR: only a rate marked taxable may be higher")
        try assertRefused(
            "fiona", save("Lyon", 5_400, 3_600, "NULL"),
            "the per diem for FR Lyon from 2026-01-01 (54.00 EUR a full day, 36.00 a partial day) is above the BMF table's tax-free "
                + "53.00 and 36.00 EUR: only a rate marked taxable may be higher")
        try assertRefused("fiona", save("Paris, Lyon", 100, 100, "NULL"), "the place 'Paris, Lyon' is not a name")
        XCTAssertEqual(try rows("bob", "SELECT count(*) FROM rate_events;"), ["0"], "nothing refused is logged")

        XCTAssertEqual(try rows("fiona", save("Paris", 5_800, 3_900, "15900")), ["0"], "the shipped row as it is")
        XCTAssertEqual(try rows("fiona", save("Lyon", 5_300, 3_600, "10500")), ["1"])
        XCTAssertEqual(try rows("fiona", save("Paris", 5_800, 3_900, "16000", taxable: true)), ["1"])
        // A client before places saves the country's own row; its lodging flat stays.
        try expectSuccess(sql("fiona", "SELECT expenses.allowance_rate_save('FR', '2026-01-01', 5200, 3500, 'EUR', 0);"))
        XCTAssertEqual(
            try rows(
                "bob",
                "SELECT place, full_day, partial_day, lodging, taxable FROM allowance_rates WHERE country = 'FR' AND valid_from = '2026-01-01' ORDER BY 1;"
            ), ["|5200|3500|10500|0", "Lyon|5300|3600|10500|0", "Paris|5800|3900|16000|1"])
        XCTAssertEqual(
            try rows("bob", "SELECT action, new_values FROM rate_events ORDER BY id;"),
            [
                "allowance_rates FR Lyon 2026-01-01|full_day=5300 partial_day=3600 currency=EUR taxable=0 lodging=10500",
                "allowance_rates FR Paris 2026-01-01|full_day=5800 partial_day=3900 currency=EUR taxable=1 lodging=16000",
                "allowance_rates FR 2026-01-01|full_day=5200 partial_day=3500 currency=EUR taxable=0 lodging=10500",
            ])
    }

    func testFinanceRaisingHerOwnTripsRatesIsLoggedAndAFindingForTheApprover() throws {
        let day = try today()
        let report = try fionasTrip()
        // Tenfold, unmarked: refused.
        try assertRefused(
            "fiona", perDiem("2026-05-01", 28_000, 14_000),
            "the per diem for DE from 2026-05-01 (280.00 EUR a full day, 140.00 a partial day) is above the BMF table's tax-free "
                + "28.00 and 14.00 EUR: only a rate marked taxable may be higher")
        // Marked taxable, for her trip's days: stored, and logged.
        try expectSuccess(sql("fiona", perDiem("2026-05-01", 28_000, 14_000, taxable: true)))
        try expectSuccess(sql("fiona", mileage("2026-05-01", 300, taxable: true)))
        try expectSuccess(sql("fiona", drive(report, amount: 30_000)))
        try take("fiona", .submit, report)
        // And back.
        try expectSuccess(sql("fiona", perDiem("2026-05-01", 2_800, 1_400)))
        try expectSuccess(sql("fiona", mileage("2026-05-01", 30)))

        XCTAssertEqual(
            try rows("bob", "SELECT actor, action, old_values, new_values FROM rate_events ORDER BY id;"),
            [
                "fiona|allowance_rates DE 2026-05-01||full_day=28000 partial_day=14000 currency=EUR taxable=1",
                "fiona|mileage_rates car 2026-05-01||rate_minor=300 currency=EUR taxable=1",
                "fiona|allowance_rates DE 2026-05-01|full_day=28000 partial_day=14000 currency=EUR taxable=1|"
                    + "full_day=2800 partial_day=1400 currency=EUR taxable=0",
                "fiona|mileage_rates car 2026-05-01|rate_minor=300 currency=EUR taxable=1|rate_minor=30 currency=EUR taxable=0",
            ])
        XCTAssertEqual(try rows("bob", "SELECT DISTINCT left(at, 10) FROM rate_events;"), [day], "the server's clock")
        XCTAssertEqual(
            try rows("bob", "SELECT rule, finding_key, severity, message FROM report_findings WHERE report_id = \(report) ORDER BY 2;"),
            [
                "rate-change|rate-change:allowance_rates:DE:2026-05-01|warning|the per-diem rate for DE from 2026-05-01 used by this "
                    + "report was changed by fiona (its owner) on \(day)",
                "rate-change|rate-change:mileage_rates:car:2026-05-01|warning|the mileage rate for car from 2026-05-01 used by this "
                    + "report was changed by fiona (its owner) on \(day)",
                "taxable-rate|taxable-rate:allowance_rates:DE:2026-05-01|warning|the per-diem rate for DE from 2026-05-01 used by "
                    + "this report is marked taxable: above the BMF table's tax-free 28.00 and 14.00 EUR a day, the difference is "
                    + "taxable",
                "taxable-rate|taxable-rate:mileage_rates:car:2026-05-01|warning|the mileage rate for car from 2026-05-01 used by "
                    + "this report is marked taxable: above the tax-free 0.30 EUR a km, the difference is taxable",
            ])
        // Her colleagues see it too: bob checks it through the app's reading of the report.
        XCTAssertEqual(try rows("alice", "SELECT count(*) FROM report_findings;"), ["0"], "a traveller sees no one else's findings")
    }

    /// A country the table does not list is paid at Luxembourg's row: a change of that row, and
    /// its taxable mark, are said about the report as a change of its own country's row would be.
    func testLuxembourgsRowPayingAnUnlistedCountryIsTheRowTheFindingsName() throws {
        let report = try fionasTrip()
        try expectSuccess(
            sql("fiona", "SELECT expenses.report_trip(\(report), '08:00', '18:00', 'AQ', '2026-05-01T10:00:00Z');"))
        try expectSuccess(
            sql("fiona", "SELECT expenses.allowance_rate_save('LU', '', '2026-05-01', 10000, 6000, NULL, 'EUR', 1);"))
        try take("fiona", .submit, report)
        XCTAssertEqual(
            try rows(
                "bob", "SELECT DISTINCT country || ' ' || basis || ' ' || valid_from FROM report_allowances WHERE report_id = \(report);"),
            ["AQ luxembourg 2026-05-01"])
        XCTAssertEqual(
            try rows("bob", "SELECT finding_key FROM report_findings WHERE report_id = \(report) ORDER BY 1;"),
            ["rate-change:allowance_rates:LU:2026-05-01", "taxable-rate:allowance_rates:LU:2026-05-01"])
    }

    func testARateChangedRecentlyBySomeoneElseIsAFindingToo() throws {
        let day = try today()
        // gina, finance only, changes the mileage rate; alice's report uses it a day later.
        try makeLogin("gina", groups: [PostgresSchema.financeRole])
        try expectSuccess(sql("gina", mileage("2026-05-01", 28)))
        let report = try XCTUnwrap(
            Int64(
                try rows("alice", "SELECT expenses.report_new('Potsdam', '', '', '2026-05-05', '2026-05-05', 'EUR', 'now');")
                    .joined()))
        try expectSuccess(sql("alice", drive(report, amount: 2_800)))
        try take("alice", .submit, report)
        XCTAssertEqual(
            try rows("bob", "SELECT finding_key, message FROM report_findings WHERE report_id = \(report);"),
            [
                "rate-change:mileage_rates:car:2026-05-01|the mileage rate for car from 2026-05-01 used by this report was changed "
                    + "by gina on \(day), within 30 days before its submission"
            ])
        // With the window set to none by finance, a colleague's change is no finding; the owner's always is.
        try expectSuccess(sql("gina", "SELECT expenses.rate_change_window_set(0);"))
        try take("alice", .recall, report)
        try take("alice", .submit, report)
        XCTAssertEqual(
            try rows(
                "bob",
                """
                SELECT count(*) FROM report_findings f WHERE f.report_id = \(report)
                  AND f.event_id = (SELECT max(id) FROM report_events WHERE report_id = \(report));
                """), ["0"])
        try assertRefused(
            "alice", "SELECT expenses.rate_change_window_set(10);",
            "only a member of expenses_finance can change how recent a rate change is a finding")
    }

    func testTheRateLogIsAHashChainThatDbCheckVerifies() throws {
        try expectSuccess(sql("fiona", perDiem("2026-05-01", 2_700, 1_300)))
        try expectSuccess(sql("fiona", perDiem("2026-05-01", 2_800, 1_400)))
        try expectSuccess(sql("fiona", "SELECT expenses.rate_save('USD', '2026-05-04', '1.0823');"))
        let uri = cluster.connectionURI(user: Self.admin, password: password(Self.admin), database: database)
        let administrator = try Store(location: .server(connection: uri), now: { "2026-05-07T09:00:00Z" })
        XCTAssertEqual(try administrator.verifyRateLog(), 3)
        // No member writes the log, nor does the table's owner without disabling its triggers.
        try assertRefused("fiona", "DELETE FROM rate_events;", denied("rate_events"))
        try assertRefused(Self.admin, "UPDATE rate_events SET actor = 'gina' WHERE id = 1;", "the rate log is append-only")
        // The superuser, past the triggers, makes it say someone else raised the rate.
        try expectSuccess(
            cluster.psql(
                "SET session_replication_role = replica; UPDATE rate_events SET actor = 'gina' WHERE id = 1;", database: database))
        XCTAssertThrowsError(try administrator.verifyRateLog()) { error in
            XCTAssertEqual(
                (error as? ExpenseError)?.message,
                "the rate log was altered outside expenses: change 1 (allowance_rates DE 2026-05-01 by gina) was changed")
        }
    }
}
