import ExpenseCore
import ExpenseTestSupport
import XCTest

@testable import ExpenseStore
@testable import ExpenseSupport

/// A report's trip and per diems in the store, on a file and (`Scripts/test`'s team tier) on a
/// team database, where the server computes and freezes them: the times and country stored, the
/// stops and meals (logged, on the trip's days, only in draft), the rates imported, and the per
/// diems computed while a draft and frozen at submission until it is recalled.
final class PerDiemStoreTests: TemporaryDatabaseTestCase {
    private var store: Store!
    private let eur = CurrencyTable.standard.currency("EUR")!

    override func setUpWithError() throws {
        try super.setUpWithError()
        let now = { "2026-03-10T09:00:00Z" }
        store = ServerStore.isSelected ? try ServerStore.open(as: "ana", now: now) : try Store(path: path(), now: now)
    }

    override class func tearDown() {
        ServerStore.stop()
        super.tearDown()
    }

    override func tearDownWithError() throws {
        store = nil
        try super.tearDownWithError()
    }

    private func day(_ text: String) throws -> CalendarDate { try CalendarDate.parse(text) }
    private func country(_ code: String) throws -> CountryCode { try CountryCode.parse(code) }
    private func place(_ code: String, _ name: String? = nil) throws -> TripPlace { TripPlace(country: try country(code), place: name) }

    private func rate(
        _ code: String, _ from: String, _ full: Int64, _ partial: Int64, _ currency: String = "EUR", lodging: Int64? = nil
    ) throws -> AllowanceRate {
        let currency = try CurrencyTable.standard.require(currency)
        return try AllowanceRate(
            country: try country(code), validFrom: try day(from), fullDay: Money(minorUnits: full, currency: currency),
            partialDay: Money(minorUnits: partial, currency: currency), lodging: lodging.map { Money(minorUnits: $0, currency: currency) })
    }

    /// A draft of ana's from `from` to `to` (YYYY-MM-DDTHH:MM or a day), to `destination`.
    private func trip(_ from: String, _ to: String, _ destination: String? = "DE", currency: String = "EUR") throws -> Report {
        var report = Report(
            id: 0, title: "Trip", currency: try CurrencyTable.standard.require(currency), owner: "ana",
            country: try destination.map(country))
        report.departure = try TripTime.parse(from)
        report.return = try TripTime.parse(to)
        return try store.write { try store.insertReport(report) }
    }

    /// Each day as "DATE CC kind meals rate -deductions = amount (converted)".
    private func lines(_ allowance: ReportAllowance) -> [String] {
        guard let perDiems = allowance.perDiems else { return ["none: \(allowance)"] }
        return perDiems.days.map { day in
            let perDiem = day.perDiem
            return "\(perDiem.date) \(perDiem.country) \(perDiem.kind.rawValue) \(perDiem.meals) \(perDiem.rate.decimalString) "
                + "-\(perDiem.deductions.decimalString) = \(perDiem.amount) (\(day.converted))"
        }
    }

    func testATripsTimesAndCountryAreStoredAndAnOlderReportHasNone() throws {
        let report = try trip("2026-03-02T08:00", "2026-03-06T17:30")
        XCTAssertEqual(report.departure?.description, "2026-03-02T08:00")
        XCTAssertEqual(report.return?.description, "2026-03-06T17:30")
        XCTAssertEqual(report.country, try country("DE"))
        var edited = report
        edited.departure = try TripTime.parse("2026-03-03")
        edited.country = nil
        try store.updateReport(edited)
        let stored = try store.report(report.id)
        XCTAssertEqual(stored.departure?.description, "2026-03-03")
        XCTAssertNil(stored.country)
        XCTAssertEqual(try store.perDiems(of: stored), .none(.noCountry))
        let undated = try store.write { try store.insertReport(Report(id: 0, title: "Desk", currency: eur, owner: "ana")) }
        XCTAssertNil(undated.country, "the store sets no country of its own: the command gives the home country")
    }

