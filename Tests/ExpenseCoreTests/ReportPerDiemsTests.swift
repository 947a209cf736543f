import ExpenseTestSupport
import XCTest

@testable import ExpenseCore
@testable import ExpenseSupport

/// A report's per diems: its trip's times and country (`TripTime`, `Report`), the days in the
/// report's currency (`ReportPerDiems`), what they add to what is due (`ReportTotals`), and the
/// policy's finding for a per diem typed by hand beside them.
final class ReportPerDiemsTests: XCTestCase {
    private let eur = CurrencyTable.standard.currency("EUR")!
    private func date(_ text: String) throws -> CalendarDate { try CalendarDate.parse(text) }
    private func money(_ text: String, _ code: String = "EUR") throws -> Money {
        try Money.parse(text, currency: CurrencyTable.standard.require(code))
    }

    /// The ECB's quotes, "1 EUR = x CUR", by currency and day.
    private struct Quotes: RateSource {
        var perEUR: [String: [(CalendarDate, ExchangeRate)]]
        func rate(from: Currency, to: Currency, on date: CalendarDate) throws -> (rate: ExchangeRate, date: CalendarDate)? {
            if from == to { return (.one, date) }
            let other = from.code == "EUR" ? to.code : from.code
            guard let (day, rate) = perEUR[other]?.filter({ $0.0 <= date }).max(by: { $0.0 < $1.0 }) else { return nil }
            return (from.code == "EUR" ? rate : rate.inverse, day)
        }
    }

    func testATripTimeIsADayWithTheTimeWhenOneIsGiven() throws {
        let day = try TripTime.parse("2026-03-02")
        XCTAssertNil(day.minuteOfDay)
        XCTAssertEqual(day.description, "2026-03-02")
        XCTAssertEqual(day.localDateTime.description, "2026-03-02T00:00", "no time counts as 00:00")
        let leaves = try TripTime.parse(" 2026-03-02T08:05 ")
        XCTAssertEqual(leaves.minuteOfDay, 485)
        XCTAssertEqual(leaves.description, "2026-03-02T08:05")
        XCTAssertEqual(try TripTime.parse("2026-03-02 17:30").description, "2026-03-02T17:30")
        for bad in ["2026-03-02T24:00", "2026-03-02T8:00", "2026-02-30", "2026-03-02T08:00Z", "tomorrow"] {
            XCTAssertThrowsError(try TripTime.parse(bad), bad)
        }
        XCTAssertEqual(TripTime.clock(0), "00:00")
        XCTAssertEqual(TripTime.clock(1439), "23:59")
        XCTAssertEqual(TripTime.minuteOfDay(clock: "23:59"), 1439)
        for bad in ["24:00", "7:00", "07:60", "07-00", "", "０7:00"] { XCTAssertNil(TripTime.minuteOfDay(clock: bad), bad) }
    }

    func testAReportsTimesNeedTheirDaysAndATripWithinOneDayComesBackAfterItLeaves() throws {
        var report = Report(id: 1, title: "Visit", currency: eur, owner: "alice")
        report.startTime = 480
        assertExpenseError(try report.validate(), kind: .invalidData, messageContains: "a time of day needs its date")
        report.departure = try TripTime.parse("2026-03-02T17:00")
        report.return = try TripTime.parse("2026-03-02T08:00")
        assertExpenseError(
            try report.validate(), kind: .invalidData, messageContains: "the trip comes back (2026-03-02T08:00) before it leaves",
            code: .reportDatesReversed)
        report.return = try TripTime.parse("2026-03-03T08:00")
        XCTAssertNoThrow(try report.validate(), "the next morning")
        report.return = try TripTime.parse("2026-03-02")
        XCTAssertNoThrow(try report.validate(), "a day without its time is not checked against the other's")
    }

