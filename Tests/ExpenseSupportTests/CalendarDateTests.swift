import ExpenseTestSupport
import Foundation
import XCTest

@testable import ExpenseSupport

final class CalendarDateTests: XCTestCase {
    func testParsesAndPrintsYYYYMMDD() throws {
        let date = try CalendarDate.parse("2026-03-02")
        XCTAssertEqual(date.year, 2026)
        XCTAssertEqual(date.month, 3)
        XCTAssertEqual(date.day, 2)
        XCTAssertEqual(date.description, "2026-03-02")
        XCTAssertEqual(try CalendarDate.parse(" 0987-11-09\n").description, "0987-11-09")
    }

    /// A day outside the years 0 to 9999 (a day number from a file) prints, never traps.
    func testADayOutsideFourDigitYearsPrints() {
        XCTAssertEqual(CalendarDate(dayNumber: -800_000).description, "-221-09-04")
        XCTAssertEqual(CalendarDate(dayNumber: 3_000_000).description, "10183-09-21")
        XCTAssertEqual(CalendarDate(dayNumber: 0).description, "1970-01-01")
    }

    func testRejectsADayThatDoesNotExist() throws {
        assertExpenseError(
            try CalendarDate.parse("2026-02-30"), kind: .invalidData,
            messageContains: "that day does not exist", hintContains: "February 2026 has 28 days")
        assertExpenseError(try CalendarDate.parse("2026-04-31"), kind: .invalidData, hintContains: "April 2026 has 30 days")
        for text in [
            "2026-02-29", "2026-06-31", "2026-09-31", "2026-11-31", "2026-01-32", "2026-01-00",
            "2026-00-10", "2026-13-01", "0000-01-01",
        ] {
            assertExpenseError(try CalendarDate.parse(text), kind: .invalidData, messageContains: "that day does not exist")
        }
    }

    func testLeapYearsFollowTheGregorianRules() throws {
        XCTAssertEqual(try CalendarDate.parse("2024-02-29").day, 29)  // divisible by 4
        XCTAssertEqual(try CalendarDate.parse("2000-02-29").day, 29)  // divisible by 400
        assertExpenseError(
            try CalendarDate.parse("2100-02-29"), kind: .invalidData,
            hintContains: "February 2100 has 28 days")  // divisible by 100 only
        assertExpenseError(try CalendarDate.parse("2023-02-29"), kind: .invalidData)
        assertExpenseError(try CalendarDate.parse("1900-02-29"), kind: .invalidData)
        XCTAssertEqual(CalendarDate.daysIn(month: 2, year: 2024), 29)
        XCTAssertEqual(CalendarDate.daysIn(month: 2, year: 2100), 28)
        XCTAssertEqual(CalendarDate.daysIn(month: 2, year: 2400), 29)
    }

    func testDaysInEachMonth() {
        let expected = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        XCTAssertEqual((1...12).map { CalendarDate.daysIn(month: $0, year: 2026) }, expected)
        XCTAssertEqual((1...12).map { CalendarDate.daysIn(month: $0, year: 2028) }.reduce(0, +), 366)
    }

    func testRejectsOtherShapes() throws {
        for text in [
            "", "2026", "2026-3-02", "2026-03-2", "26-03-02", "2026/03/02", "2026-03-02T10:00", "20260302",
            "2026-03-0a", "２０２６-03-02", "+026-03-02", "-026-03-02", "2026-03-02 x", "02.03.2026",
        ] {
            assertExpenseError(
                try CalendarDate.parse(text), kind: .invalidData, messageContains: "invalid date",
                hintContains: "YYYY-MM-DD")
        }
    }

    func testMemberwiseInitRefusesImpossibleDates() {
        XCTAssertNil(CalendarDate(year: 2026, month: 2, day: 29))
        XCTAssertNil(CalendarDate(year: 2026, month: 0, day: 1))
        XCTAssertNil(CalendarDate(year: 0, month: 1, day: 1))
        XCTAssertNil(CalendarDate(year: 10000, month: 1, day: 1))
        XCTAssertNotNil(CalendarDate(year: 9999, month: 12, day: 31))
        XCTAssertNotNil(CalendarDate(year: 2024, month: 2, day: 29))
    }