    func testStopsAndMealsAreOnTheTripsDaysAndLogged() throws {
        let report = try trip("2026-03-02", "2026-03-06")
        try store.setStop(try place("FR"), on: try day("2026-03-04"), of: report.id, by: "ana")
        try store.setStop(try place("CH"), on: try day("2026-03-04"), of: report.id, by: "ana")
        try store.setMeals([.breakfast, .dinner], on: try day("2026-03-03"), of: report.id, by: "ana")
        try store.setMeals(.none, on: try day("2026-03-03"), of: report.id, by: "ana")
        try store.setMeals(.lunch, on: try day("2026-03-05"), of: report.id, by: "ana")
        XCTAssertEqual(try store.stops(of: report.id), [try day("2026-03-04"): try place("CH")])
        XCTAssertEqual(try store.meals(of: report.id), [try day("2026-03-05"): .lunch])
        assertExpenseError(
            try store.setStop(try place("FR"), on: try day("2026-03-07"), of: report.id, by: "ana"), kind: .invalidData,
            messageContains: "a stop on 2026-03-07 is outside the trip (2026-03-02 to 2026-03-06)")
        assertExpenseError(
            try store.setMeals(.breakfast, on: try day("2026-03-01"), of: report.id, by: "ana"), kind: .invalidData,
            messageContains: "meals on 2026-03-01 is outside the trip")
        assertExpenseError(
            try store.setStop(nil, on: try day("2026-03-05"), of: report.id, by: "ana"), kind: .notFound,
            messageContains: "report \(report.id) has no stop on 2026-03-05")
        try store.setStop(nil, on: try day("2026-03-04"), of: report.id, by: "ana")
        XCTAssertEqual(try store.stops(of: report.id), [:])
        XCTAssertEqual(
            try store.events(report.id).map { "\($0.actor) \($0.action) \($0.from.rawValue)>\($0.to.rawValue)" },
            [
                "ana stop 2026-03-04 FR draft>draft", "ana stop 2026-03-04 CH draft>draft",
                "ana meals 2026-03-03 breakfast,dinner draft>draft",
                "ana meals 2026-03-03 none draft>draft", "ana meals 2026-03-05 lunch draft>draft",
                "ana stop 2026-03-04 removed draft>draft",
            ])
        // New dates that would leave the meals of the 5th outside the trip are refused.
        var shorter = try store.report(report.id)
        shorter.endDate = try day("2026-03-04")
        assertExpenseError(
            try store.updateReport(shorter), kind: .invalidData,
            messageContains:
                "report \(report.id) has a stop or meals on 2026-03-05, which would be outside the trip (2026-03-02 to 2026-03-04)")
        XCTAssertEqual(try store.report(report.id).endDate, try day("2026-03-06"))
    }

    func testADeletedDraftTakesItsStopsAndMealsWithIt() throws {
        let report = try trip("2026-03-02", "2026-03-04")
        try store.setStop(try place("DE"), on: try day("2026-03-03"), of: report.id, by: "ana")
        try store.setMeals(.dinner, on: try day("2026-03-03"), of: report.id, by: "ana")
        try store.deleteReport(report.id, deletingItems: true)
        XCTAssertEqual(try store.db.scalar("SELECT count(*) FROM report_stops") + store.db.scalar("SELECT count(*) FROM report_meals"), 0)
    }

    func testPerDiemsAreComputedWhileADraftAndFrozenAtSubmissionUntilRecalled() throws {
        XCTAssertEqual(try store.saveAllowanceRates([try rate("FR", "2026-01-01", 5300, 3600)]), 1)
        let report = try trip("2026-03-02T08:00", "2026-03-05T17:00")
        try store.setMeals(.breakfast, on: try day("2026-03-03"), of: report.id, by: "ana")
        try store.setStop(try place("FR"), on: try day("2026-03-04"), of: report.id, by: "ana")
        let computed = [
            "2026-03-02 DE partial none 14.00 -0.00 = 14.00 EUR (14.00 EUR)",
            "2026-03-03 DE full breakfast 28.00 -5.60 = 22.40 EUR (22.40 EUR)",
            "2026-03-04 FR full none 53.00 -0.00 = 53.00 EUR (53.00 EUR)",
            "2026-03-05 FR partial none 36.00 -0.00 = 36.00 EUR (36.00 EUR)",
        ]
        XCTAssertEqual(lines(try store.perDiems(of: try store.report(report.id))), computed)
        XCTAssertEqual(try store.perDiems(of: try store.report(report.id)).perDiems?.frozen, false)

        let submitted = try store.write { try store.apply(.submit, to: report.id, by: "ana") }
        let frozen = try store.perDiems(of: submitted)
        XCTAssertEqual(lines(frozen), computed)
        XCTAssertEqual(frozen.perDiems?.frozen, true)
        XCTAssertEqual(frozen.perDiems?.total, Money(minorUnits: 12_540, currency: eur))
        // Rates imported after the submission change nothing of it: a correction of DE (above the
        // BMF table's, marked taxable) and FR.
        XCTAssertEqual(
            try store.write {
                try store.saveAllowanceRates(
                    [try rate("DE", "2026-01-01", 3000, 1500), try rate("FR", "2026-01-01", 6000, 4000)], taxable: true)
            }, 2)
        XCTAssertEqual(lines(try store.perDiems(of: try store.report(report.id))), computed)
        assertExpenseError(
            try store.setMeals(.none, on: try day("2026-03-03"), of: report.id, by: "ana"), kind: .refused,
            messageContains: "report \(report.id) is submitted; cannot change its trip")
        assertExpenseError(
            try store.setStop(nil, on: try day("2026-03-04"), of: report.id, by: "ana"), kind: .refused,
            messageContains: "cannot change its trip")

        // Recalled, it is a draft again: computed at the rates of today.
        let recalled = try store.write { try store.apply(.recall, to: report.id, by: "ana") }
        XCTAssertEqual(
            lines(try store.perDiems(of: recalled)),
            [
                "2026-03-02 DE partial none 15.00 -0.00 = 15.00 EUR (15.00 EUR)",
                "2026-03-03 DE full breakfast 30.00 -6.00 = 24.00 EUR (24.00 EUR)",
                "2026-03-04 FR full none 60.00 -0.00 = 60.00 EUR (60.00 EUR)",
                "2026-03-05 FR partial none 40.00 -0.00 = 40.00 EUR (40.00 EUR)",
            ])
        XCTAssertEqual(try store.perDiems(of: recalled).perDiems?.frozen, false)
    }