    func testAReportComputesPerDiemsOnlyWithACountryAndBothDays() throws {
        var report = Report(
            id: 1, title: "Visit", startDate: try date("2026-03-02"), endDate: try date("2026-03-04"), currency: eur, owner: "alice")
        XCTAssertFalse(report.computesPerDiems, "a report made before per diems has no country")
        XCTAssertNil(try report.tripSchedule(stops: [:], meals: [:]))
        report.country = .germany
        XCTAssertTrue(report.computesPerDiems)
        report.endDate = nil
        XCTAssertFalse(report.computesPerDiems)
        XCTAssertNil(try report.tripSchedule(stops: [:], meals: [:]))
    }

    func testStopsAndMealsOutsideTheTripsDaysCountForNothing() throws {
        let report = Report(
            id: 1, title: "Visit", startDate: try date("2026-03-02"), endDate: try date("2026-03-03"), currency: eur, owner: "alice",
            startTime: 480, endTime: 1020, country: .germany)
        let schedule = try XCTUnwrap(
            try report.tripSchedule(
                stops: [
                    try date("2026-03-01"): TripPlace(country: try CountryCode.parse("FR")),
                    try date("2026-03-04"): TripPlace(country: try CountryCode.parse("FR")),
                ],
                meals: [try date("2026-03-02"): .breakfast, try date("2026-03-05"): .dinner]))
        XCTAssertEqual(schedule.stops, [:])
        XCTAssertEqual(schedule.meals, [try date("2026-03-02"): .breakfast])
        XCTAssertEqual(schedule.departure.description, "2026-03-02T08:00")
        XCTAssertEqual(schedule.return.description, "2026-03-03T17:00")
    }

    func testAReportsTripHasItsPlaceNightsPaidMealsAndOfficeTime() throws {
        var report = Report(
            id: 1, title: "Visit", startDate: try date("2026-03-02"), endDate: try date("2026-03-04"), currency: eur, owner: "alice",
            startTime: 480, endTime: 1020, country: try CountryCode.parse("FR"), place: "Paris")
        let office = [
            try OfficeTime(from: try LocalDateTime.parse("2026-03-02T07:00"), to: try LocalDateTime.parse("2026-03-02T09:00")),
            try OfficeTime(from: try LocalDateTime.parse("2026-03-05T08:00"), to: try LocalDateTime.parse("2026-03-05T09:00")),
        ]
        let nights: Set<CalendarDate> = [try date("2026-03-01"), try date("2026-03-02"), try date("2026-03-04")]
        let paid = [try date("2026-03-03"): MealsPaid(lunch: 500), try date("2026-03-05"): MealsPaid(dinner: 100)]
        let schedule = try XCTUnwrap(try report.tripSchedule(stops: [:], meals: [:], paid: paid, nights: nights, office: office))
        XCTAssertEqual(schedule.destination, TripPlace(country: try CountryCode.parse("FR"), place: "Paris"))
        XCTAssertTrue(schedule.overnight)
        XCTAssertEqual(schedule.paid, [try date("2026-03-03"): MealsPaid(lunch: 500)])
        XCTAssertEqual(schedule.lodgingNights, [try date("2026-03-02")], "the nights of the trip, not the last day's")
        // Office time counts from when the trip leaves (08:00), and none after it is back.
        XCTAssertEqual(schedule.office.map(\.description), ["2026-03-02T08:00 to 2026-03-02T09:00"])

        report.endDate = try date("2026-03-03")
        report.endTime = 180
        report.overnight = false
        let shift = try XCTUnwrap(try report.tripSchedule(stops: [:], meals: [:], nights: nights))
        XCTAssertFalse(shift.overnight)
        XCTAssertEqual(shift.lodgingNights, [], "a trip without a night away has none")
    }