    func testDayNumberCountsFromTheUnixEpoch() throws {
        XCTAssertEqual(try CalendarDate.parse("1970-01-01").dayNumber, 0)
        XCTAssertEqual(try CalendarDate.parse("1970-01-02").dayNumber, 1)
        XCTAssertEqual(try CalendarDate.parse("1969-12-31").dayNumber, -1)
        XCTAssertEqual(try CalendarDate.parse("2000-03-01").dayNumber, 11_017)
        XCTAssertEqual(try CalendarDate.parse("2026-03-02").dayNumber, 20_514)
        XCTAssertEqual(CalendarDate(dayNumber: 0).description, "1970-01-01")
        XCTAssertEqual(CalendarDate(dayNumber: -719_162).description, "0001-01-01")
        XCTAssertEqual(CalendarDate(dayNumber: 2_932_896).description, "9999-12-31")
    }

    func testDayNumberRoundTripsAndConsecutiveDaysFollowEachOther() throws {
        // Every day from 1600 to 2399: several 400-year cycle boundaries and all leap rules.
        // Checked without an XCTAssert per day (300,000 days), failing on the first wrong one.
        var previous = CalendarDate(dayNumber: -135_141)
        var checked = 0
        for number in -135_140...157_000 {
            let date = CalendarDate(dayNumber: number)
            let continues =
                (date.year == previous.year && date.month == previous.month && date.day == previous.day + 1)
                || (date.day == 1 && previous.day == CalendarDate.daysIn(month: previous.month, year: previous.year)
                    && (date.month == previous.month + 1 && date.year == previous.year
                        || date.month == 1 && previous.month == 12 && date.year == previous.year + 1))
            guard date.dayNumber == number, CalendarDate(year: date.year, month: date.month, day: date.day) == date,
                previous < date, continues
            else {
                XCTFail("day \(number) is \(date) (back to \(date.dayNumber)), after \(previous)")
                return
            }
            previous = date
            checked += 1
        }
        XCTAssertEqual(checked, 292_141)
        XCTAssertEqual(previous.description, "2399-11-08")
    }

    func testDayNumberAgreesWithFoundationsGregorianCalendar() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try XCTUnwrap(TimeZone(identifier: "UTC"))
        // Foundation switches to the Julian calendar before 1582, so compare after that.
        for number in stride(from: -100_000, through: 200_000, by: 97) {
            let parts = calendar.dateComponents(
                [.year, .month, .day],
                from: Date(timeIntervalSince1970: Double(number) * 86_400))
            let date = CalendarDate(dayNumber: number)
            XCTAssertEqual(
                [date.year, date.month, date.day], [parts.year, parts.month, parts.day].map { $0 ?? -1 },
                "day \(number)")
        }
    }

    func testAddingDaysCrossesMonthsYearsAndLeapDays() throws {
        let leap = try CalendarDate.parse("2024-02-28")
        XCTAssertEqual(leap.adding(days: 1).description, "2024-02-29")
        XCTAssertEqual(leap.adding(days: 2).description, "2024-03-01")
        XCTAssertEqual(try CalendarDate.parse("2026-02-28").adding(days: 1).description, "2026-03-01")
        XCTAssertEqual(try CalendarDate.parse("2025-12-31").adding(days: 1).description, "2026-01-01")
        XCTAssertEqual(try CalendarDate.parse("2026-01-01").adding(days: -1).description, "2025-12-31")
        XCTAssertEqual(try CalendarDate.parse("2026-03-02").adding(days: 365).description, "2027-03-02")
        XCTAssertEqual(try CalendarDate.parse("2026-03-02").adding(days: 0), try CalendarDate.parse("2026-03-02"))
    }

    func testOrdersByYearThenMonthThenDay() throws {
        let texts = ["2026-03-02", "2025-12-31", "2026-01-15", "2026-03-01", "2024-02-29", "2026-10-01", "2026-02-28"]
        let sorted = try texts.map(CalendarDate.parse).sorted().map(\.description)
        XCTAssertEqual(sorted, texts.sorted())  // for YYYY-MM-DD, text order is date order
        let a = try CalendarDate.parse("2026-01-31")
        let b = try CalendarDate.parse("2026-02-01")
        XCTAssertLessThan(a, b)
        XCTAssertFalse(b < a)
        XCTAssertFalse(a < a)
        XCTAssertEqual(a, try CalendarDate.parse("2026-01-31"))
        XCTAssertEqual(Set([a, b, try CalendarDate.parse("2026-01-31")]).count, 2)
    }
}
