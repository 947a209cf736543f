import ExpenseCore
import ExpenseStore
import ExpenseSupport
import XCTest

/// The per diems the server computes and freezes at submission (`PostgresSchema.perDiemFunctions`,
/// in PL/pgSQL inside `report_step`) are the app's (`ReportPerDiems.compute`, which a draft shows),
/// row for row, on worked examples: partial and full days, trips within one day of 8 and 9 hours,
/// meals, a day floored at zero, a rate that changes mid-trip, stops, and rates in another
/// currency than the report's, converted at the ECB's rate of each day, directly and across.
///
/// And the rules of issue 44 (docs/PER-DIEMS.md), the server's frozen rows against
/// `PerDiem.compute` and `PerDiem.sharing` on the same trip and the same table (read back from the
/// server): a city's row, a country's, Luxembourg's for a country the table does not list, a stop
/// on the return day, lodging flats, paid meals, office time on a day trip, trips over midnight
/// without a night, and two trips on one day (two drafts; a draft beside a submitted report).
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
        // Each example alone: rejected once compared, so that the next one's days are not also
        // another trip's of hers (a day two trips touch is paid once; a rejected report pays none).
        try take("bob", .reject, report.id)
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

    func testARateThatChangesMidTripAndStopsTheReturnDaysToo() throws {
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
                "2026-03-07 CH partial 43.00 CHF 45.80 EUR",
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

    // MARK: - The rules of issue 44, against `PerDiem.compute` and `sharing` directly

    /// A trip of Alice's: its rows as the server's tables hold them, and its `TripSchedule`.
    private struct Trip {
        var from: String
        var to: String
        var country: String
        var place: String? = nil
        var overnight = true
        /// Day, country, place.
        var stops: [(String, String, String?)] = []
        /// Day, the meals provided, what was paid for them.
        var meals: [(String, ProvidedMeals, MealsPaid)] = []
        /// The days whose night is paid at the lodging flat.
        var nights: [String] = []
        /// From, to (`YYYY-MM-DDTHH:MM`).
        var office: [(String, String)] = []

        var schedule: TripSchedule {
            get throws {
                let day = { (text: String) throws -> CalendarDate in try CalendarDate.parse(text) }
                return try TripSchedule(
                    departure: try LocalDateTime.parse(from), return: try LocalDateTime.parse(to),
                    destination: TripPlace(country: try CountryCode.parse(country), place: place),
                    stops: Dictionary(
                        uniqueKeysWithValues: try stops.map {
                            (try day($0.0), TripPlace(country: try CountryCode.parse($0.1), place: $0.2))
                        }),
                    meals: Dictionary(uniqueKeysWithValues: try meals.map { (try day($0.0), $0.1) }),
                    paid: Dictionary(uniqueKeysWithValues: try meals.map { (try day($0.0), $0.2) }), overnight: overnight,
                    lodgingNights: Set(try nights.map(day)),
                    office: try office.map { try OfficeTime(from: try LocalDateTime.parse($0.0), to: try LocalDateTime.parse($0.1)) })
            }
        }
    }

    /// Rows of the table beside the setup's, as the administrator loads them (the functions' role
    /// writes them; the rate log keeps them): Paris's, Luxembourg's, Denmark's, Belgium's without a
    /// lodging flat, and France's with one (over the shipped BMF rows of those days). Antarctica,
    /// which the BMF does not list, takes Luxembourg's row.
    private func loadRatesAbroad() throws {
        try expectSuccess(
            sql(
                Self.admin,
                """
                SET ROLE \(PostgresSchema.definerRole);
                INSERT INTO allowance_rates (country, place, valid_from, full_day, partial_day, lodging, currency) VALUES
                    ('FR', 'Paris', '2026-01-01', 5800, 3900, 15900, 'EUR'), ('LU', '', '2026-01-01', 6300, 4200, 13900, 'EUR'),
                    ('DK', '', '2026-01-01', 7500, 5000, 13200, 'EUR'), ('BE', '', '2026-01-01', 5900, 4000, NULL, 'EUR')
                ON CONFLICT (country, place, valid_from) DO UPDATE
                SET full_day = excluded.full_day, partial_day = excluded.partial_day, lodging = excluded.lodging;
                UPDATE allowance_rates SET lodging = 10000 WHERE country = 'FR' AND place = '';
                """))
    }

    /// The server's table, as the app reads a table.
    private func serverRates() throws -> AllowanceRateTable {
        let rows = try self.rows(
            Self.admin,
            "SELECT country, place, valid_from, full_day, partial_day, coalesce(lodging, -1), currency FROM allowance_rates;")
        return AllowanceRateTable(
            try rows.map { line in
                let field = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
                let currency = try CurrencyTable.standard.require(field[6])
                let lodging = Int64(field[5])!
                return try AllowanceRate(
                    country: try CountryCode.parse(field[0]), place: field[1], validFrom: try CalendarDate.parse(field[2]),
                    fullDay: Money(minorUnits: Int64(field[3])!, currency: currency),
                    partialDay: Money(minorUnits: Int64(field[4])!, currency: currency),
                    lodging: lodging < 0 ? nil : Money(minorUnits: lodging, currency: currency))
            })
    }

    /// Alice's draft of `trip`, its rows written as the functions' role writes them; its id.
    private func written(_ trip: Trip) throws -> Int64 {
        let report = try newReport("alice")
        let text = { (value: String?) in value.map { "'\($0)'" } ?? "NULL" }
        let date = { (value: String) in String(value.prefix(10)) }
        let time = { (value: String) in value.count > 10 ? "'\(value.suffix(5))'" : "NULL" }
        var statements = [
            """
            UPDATE reports SET start_date = '\(date(trip.from))', end_date = '\(date(trip.to))', start_time = \(time(trip.from)),
                end_time = \(time(trip.to)), country = '\(trip.country)', place = \(text(trip.place)), overnight = \(trip.overnight ? 1 : 0)
            WHERE id = \(report);
            """
        ]
        statements += trip.stops.map {
            "INSERT INTO report_stops (report_id, date, country, place) VALUES (\(report), '\($0.0)', '\($0.1)', \(text($0.2)));"
        }
        statements += trip.meals.map { day, provided, paid in
            """
            INSERT INTO report_meals (report_id, date, breakfast, lunch, dinner, breakfast_paid, lunch_paid, dinner_paid)
            VALUES (\(report), '\(day)', \(provided.contains(.breakfast) ? 1 : 0), \(provided.contains(.lunch) ? 1 : 0),
                    \(provided.contains(.dinner) ? 1 : 0), \(paid.breakfast), \(paid.lunch), \(paid.dinner));
            """
        }
        statements += trip.nights.map { "INSERT INTO report_nights (report_id, date) VALUES (\(report), '\($0)');" }
        statements += trip.office.map { "INSERT INTO report_office (report_id, starts, ends) VALUES (\(report), '\($0.0)', '\($0.1)');" }
        try expectSuccess(sql(Self.admin, (["SET ROLE \(PostgresSchema.definerRole);"] + statements).joined(separator: "\n")))
        return report
    }

    /// The days `report` froze at its submission, a line each, as `lines` writes the app's.
    private func frozenDays(_ report: Int64) throws -> [String] {
        try rows(
            "alice",
            """
            SELECT date, country, place, kind, rule, basis, valid_from, rate_minor, deductions_minor, amount_minor, converted_minor,
                   breakfast_paid || '/' || lunch_paid || '/' || dinner_paid, lodging_minor, lodging_converted_minor,
                   coalesce(absence_minutes::text, '-'), coalesce(shared_report::text, '-'), shared_minor, elsewhere_minor
            FROM report_allowances WHERE report_id = \(report) ORDER BY date;
            """)
    }

    /// The app's days of a report in euros, a line each, as `frozenDays` reads the server's.
    private func lines(_ perDiem: PerDiem) -> [String] {
        perDiem.days.map { day in
            [
                "\(day.date)", "\(day.country)", day.place ?? "", day.kind.rawValue, day.rule?.rawValue ?? "", day.basis.rawValue,
                "\(day.table.validFrom)", "\(day.rate.minorUnits)", "\(day.deductions.minorUnits)", "\(day.amount.minorUnits)",
                "\(day.amount.minorUnits)", "\(day.paid.breakfast)/\(day.paid.lunch)/\(day.paid.dinner)", "\(day.lodging.minorUnits)",
                "\(day.lodging.minorUnits)", day.absenceMinutes.map(String.init) ?? "-", day.share.map { "\($0.report)" } ?? "-",
                "\(day.share?.combined.minorUnits ?? 0)", "\(day.share?.elsewhere.minorUnits ?? 0)",
            ]
            .joined(separator: "|")
        }
    }

    /// `trip` written, submitted, and its frozen days against the app's computation of it alone.
    private func submittedAlone(_ trip: Trip) throws -> (report: Int64, app: PerDiem) {
        let report = try written(trip)
        let app = try PerDiem.compute(try trip.schedule, rates: try serverRates())
        try take("alice", .submit, report)
        XCTAssertEqual(try frozenDays(report), lines(app))
        return (report, app)
    }

    /// The amounts of `perDiem`'s days, for the known answers worked by hand.
    private func amounts(_ perDiem: PerDiem) -> [Int64] { perDiem.days.map(\.amount.minorUnits) }

    func testACityACountryLuxembourgsRateForAnUnlistedOneAndAStopOnTheReturnDay() throws {
        try loadRatesAbroad()
        let (_, app) = try submittedAlone(
            Trip(
                from: "2026-03-09T08:00", to: "2026-03-12T17:00", country: "FR", place: "Paris",
                stops: [("2026-03-11", "BE", nil), ("2026-03-12", "AQ", nil)]))
        // Paris partial 39.00, full 58.00; Belgium full 59.00; Antarctica, not in the table, on the
        // return day (its own stop): Luxembourg's partial 42.00.
        XCTAssertEqual(amounts(app), [3900, 5800, 5900, 4200])
        XCTAssertEqual(app.days.map(\.basis), [.place, .place, .country, .luxembourg])
        // Back in Germany on the return day: the last place abroad's rate, France's partial 36.00.
        let home = try submittedAlone(
            Trip(from: "2026-03-16T08:00", to: "2026-03-17T17:00", country: "FR", stops: [("2026-03-17", "DE", nil)]))
        XCTAssertEqual(amounts(home.app), [3600, 3600])
    }

    func testLodgingFlatsAndMealsPaidFor() throws {
        try loadRatesAbroad()
        let (_, app) = try submittedAlone(
            Trip(
                from: "2026-03-09T08:00", to: "2026-03-12T17:00", country: "FR",
                meals: [
                    ("2026-03-10", [.breakfast, .lunch], MealsPaid(breakfast: 2000, lunch: 500)),
                    ("2026-03-11", .dinner, MealsPaid(dinner: 100)),
                ],
                nights: ["2026-03-09", "2026-03-10"]))
        // France 53.00 a full day: the breakfast's 10.60 less 20.00 paid takes nothing, the lunch's
        // 21.20 less 5.00 takes 16.20: 36.80; the dinner's 21.20 less 1.00: 33.00. Two nights at
        // France's lodging flat, 100.00 each, not cut by the meals.
        XCTAssertEqual(amounts(app), [3600, 3680, 3280, 3600])
        XCTAssertEqual(app.days.map(\.lodging.minorUnits), [10000, 10000, 0, 0])
    }

    func testATableRowWithoutALodgingFlatRefusesAFlaggedNight() throws {
        try loadRatesAbroad()
        let report = try written(Trip(from: "2026-03-09T08:00", to: "2026-03-11T17:00", country: "BE", nights: ["2026-03-10"]))
        try assertRefused("alice", stepSQL("alice", .submit, report), "no lodging flat for BE on 2026-03-10")
        XCTAssertEqual(try status(report), "draft")
        XCTAssertEqual(try frozenDays(report), [])
    }

    func testOfficeTimeOnADayTripAndTripsOverMidnightWithoutANight() throws {
        // 07:00 to 17:30 less an hour at the office: 9:30 away, partial (14.00).
        let long = try submittedAlone(
            Trip(from: "2026-03-02T07:00", to: "2026-03-02T17:30", country: "DE", office: [("2026-03-02T12:00", "2026-03-02T13:00")]))
        XCTAssertEqual(amounts(long.app), [1400])
        // The same day with three hours at the office, two of them overlapping: 7:30 away, nothing.
        let short = try submittedAlone(
            Trip(
                from: "2026-03-03T07:00", to: "2026-03-03T17:30", country: "DE",
                office: [("2026-03-03T08:00", "2026-03-03T10:00"), ("2026-03-03T09:00", "2026-03-03T11:00")]))
        XCTAssertEqual(amounts(short.app), [0])
        XCTAssertEqual(short.app.days.map(\.absenceMinutes), [450])
        // A night shift 17:00 to 03:00: 7 + 3 hours, the first day partial (the row from the 4th: 15.00).
        let shift = try submittedAlone(Trip(from: "2026-03-05T17:00", to: "2026-03-06T03:00", country: "DE", overnight: false))
        XCTAssertEqual(amounts(shift.app), [1500, 0])
        XCTAssertEqual(shift.app.days.map(\.rule), [.overMidnight, .overMidnightOther])
        // A courier 19:30 to 06:00 with an hour at the office: 3:30 + 6:00, the second day partial.
        let courier = try submittedAlone(
            Trip(
                from: "2026-03-07T19:30", to: "2026-03-08T06:00", country: "DE", overnight: false,
                office: [("2026-03-07T20:00", "2026-03-07T21:00")]))
        XCTAssertEqual(amounts(courier.app), [0, 1500])
        XCTAssertEqual(courier.app.days.map(\.absenceMinutes), [210, 360])
        // 20:00 to 03:00: 7 hours in all, nothing.
        let brief = try submittedAlone(Trip(from: "2026-03-09T20:00", to: "2026-03-10T03:00", country: "DE", overnight: false))
        XCTAssertEqual(brief.app.days.map(\.rule), [.short, .short])
    }

    /// Back from France on the 11th in the morning, off to Denmark in the afternoon: two drafts,
    /// Denmark's submitted first (it carries the day), then France's beside it, submitted.
    func testTwoTripsOnOneDayTwoDraftsThenADraftBesideASubmittedReport() throws {
        try loadRatesAbroad()
        let france = Trip(
            from: "2026-03-09T08:00", to: "2026-03-11T10:00", country: "FR", meals: [("2026-03-11", .breakfast, MealsPaid())])
        let denmark = Trip(
            from: "2026-03-11T14:00", to: "2026-03-13T18:00", country: "DK", meals: [("2026-03-11", .lunch, MealsPaid(lunch: 500))])
        let first = try written(france)
        let second = try written(denmark)
        let rates = try serverRates()
        let ownFirst = try PerDiem.compute(try france.schedule, rates: rates)
        let ownSecond = try PerDiem.compute(try denmark.schedule, rates: rates)

        try take("alice", .submit, second)
        let frozenSecond = try PerDiem.sharing(
            ownSecond, report: second, with: ownFirst.days.map { SharedTripDay(report: first, frozen: false, day: $0) })
        XCTAssertEqual(try frozenDays(second), lines(frozenSecond))
        try take("alice", .submit, first)
        let frozenFirst = try PerDiem.sharing(
            ownFirst, report: first, with: frozenSecond.days.map { SharedTripDay(report: second, frozen: true, day: $0) })
        XCTAssertEqual(try frozenDays(first), lines(frozenFirst))
        // The 11th once: Denmark's partial 50.00 less both meals at Denmark's full day (75.00):
        // breakfast 15.00, lunch 30.00 less 5.00 paid: 10.00, all Denmark's; France's none of it.
        XCTAssertEqual(frozenSecond.days[0].amount.minorUnits, 1000)
        XCTAssertEqual(frozenFirst.days.last?.amount.minorUnits, 0)
        XCTAssertEqual(
            frozenFirst.days.last?.share,
            PerDiem.Share(report: second, combined: frozenSecond.days[0].amount, elsewhere: frozenSecond.days[0].amount))
    }
}