    func testADayInAnotherCurrencyIsConvertedAtTheRateOfItsDayRoundedOnce() throws {
        // Two days in Switzerland paid in CHF, the report in EUR: 43.00 CHF on the 2nd at 1/0.9412
        // (45.686... → 45.69), 43.00 − 12.80 (a breakfast, 20 % of 64.00) = 30.20 CHF on the 3rd
        // at the 2nd's rate, the last one before it (32.086... → 32.09).
        let trip = try TripSchedule(
            departure: try LocalDateTime.parse("2026-03-02T08:00"), return: try LocalDateTime.parse("2026-03-03T17:00"),
            destination: TripPlace(country: try CountryCode.parse("CH")), meals: [try date("2026-03-03"): .breakfast])
        // A table of its own: the shipped one has the BMF's figures for Switzerland, in EUR.
        let table = AllowanceRateTable([
            try AllowanceRate(
                country: try CountryCode.parse("CH"), validFrom: try date("2025-01-01"), fullDay: try money("64.00", "CHF"),
                partialDay: try money("43.00", "CHF"))
        ])
        let quotes = Quotes(perEUR: ["CHF": [(try date("2026-03-02"), try ExchangeRate.parse("0.9412"))]])
        let perDiems = try ReportPerDiems.compute(trip, rates: table, into: eur, exchange: quotes)
        XCTAssertEqual(perDiems.days.map(\.perDiem.amount), [try money("43.00", "CHF"), try money("30.20", "CHF")])
        XCTAssertEqual(perDiems.days.map(\.converted), [try money("45.69"), try money("32.09")])
        XCTAssertEqual(perDiems.days.map(\.conversion.rate.description), ["1/0.9412", "1/0.9412"])
        XCTAssertEqual(perDiems.days.map(\.conversion.rateDate), [try date("2026-03-02"), try date("2026-03-02")])
        XCTAssertEqual(perDiems.total, try money("77.78"))
        XCTAssertFalse(perDiems.frozen)

        let error = assertExpenseError(
            try ReportPerDiems.compute(trip, rates: table, into: eur, exchange: Quotes(perEUR: [:])), kind: .invalidData,
            code: .noExchangeRateForPerDiems(from: "CHF", to: "EUR", on: "2026-03-02"))
        XCTAssertEqual(
            error?.message, "the per diem of 2026-03-02 (43.00 CHF) cannot be converted into EUR: no exchange rate from CHF for that day")
    }

    func testALodgingFlatInAnotherCurrencyIsConvertedApartAtTheDaysRate() throws {
        // Test rates: CH 64.00 / 43.00 CHF, lodging 180.00 CHF; the night of the 2nd at the flat.
        // The 2nd: 43.00 CHF at 1/0.9412 = 45.69 EUR, the flat 180.00 / 0.9412 = 191.245... =
        // 191.25 EUR, converted apart and added: 236.94. The 3rd: 43.00 CHF = 45.69. Total 282.63.
        var trip = try TripSchedule(
            departure: try LocalDateTime.parse("2026-03-02T08:00"), return: try LocalDateTime.parse("2026-03-03T17:00"),
            destination: TripPlace(country: try CountryCode.parse("CH")))
        try trip.setLodgingNight(true, on: try date("2026-03-02"))
        // A row of its own after the shipped 2026 one (in EUR), so that the day's rate is in CHF.
        var table = AllowanceRateTable.shipped
        table.insert(
            try AllowanceRate(
                country: try CountryCode.parse("CH"), validFrom: try date("2026-02-01"), fullDay: try money("64.00", "CHF"),
                partialDay: try money("43.00", "CHF"), lodging: try money("180.00", "CHF")))
        let quotes = Quotes(perEUR: ["CHF": [(try date("2026-03-02"), try ExchangeRate.parse("0.9412"))]])
        let perDiems = try ReportPerDiems.compute(trip, rates: table, into: eur, exchange: quotes)
        XCTAssertEqual(perDiems.days.map(\.conversion.converted), [try money("45.69"), try money("45.69")])
        XCTAssertEqual(perDiems.days.map { $0.lodgingConversion?.converted }, [try money("191.25"), nil])
        XCTAssertEqual(perDiems.days.map { $0.lodgingConversion?.rate.description }, ["1/0.9412", nil])
        XCTAssertEqual(perDiems.days.map(\.converted), [try money("236.94"), try money("45.69")])
        XCTAssertEqual(perDiems.total, try money("282.63"))
    }

