import ExpenseTestSupport
import XCTest

@testable import ExpenseCore
@testable import ExpenseSupport

/// Worked examples of the rules abroad (§ 9 Abs. 4a Satz 5 EStG and the BMF's letters), with
/// the BMF's 2024 figures (full day / partial day, EUR): BE 59/40, DK 75/50, FR 53/36, GB 52/35,
/// LU 63/42.
extension PerDiemTests {
    /// The BMF's 2024 rows the examples use, and Germany's.
    func bmf2024() throws -> AllowanceRateTable {
        AllowanceRateTable([
            try rate("DE", "2020-01-01", "28.00", "14.00"), try rate("BE", "2024-01-01", "59.00", "40.00"),
            try rate("DK", "2024-01-01", "75.00", "50.00"), try rate("FR", "2024-01-01", "53.00", "36.00"),
            try rate("GB", "2024-01-01", "52.00", "35.00"), try rate("LU", "2024-01-01", "63.00", "42.00"),
        ])
    }

    func testAStopOnTheReturnDayIsTheLastPlaceOfWorkAbroad() throws {
        // Brussels from Monday, on Wednesday to a customer in Luxembourg, then home: Wednesday is
        // paid at Luxembourg's partial rate, 42.00 (not Belgium's 40.00). 40 + 59 + 42 = 141.00.
        let schedule = try trip("2024-03-04T08:00", "2024-03-06T19:00", "BE", stops: ["2024-03-06": "LU"])
        XCTAssertEqual(
            lines(try PerDiem.compute(schedule, rates: try bmf2024())),
            [
                "2024-03-04 BE partial 40.00 -0.00 = 40.00",
                "2024-03-05 BE full 59.00 -0.00 = 59.00",
                "2024-03-06 LU partial 42.00 -0.00 = 42.00",
                "total 141.00 EUR",
            ])
    }

    func testADayIsPaidAtThePlaceReachedLastBeforeMidnight() throws {
        // Paris on Monday; on Tuesday on to Copenhagen, reached before midnight: Tuesday is a
        // Danish full day, 75.00 (not France's 53.00); home on Wednesday from Copenhagen, Denmark's
        // partial rate. 36 + 75 + 50 = 161.00.
        let schedule = try trip("2024-03-04T08:00", "2024-03-06T19:00", "FR", stops: ["2024-03-05": "DK"])
        XCTAssertEqual(
            lines(try PerDiem.compute(schedule, rates: try bmf2024())),
            [
                "2024-03-04 FR partial 36.00 -0.00 = 36.00",
                "2024-03-05 DK full 75.00 -0.00 = 75.00",
                "2024-03-06 DK partial 50.00 -0.00 = 50.00",
                "total 161.00 EUR",
            ])
    }

    func testAOneDayTripAbroadOfMoreThanEightHoursEarnsThatCountrysPartialRate() throws {
        // To London and back, 06:00 to 21:00: 15 hours away, the United Kingdom's partial rate
        // 35.00; 07:00 to 15:00 is 8 hours, not more: nothing.
        let long = try PerDiem.compute(try trip("2024-03-04T06:00", "2024-03-04T21:00", "GB"), rates: try bmf2024())
        XCTAssertEqual(lines(long), ["2024-03-04 GB partial 35.00 -0.00 = 35.00", "total 35.00 EUR"])
        XCTAssertEqual(long.days.map(\.rule), [.oneDay])
        XCTAssertEqual(long.days.map(\.absenceMinutes), [900])
        let short = try PerDiem.compute(try trip("2024-03-04T07:00", "2024-03-04T15:00", "GB"), rates: try bmf2024())
        XCTAssertEqual(lines(short), ["2024-03-04 GB none 0.00 -0.00 = 0.00", "total 0.00 EUR"])
        XCTAssertEqual(short.days.map(\.rule), [.short])
    }

    func testMealsAbroadTakeTheirShareOfThatCountrysFullDayRate() throws {
        // Copenhagen, breakfast at the hotel on Tuesday and Wednesday, the customer's lunch on
        // Tuesday: Tuesday 75.00 − 20 % and 40 % of 75.00 (15.00 + 30.00) = 30.00; Wednesday
        // 50.00 − 15.00 = 35.00. 50 + 30 + 35 = 115.00.
        let schedule = try trip(
            "2024-03-04T08:00", "2024-03-06T19:00", "DK", meals: ["2024-03-05": "breakfast,lunch", "2024-03-06": "breakfast"])
        XCTAssertEqual(
            lines(try PerDiem.compute(schedule, rates: try bmf2024())),
            [
                "2024-03-04 DK partial 50.00 -0.00 = 50.00",
                "2024-03-05 DK full 75.00 -45.00 = 30.00",
                "2024-03-06 DK partial 50.00 -15.00 = 35.00",
                "total 115.00 EUR",
            ])
    }
}
