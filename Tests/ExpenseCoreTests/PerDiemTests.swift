import ExpenseTestSupport
import XCTest

@testable import ExpenseCore
@testable import ExpenseSupport

/// Worked examples of the German per diems (BMF; § 9 Abs. 4a EStG), derived by hand from the
/// rules: full days 28.00, first and last days 14.00, meals 20 % / 40 % of the full-day rate.
final class PerDiemTests: XCTestCase {
    func date(_ text: String) throws -> CalendarDate { try CalendarDate.parse(text) }
    func time(_ text: String) throws -> LocalDateTime { try LocalDateTime.parse(text) }
    func country(_ code: String) throws -> CountryCode { try CountryCode.parse(code) }
    func money(_ text: String, _ code: String = "EUR") throws -> Money { try Money.parse(text, currency: try currency(code)) }

    func rate(
        _ code: String, _ from: String, _ full: String, _ partial: String, _ currencyCode: String = "EUR", place: String = "",
        lodging: String? = nil
    ) throws -> AllowanceRate {
        try AllowanceRate(
            country: try country(code), place: place, validFrom: try date(from), fullDay: try money(full, currencyCode),
            partialDay: try money(partial, currencyCode), lodging: try lodging.map { try money($0, currencyCode) })
    }

    /// "FR" or "FR Paris": a country, and a place in it.
    func place(_ text: String) throws -> TripPlace {
        let words = text.split(separator: " ", maxSplits: 1)
        return TripPlace(country: try country(String(words[0])), place: words.count > 1 ? String(words[1]) : nil)
    }

    func trip(
        _ from: String, _ to: String, _ destination: String = "DE", stops: [String: String] = [:], meals: [String: String] = [:]
    ) throws -> TripSchedule {
        var schedule = try TripSchedule(departure: try time(from), return: try time(to), destination: try place(destination))
        for (day, code) in stops { try schedule.setStop(on: try date(day), place: try place(code)) }
        for (day, words) in meals { try schedule.setMeals(try ProvidedMeals.parse(words), on: try date(day)) }
        return schedule
    }

    /// Each day as "DATE CC kind rate deductions amount", and the totals.
    func lines(_ perDiem: PerDiem) -> [String] {
        perDiem.days.map {
            "\($0.date) \($0.country) \($0.kind.rawValue) \($0.rate.decimalString) -\($0.deductions.decimalString) = \($0.amount.decimalString)"
        } + ["total " + perDiem.totals.map(\.description).joined(separator: " + ")]
    }

    func testFirstAndLastDaysArePartialAndTheDaysBetweenFull() throws {
        let perDiem = try PerDiem.compute(try trip("2026-03-02T08:00", "2026-03-04T17:00"), rates: .shipped)
        XCTAssertEqual(
            lines(perDiem),
            [
                "2026-03-02 DE partial 14.00 -0.00 = 14.00",
                "2026-03-03 DE full 28.00 -0.00 = 28.00",
                "2026-03-04 DE partial 14.00 -0.00 = 14.00",
                "total 56.00 EUR",
            ])
        XCTAssertEqual(perDiem.total, try money("56.00"))
    }

    func testTheFirstAndLastDayArePartialWhateverTheHours() throws {
        // Leaving at 23:30 and back at 00:30: two short days, each the partial rate.
        let perDiem = try PerDiem.compute(try trip("2026-03-02T23:30", "2026-03-03T00:30"), rates: .shipped)
        XCTAssertEqual(perDiem.days.map(\.kind), [.partial, .partial])
        XCTAssertEqual(perDiem.total, try money("28.00"))
    }

    func testAOneDayTripOfEightHoursEarnsNothingAndOfNineHoursThePartialRate() throws {
        let eight = try PerDiem.compute(try trip("2026-03-02T08:00", "2026-03-02T16:00"), rates: .shipped)
        XCTAssertEqual(lines(eight), ["2026-03-02 DE none 0.00 -0.00 = 0.00", "total 0.00 EUR"])
        let justOver = try PerDiem.compute(try trip("2026-03-02T08:00", "2026-03-02T16:01"), rates: .shipped)
        XCTAssertEqual(justOver.total, try money("14.00"))
        let nine = try PerDiem.compute(try trip("2026-03-02T08:00", "2026-03-02T17:00"), rates: .shipped)
        XCTAssertEqual(lines(nine), ["2026-03-02 DE partial 14.00 -0.00 = 14.00", "total 14.00 EUR"])
    }