    func testADraftWhoseDaysHaveNoRateIsNotSubmittedAndSaysWhy() throws {
        // The BMF's foreign rows ship from 2024 on: France has none in 2023.
        let report = try trip("2023-03-02", "2023-03-04")
        try store.setStop(try place("FR"), on: try day("2023-03-03"), of: report.id, by: "ana")
        guard case .none(.cannotCompute(let error)) = try store.perDiems(of: try store.report(report.id)) else {
            return XCTFail("FR has no rate")
        }
        XCTAssertEqual(error.code, .noAllowanceRate(country: "FR", on: "2023-03-03"))
        assertExpenseError(
            try store.write { try store.apply(.submit, to: report.id, by: "ana") }, kind: .invalidData,
            messageContains: "no allowance rate for FR on 2023-03-03", code: .noAllowanceRate(country: "FR", on: "2023-03-03"))
        XCTAssertEqual(try store.report(report.id).status, .draft)
        XCTAssertEqual(try store.db.scalar("SELECT count(*) FROM report_allowances"), 0)
    }

    func testADayInAnotherCurrencyIsFrozenConvertedAtTheRateOfItsDay() throws {
        try store.write {
            // After the BMF's 2026 row (EUR), which it replaces from 1 March on; in CHF, which the
            // BMF's maximum cannot be compared with, so marked taxable (a team database needs the mark).
            _ = try store.saveAllowanceRates([try rate("CH", "2026-03-01", 6400, 4300, "CHF")], taxable: true)
            _ = try store.saveReferenceRates([
                ReferenceRate(currency: "CHF", date: try day("2026-03-02"), perEUR: try ExchangeRate.parse("0.9412")),
                ReferenceRate(currency: "CHF", date: try day("2026-03-03"), perEUR: try ExchangeRate.parse("0.9388")),
            ])
        }
        let report = try trip("2026-03-02T06:00", "2026-03-04T22:00", "CH")
        try store.setMeals([.breakfast, .lunch, .dinner], on: try day("2026-03-04"), of: report.id, by: "ana")
        // 43.00 CHF / 0.9412 = 45.686 → 45.69; 64.00 / 0.9388 = 68.172 → 68.17; the 4th at the 3rd's
        // rate, all three meals (64.00) off 43.00: nothing.
        let expected = [
            "2026-03-02 CH partial none 43.00 -0.00 = 43.00 CHF (45.69 EUR)",
            "2026-03-03 CH full none 64.00 -0.00 = 64.00 CHF (68.17 EUR)",
            "2026-03-04 CH partial breakfast,lunch,dinner 43.00 -64.00 = 0.00 CHF (0.00 EUR)",
        ]
        XCTAssertEqual(lines(try store.perDiems(of: try store.report(report.id))), expected)
        let submitted = try store.write { try store.apply(.submit, to: report.id, by: "ana") }
        let frozen = try XCTUnwrap(try store.perDiems(of: submitted).perDiems)
        XCTAssertEqual(lines(.computed(frozen)), expected)
        XCTAssertEqual(frozen.days.map(\.conversion.rate.description), ["1/0.9412", "1/0.9388", "1/0.9388"])
        XCTAssertEqual(frozen.days.map { $0.conversion.rateDate?.description }, ["2026-03-02", "2026-03-03", "2026-03-03"])
    }

    func testRatesReplaceTheSameCountryAndDayAndAnUnknownCountryIsNamedWithTheNearest() throws {
        XCTAssertEqual(
            try store.allowanceRateRows(country: .germany).map {
                "\($0.country) \($0.validFrom) \($0.fullDay) \($0.lodging.map { "\($0)" } ?? "-")"
            },
            ["DE 2020-01-01 28.00 EUR 20.00 EUR"])
        XCTAssertEqual(
            try store.write { try store.saveAllowanceRates([try rate("DE", "2020-01-01", 2800, 1400, lodging: 2000)]) }, 0, "as it was")
        XCTAssertEqual(
            try store.write { try store.saveAllowanceRates([try rate("DE", "2020-01-01", 2900, 1400, lodging: 2000)], taxable: true) }, 1)
        XCTAssertEqual(
            try store.write { try store.saveAllowanceRates([try rate("DE", "2020-01-01", 2900, 1400)], taxable: true) }, 1,
            "no lodging flat")
        XCTAssertEqual(try store.allowanceRateRows(country: try country("DE")).map(\.fullDay.minorUnits), [2900])
        XCTAssertEqual(try store.allowanceCountry("de"), try country("DE"))
        assertExpenseError(
            try store.allowanceCountry("DR"), kind: .invalidData, messageContains: "the allowance table has no rates for DR",
            code: .unknownAllowanceCountry("DR", suggestion: "AR"))  // the first of the nearest in code order (AR, DE, DO, ...)
        assertExpenseError(try store.allowanceCountry("Deutschland"), kind: .invalidData, messageContains: "invalid country")
    }
}