    func testAReportsPerDiemsWeighTheOtherReportsOnTheSameDays() throws {
        // Report 2 (Copenhagen 2024, DK 75 / 50) leaves on the day report 1 came back from
        // Strasbourg, whose frozen day paid 25.40: report 2's first day is 50.00 − 15.00 (the
        // breakfast report 1 had, 20 % of 75.00) − 25.40 = 9.60; its total 9.60 + 50.00 = 59.60.
        let dk = try AllowanceRate(
            country: try CountryCode.parse("DK"), validFrom: try date("2024-01-01"), fullDay: try money("75.00"),
            partialDay: try money("50.00"))
        let fr = try AllowanceRate(
            country: try CountryCode.parse("FR"), validFrom: try date("2024-01-01"), fullDay: try money("53.00"),
            partialDay: try money("36.00"))
        let trip = try TripSchedule(
            departure: try LocalDateTime.parse("2024-03-05T14:00"), return: try LocalDateTime.parse("2024-03-06T18:00"),
            destination: TripPlace(country: dk.country))
        let frozen = PerDiem.Day(
            date: try date("2024-03-05"), country: fr.country, kind: .partial, meals: .breakfast, table: fr, rate: try money("36.00"),
            deductions: try money("10.60"), amount: try money("25.40"))
        let perDiems = try ReportPerDiems.compute(
            trip, rates: AllowanceRateTable([dk, fr]), into: eur, exchange: nil, report: 2,
            others: [SharedTripDay(report: 1, frozen: true, day: frozen)])
        XCTAssertEqual(perDiems.days.map(\.converted), [try money("9.60"), try money("50.00")])
        XCTAssertEqual(perDiems.total, try money("59.60"))
    }

    func testPerDiemsAreDueBesideTheItemsPaidPersonallyAndNotPartOfTheirTotal() throws {
        let amount = try money("100.00")
        let items = [
            Expense(
                id: 1, reportID: 1, date: try date("2026-03-02"), category: "taxi", amount: amount,
                conversion: .init(rate: .one, source: .same, converted: amount)),
            Expense(
                id: 2, reportID: 1, date: try date("2026-03-02"), category: "lodging", amount: amount,
                conversion: .init(rate: .one, source: .same, converted: amount), paidBy: .company),
        ]
        let totals = try ReportTotals(items: items, reportCurrency: eur, perDiems: try money("78.40"))
        XCTAssertEqual(totals.total, try money("200.00"))
        XCTAssertEqual(totals.dueToEmployee, try money("178.40"))
        XCTAssertEqual(totals.paidByCompany, try money("100.00"))
        XCTAssertEqual(totals.perDiems, try money("78.40"))
        XCTAssertEqual(try ReportTotals(items: items, reportCurrency: eur).perDiems, try money("0.00"), "none by default")
        XCTAssertThrowsError(try ReportTotals(items: items, reportCurrency: eur, perDiems: try money("1", "CHF")))
    }

    func testAPerDiemTypedByHandBesideComputedOnesIsAFinding() throws {
        let amount = try money("14.00")
        let typed = Expense(
            id: 7, reportID: 1, date: try date("2026-03-03"), category: "per_diem", amount: amount,
            conversion: .init(rate: .one, source: .same, converted: amount))
        var report = Report(
            id: 1, title: "Visit", startDate: try date("2026-03-02"), endDate: try date("2026-03-04"), currency: eur, owner: "alice")
        XCTAssertEqual(PolicyCheck(report: report, items: [typed], categories: []).violations().map(\.key), [], "no country, no per diems")
        report.country = .germany
        let found = PolicyCheck(report: report, items: [typed], categories: []).violations()
        XCTAssertEqual(found.map(\.key), ["typed-per-diem:7"])
        XCTAssertEqual(found.first?.severity, .warning)
        XCTAssertEqual(
            found.first?.message, "item 7 (per_diem, 14.00 EUR) is a per diem typed by hand; the report's are computed from its trip")
        var off = PolicyCheck(report: report, items: [typed], categories: [])
        off.severities = [.typedPerDiem: .off]
        XCTAssertEqual(off.violations(), [])
    }
}