    func testABreakfastOnTheReturnDayTakesTwentyPercentOfTheFullDayRate() throws {
        // 14.00 − 20 % of 28.00 = 8.40, not 14.00 − 20 % of 14.00 = 11.20.
        let perDiem = try PerDiem.compute(
            try trip("2026-03-02T08:00", "2026-03-03T17:00", meals: ["2026-03-03": "breakfast"]), rates: .shipped)
        XCTAssertEqual(
            lines(perDiem),
            ["2026-03-02 DE partial 14.00 -0.00 = 14.00", "2026-03-03 DE partial 14.00 -5.60 = 8.40", "total 22.40 EUR"])
    }

    func testADayNeverGoesBelowZero() throws {
        // A partial day with lunch and dinner: 14.00 − 11.20 − 11.20 would be −8.40.
        let perDiem = try PerDiem.compute(
            try trip(
                "2026-03-02T08:00", "2026-03-03T17:00", meals: ["2026-03-02": "lunch,dinner", "2026-03-03": "breakfast,lunch,dinner"]),
            rates: .shipped)
        XCTAssertEqual(
            lines(perDiem),
            ["2026-03-02 DE partial 14.00 -22.40 = 0.00", "2026-03-03 DE partial 14.00 -28.00 = 0.00", "total 0.00 EUR"])
    }

    func testMealsOnADayThatEarnsNothingTakeNothing() throws {
        let perDiem = try PerDiem.compute(
            try trip("2026-03-02T08:00", "2026-03-02T12:00", meals: ["2026-03-02": "lunch"]), rates: .shipped)
        XCTAssertEqual(lines(perDiem), ["2026-03-02 DE none 0.00 -0.00 = 0.00", "total 0.00 EUR"])
    }

    func testARateThatChangesMidTripCountsFromItsDay() throws {
        // A made-up raise from 2026-03-04 (not the law: 28 / 14 still stand).
        let table = AllowanceRateTable([try rate("DE", "2020-01-01", "28.00", "14.00"), try rate("DE", "2026-03-04", "32.00", "16.00")])
        let perDiem = try PerDiem.compute(try trip("2026-03-02T08:00", "2026-03-06T17:00"), rates: table)
        XCTAssertEqual(
            lines(perDiem),
            [
                "2026-03-02 DE partial 14.00 -0.00 = 14.00",
                "2026-03-03 DE full 28.00 -0.00 = 28.00",
                "2026-03-04 DE full 32.00 -0.00 = 32.00",
                "2026-03-05 DE full 32.00 -0.00 = 32.00",
                "2026-03-06 DE partial 16.00 -0.00 = 16.00",
                "total 122.00 EUR",
            ])
        XCTAssertEqual(perDiem.days[2].table.validFrom, try date("2026-03-04"))
    }

    func testStopsMoveTheTripAndAStopAtHomeOnTheLastDayDoesNotCount() throws {
        // Test rates, not the BMF's: FR 50 / 30, AT 40 / 25. Paris first, Vienna from the 4th;
        // the flight home on the 5th starts in Austria, and its stop at home does not count: the
        // last day takes the last place of work abroad.
        let table = AllowanceRateTable([
            try rate("DE", "2020-01-01", "28.00", "14.00"), try rate("FR", "2025-01-01", "50.00", "30.00"),
            try rate("AT", "2025-01-01", "40.00", "25.00"),
        ])
        let schedule = try trip(
            "2026-03-02T09:00", "2026-03-05T20:00", "FR", stops: ["2026-03-04": "AT", "2026-03-05": "DE"],
            meals: ["2026-03-04": "dinner"])
        XCTAssertEqual(
            lines(try PerDiem.compute(schedule, rates: table)),
            [
                "2026-03-02 FR partial 30.00 -0.00 = 30.00",
                "2026-03-03 FR full 50.00 -0.00 = 50.00",
                "2026-03-04 AT full 40.00 -16.00 = 24.00",
                "2026-03-05 AT partial 25.00 -0.00 = 25.00",
                "total 129.00 EUR",
            ])
    }

