import ExpenseTestSupport
import XCTest

@testable import ExpenseCore
@testable import ExpenseSupport

final class AllowanceRateTableTests: XCTestCase {
    private func date(_ text: String) throws -> CalendarDate { try CalendarDate.parse(text) }
    private let de = CountryCode.germany

    func testTheShippedTableHoldsGermanysDomesticRatesSince2020() throws {
        let row = try XCTUnwrap(AllowanceRateTable.shipped.rate(for: de, on: try date("2026-03-02")))
        XCTAssertEqual(row.fullDay.description, "28.00 EUR")
        XCTAssertEqual(row.partialDay.description, "14.00 EUR")
        XCTAssertEqual(row.validFrom, try date("2020-01-01"))
        XCTAssertNil(AllowanceRateTable.shipped.rate(for: de, on: try date("2019-12-31")))
        XCTAssertEqual(AllowanceRateTable.shipped.countries, [de])
    }

    func testADayUsesTheLatestRowOnOrBeforeItAndTheSameDayReplaces() throws {
        let csv = """
            country,valid_from,full_day,partial_day,currency
            DE,2020-01-01,28.00,14.00,EUR
            DE,2026-03-04,30.00,15.00,EUR
            DE,2026-03-04,32.00,16.00,EUR
            """
        let table = AllowanceRateTable(try AllowanceRateTable.parse(csv: csv, source: "rates.csv"))
        XCTAssertEqual(table.rows.count, 2)
        XCTAssertEqual(table.rate(for: de, on: try date("2026-03-03"))?.fullDay.decimalString, "28.00")
        XCTAssertEqual(table.rate(for: de, on: try date("2026-03-04"))?.fullDay.decimalString, "32.00")
        XCTAssertEqual(table.rate(for: de, on: try date("2030-01-01"))?.partialDay.decimalString, "16.00")
    }

    func testColumnsAreFoundByNameAndOthersIgnored() throws {
        let csv = "note,currency,partial_day,full_day,valid_from,country\r\nLondon,GBP,27.00,40.00,2025-01-01,gb\r\n\r\n"
        let rows = try AllowanceRateTable.parse(csv: csv, source: "rates.csv")
        XCTAssertEqual(rows.map { "\($0.country) \($0.validFrom) \($0.fullDay) \($0.partialDay)" }, ["GB 2025-01-01 40.00 GBP 27.00 GBP"])
    }

    func testABadRowIsAnErrorAtItsLine() throws {
        let header = "country,valid_from,full_day,partial_day,currency\n"
        let cases = [
            ("DEU,2020-01-01,28.00,14.00,EUR", "invalid country 'DEU'"),
            ("DE,2020-02-30,28.00,14.00,EUR", "that day does not exist"),
            ("DE,2020-01-01,28.001,14.00,EUR", "EUR has 2 decimals"),
            ("DE,2020-01-01,-28.00,14.00,EUR", "is negative"),
            ("DE,2020-01-01,28.00,14.00,EUX", "unknown currency 'EUX'"),
            ("DE,2020-01-01,28.00", "3 fields, the header has 5"),
        ]
        for (line, message) in cases {
            let error = assertExpenseError(
                try AllowanceRateTable.parse(csv: header + "DE,2019-01-01,1.00,1.00,EUR\n" + line, source: "r.csv"), kind: .invalidData,
                messageContains: message)
            XCTAssertEqual(error?.location, "r.csv:3", line)
        }
        let missing = assertExpenseError(
            try AllowanceRateTable.parse(csv: "country,valid_from,full_day,currency\n", source: "r.csv"), kind: .invalidData,
            messageContains: "no column partial_day")
        XCTAssertEqual(missing?.location, "r.csv:1")
    }

    func testARowMayNotMixCurrencies() throws {
        assertExpenseError(
            try AllowanceRate(
                country: de, validFrom: try date("2020-01-01"), fullDay: try Money.parse("28", currency: try currency("EUR")),
                partialDay: try Money.parse("14", currency: try currency("CHF"))), kind: .invalidData, messageContains: "mixes currencies")
    }

    func testCountryCodesMealsAndTimesReadTheirWords() throws {
        XCTAssertEqual(try CountryCode.parse(" fr ").code, "FR")
        for bad in ["", "F", "FRA", "F1", "Ü1"] {
            assertExpenseError(try CountryCode.parse(bad), kind: .invalidData, hintContains: "ISO 3166-1 alpha-2")
        }
        XCTAssertEqual(try ProvidedMeals.parse("Dinner, breakfast"), [.breakfast, .dinner])
        XCTAssertEqual(try ProvidedMeals.parse("none"), .none)
        XCTAssertEqual(try ProvidedMeals.parse("lunch").description, "lunch")
        XCTAssertEqual(ProvidedMeals([.dinner, .breakfast]).description, "breakfast,dinner")
        assertExpenseError(try ProvidedMeals.parse("brunch"), kind: .invalidData, messageContains: "invalid meal 'brunch'")
        XCTAssertEqual(try LocalDateTime.parse("2026-03-02T08:05").description, "2026-03-02T08:05")
        XCTAssertEqual(try LocalDateTime.parse("2026-03-02").description, "2026-03-02T00:00")
        XCTAssertEqual(try LocalDateTime.parse("2026-03-02T23:30").minutes(until: try LocalDateTime.parse("2026-03-03T00:30")), 60)
        for bad in ["2026-03-02T24:00", "2026-03-02T8:00", "2026-03-02X08:00", "2026-03-02T08:60"] {
            assertExpenseError(try LocalDateTime.parse(bad), kind: .invalidData, messageContains: "invalid date and time")
        }
    }

    func testAScheduleRefusesReversedTimesAndDaysOutsideTheTrip() throws {
        let from = try LocalDateTime.parse("2026-03-02T08:00")
        let to = try LocalDateTime.parse("2026-03-04T17:00")
        assertExpenseError(
            try TripSchedule(departure: to, return: from, destination: TripPlace(country: de)), kind: .invalidData,
            code: .reportDatesReversed)
        var trip = try TripSchedule(departure: from, return: to, destination: TripPlace(country: de))
        assertExpenseError(
            try trip.setStop(on: try date("2026-03-05"), place: TripPlace(country: de)), kind: .invalidData,
            messageContains: "outside the trip")
        assertExpenseError(try trip.setMeals(.lunch, on: try date("2026-03-01")), kind: .invalidData, messageContains: "outside the trip")
        try trip.setMeals(.lunch, on: try date("2026-03-03"))
        try trip.setMeals(.none, on: try date("2026-03-03"))
        XCTAssertEqual(trip.meals, [:])
        XCTAssertEqual(trip.days.count, 3)
    }
}
