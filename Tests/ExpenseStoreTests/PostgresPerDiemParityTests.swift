import ExpenseCore
import ExpenseStore
import ExpenseSupport
import XCTest

/// The per diems the server computes and freezes at submission (`PostgresSchema.perDiemFunctions`,
/// in PL/pgSQL inside `report_step`) are the app's (`ReportPerDiems.compute`, which a draft shows),
/// row for row, on worked examples: partial and full days, trips within one day of 8 and 9 hours,
/// meals, a day floored at zero, a rate that changes mid-trip, stops, and rates in another
/// currency than the report's, converted at the ECB's rate of each day, directly and across.
final class PostgresPerDiemParityTests: PostgresTestCase {
    private var store: Store!

    override func setUpWithError() throws {
        try super.setUpWithError()
        store = try Store(
            server: cluster.connectionURI(user: "alice", password: password("alice"), database: database),
            now: { "2026-03-10T09:00:00Z" })
        // Finance keeps the rates: a mid-2026 change of Germany's (above the BMF table's, so
        // marked taxable), France's and Switzerland's in CHF (after the BMF's EUR row of 2026), and
        // the ECB's quotes of CHF and USD. None with a lodging flat: a frozen day keeps the night's
        // flat it paid, not the table's, so the app's days and the server's compare whole.
        let fiona = try Store(
            server: cluster.connectionURI(user: "fiona", password: password("fiona"), database: database),
            now: { "2026-03-10T09:00:00Z" })
        try fiona.write {
            _ = try fiona.saveAllowanceRates(
                [
                    try rate("DE", "2020-01-01", 2800, 1400, "EUR"), try rate("DE", "2026-03-04", 3000, 1500, "EUR"),
                    try rate("FR", "2026-01-01", 5300, 3600, "EUR"), try rate("CH", "2026-03-01", 6400, 4300, "CHF"),
                ], taxable: true)
            _ = try fiona.saveReferenceRates(
                try [
                    ("CHF", "2026-03-02", "0.9412"), ("CHF", "2026-03-04", "0.9388"), ("USD", "2026-03-02", "1.0822"),
                    ("USD", "2026-03-04", "1.0791"),
                ]
                .map { ReferenceRate(currency: $0.0, date: try CalendarDate.parse($0.1), perEUR: try ExchangeRate.parse($0.2)) })
        }
    }

    override func tearDownWithError() throws {
        store = nil
        try super.tearDownWithError()
    }

    private func rate(_ code: String, _ from: String, _ full: Int64, _ partial: Int64, _ currency: String) throws -> AllowanceRate {
        let currency = try CurrencyTable.standard.require(currency)
        return try AllowanceRate(
            country: try CountryCode.parse(code), validFrom: try CalendarDate.parse(from),
            fullDay: Money(minorUnits: full, currency: currency), partialDay: Money(minorUnits: partial, currency: currency))
    }

    /// Alice's draft, its per diems as the app computes them, then as the server froze them when
    /// she submitted it: both, which the test compares.
    private func both(
        _ from: String, _ to: String, _ country: String, currency: String = "EUR", stops: [(String, String)] = [],
        meals: [(String, ProvidedMeals)] = []
    ) throws -> (app: [ReportPerDiems.Day], server: [ReportPerDiems.Day]) {
        var draft = Report(
            id: 0, title: "Trip", currency: try CurrencyTable.standard.require(currency), owner: "alice",
            country: try CountryCode.parse(country))
        draft.departure = try TripTime.parse(from)
        draft.return = try TripTime.parse(to)
        let report = try store.write { try store.insertReport(draft) }
        for (day, code) in stops {
            try store.setStop(TripPlace(country: try CountryCode.parse(code)), on: try CalendarDate.parse(day), of: report.id, by: "alice")
        }
        for (day, provided) in meals { try store.setMeals(provided, on: try CalendarDate.parse(day), of: report.id, by: "alice") }
        let app = try XCTUnwrap(try store.perDiems(of: try store.report(report.id)).perDiems)
        XCTAssertFalse(app.frozen)
        // The app's own computation is not what the server freezes: it writes none of it.
        let submitted = try store.write { try store.apply(.submit, to: report.id, by: "alice") }
        let server = try XCTUnwrap(try store.perDiems(of: submitted).perDiems)
        XCTAssertTrue(server.frozen)
        XCTAssertEqual(server.total, app.total)
        return (app.days, server.days)
    }