    func testAOneDayTripIsInTheCountryReachedLast() throws {
        let table = AllowanceRateTable([try rate("DE", "2020-01-01", "28.00", "14.00"), try rate("NL", "2025-01-01", "47.00", "32.00")])
        let schedule = try trip("2026-03-02T06:00", "2026-03-02T21:00", stops: ["2026-03-02": "NL"])
        XCTAssertEqual(
            lines(try PerDiem.compute(schedule, rates: table)), ["2026-03-02 NL partial 32.00 -0.00 = 32.00", "total 32.00 EUR"])
    }

    func testAForeignRateInAnotherCurrencyIsTotalledApart() throws {
        // Test rates in Swiss francs; the report converts each total at the day's rates.
        let table = AllowanceRateTable([
            try rate("DE", "2020-01-01", "28.00", "14.00"), try rate("CH", "2025-01-01", "64.00", "43.00", "CHF"),
        ])
        let schedule = try trip("2026-03-02T08:00", "2026-03-04T19:00", stops: ["2026-03-03": "CH"], meals: ["2026-03-04": "breakfast"])
        let perDiem = try PerDiem.compute(schedule, rates: table)
        XCTAssertEqual(
            lines(perDiem),
            [
                "2026-03-02 DE partial 14.00 -0.00 = 14.00",
                "2026-03-03 CH full 64.00 -0.00 = 64.00",
                "2026-03-04 CH partial 43.00 -12.80 = 30.20",
                "total 14.00 EUR + 94.20 CHF",
            ])
        XCTAssertNil(perDiem.total)
    }

    func testAFiveDayTripWithHotelBreakfastsAndACustomerDinner() throws {
        // Breakfast at the hotel every morning after a night there, the customer's dinner on the 4th.
        let schedule = try trip(
            "2026-03-02T07:30", "2026-03-06T18:00",
            meals: ["2026-03-03": "breakfast", "2026-03-04": "breakfast,dinner", "2026-03-05": "breakfast", "2026-03-06": "breakfast"])
        XCTAssertEqual(
            lines(try PerDiem.compute(schedule, rates: .shipped)),
            [
                "2026-03-02 DE partial 14.00 -0.00 = 14.00",
                "2026-03-03 DE full 28.00 -5.60 = 22.40",
                "2026-03-04 DE full 28.00 -16.80 = 11.20",
                "2026-03-05 DE full 28.00 -5.60 = 22.40",
                "2026-03-06 DE partial 14.00 -5.60 = 8.40",
                "total 78.40 EUR",
            ])
    }

    func testADayWithoutARateIsAnErrorNamingCountryAndDay() throws {
        let schedule = try trip("2026-03-02T08:00", "2026-03-03T17:00", "FR")
        let error = assertExpenseError(
            try PerDiem.compute(schedule, rates: .shipped), kind: .invalidData,
            code: .noAllowanceRate(country: "FR", on: "2026-03-02"))
        XCTAssertEqual(error?.message, "no allowance rate for FR on 2026-03-02")
        assertExpenseError(
            try PerDiem.compute(try trip("2019-12-30T08:00", "2019-12-31T17:00"), rates: .shipped), kind: .invalidData,
            messageContains: "no allowance rate for DE on 2019-12-30 (its first row is from 2020-01-01)",
            code: .noAllowanceRate(country: "DE", on: "2019-12-30"))
    }

    func testDeductionsRoundToTheNearestMinorUnitOnce() throws {
        // 20 % of 39.99 is 7.998 (8.00); 60 % is 23.994 (23.99, not 8.00 + 16.00); 20 % of
        // 4,999 JPY is 999.8 (1,000); 20 % of 0.03 EUR is 0.006 (0.01, not 0.00).
        XCTAssertEqual(PerDiem.deduction(.breakfast, of: try money("39.99")), try money("8.00"))
        XCTAssertEqual(PerDiem.deduction([.breakfast, .lunch], of: try money("39.99")), try money("23.99"))
        XCTAssertEqual(PerDiem.deduction([.breakfast, .lunch, .dinner], of: try money("39.99")), try money("39.99"))
        XCTAssertEqual(PerDiem.deduction(.breakfast, of: try money("4999", "JPY")), try money("1000", "JPY"))
        XCTAssertEqual(PerDiem.deduction(.breakfast, of: try money("0.03")), try money("0.01"))
        XCTAssertEqual(PerDiem.deduction(.lunch, of: try money("0.01")), try money("0.00"))
        XCTAssertEqual(PerDiem.deduction(.breakfast, of: try money("1.234", "BHD")), try money("0.247", "BHD"))
    }
}