    private func amounts(_ days: [ReportPerDiems.Day]) -> [String] {
        days.map { "\($0.perDiem.date) \($0.perDiem.country) \($0.perDiem.kind.rawValue) \($0.perDiem.amount) \($0.converted)" }
    }

    func testFullAndPartialDaysMealsAndAFloorAtZero() throws {
        let (app, server) = try both(
            "2026-03-01T07:00", "2026-03-03T23:00", "DE",
            meals: [("2026-03-02", [.breakfast, .dinner]), ("2026-03-03", [.breakfast, .lunch, .dinner])])
        XCTAssertEqual(server, app)
        XCTAssertEqual(
            amounts(server),
            [
                "2026-03-01 DE partial 14.00 EUR 14.00 EUR", "2026-03-02 DE full 11.20 EUR 11.20 EUR",
                "2026-03-03 DE partial 0.00 EUR 0.00 EUR",
            ])
    }

    func testTripsWithinOneDayOfEightAndNineHours() throws {
        let eight = try both("2026-03-02T08:00", "2026-03-02T16:00", "DE", meals: [("2026-03-02", .lunch)])
        XCTAssertEqual(eight.server, eight.app)
        XCTAssertEqual(amounts(eight.server), ["2026-03-02 DE none 0.00 EUR 0.00 EUR"])
        let nine = try both("2026-03-02T08:00", "2026-03-02T17:00", "DE", meals: [("2026-03-02", .lunch)])
        XCTAssertEqual(nine.server, nine.app)
        XCTAssertEqual(amounts(nine.server), ["2026-03-02 DE partial 2.80 EUR 2.80 EUR"])
        let untimed = try both("2026-03-02", "2026-03-02", "DE")
        XCTAssertEqual(untimed.server, untimed.app, "a day without its times lasts no hours")
    }

    func testARateThatChangesMidTripAndStopsWithTheLastDayKeepingItsCountry() throws {
        let (app, server) = try both(
            "2026-03-02T08:00", "2026-03-07T17:00", "DE", stops: [("2026-03-05", "FR"), ("2026-03-07", "CH")],
            meals: [("2026-03-04", .breakfast)])
        XCTAssertEqual(server, app)
        XCTAssertEqual(
            amounts(server),
            [
                "2026-03-02 DE partial 14.00 EUR 14.00 EUR", "2026-03-03 DE full 28.00 EUR 28.00 EUR",
                "2026-03-04 DE full 24.00 EUR 24.00 EUR",
                "2026-03-05 FR full 53.00 EUR 53.00 EUR", "2026-03-06 FR full 53.00 EUR 53.00 EUR",
                "2026-03-07 FR partial 36.00 EUR 36.00 EUR",
            ])
    }

    func testRatesInAnotherCurrencyAreConvertedAtEachDaysRateDirectlyAndAcross() throws {
        let chf = try both("2026-03-02T08:00", "2026-03-05T17:00", "CH", meals: [("2026-03-03", .breakfast)])
        XCTAssertEqual(chf.server, chf.app)
        XCTAssertEqual(chf.server.map(\.conversion.rate.description), ["1/0.9412", "1/0.9412", "1/0.9388", "1/0.9388"])
        let dollars = try both("2026-03-03T08:00", "2026-03-04T17:00", "DE", currency: "USD")
        XCTAssertEqual(dollars.server, dollars.app)
        XCTAssertEqual(dollars.server.map(\.conversion.rate.description), ["1.0822", "1.0791"])
        let across = try both("2026-03-03T08:00", "2026-03-05T17:00", "CH", currency: "USD", meals: [("2026-03-05", .dinner)])
        XCTAssertEqual(across.server, across.app)
        XCTAssertEqual(across.server.map(\.conversion.rate.description), ["1.0822/0.9412", "1.0791/0.9388", "1.0791/0.9388"])
    }
}
