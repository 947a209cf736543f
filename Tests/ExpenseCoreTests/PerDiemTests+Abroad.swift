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

    func testAPlaceTheTableNamesTakesItsOwnRowAndAnyOtherTheCountrys() throws {
        // Paris has its own row in 2024 (58 / 39), France's is 53 / 36. Three days in Paris:
        // 39 + 58 + 39 = 136.00; three days in Lyon, which the table does not name: 36 + 53 + 36 =
        // 125.00. A breakfast in Paris takes 20 % of Paris's full day: 58 × 0.2 = 11.60.
        var table = try bmf2024()
        table.insert(try rate("FR", "2024-01-01", "58.00", "39.00", place: "Paris", lodging: "159.00"))
        let paris = try PerDiem.compute(try trip("2024-03-04T08:00", "2024-03-06T19:00", "FR Paris"), rates: table)
        XCTAssertEqual(paris.total, try money("136.00"))
        XCTAssertEqual(paris.days.map(\.basis), [.place, .place, .place])
        XCTAssertEqual(paris.days.map(\.place), ["Paris", "Paris", "Paris"])
        let lyon = try PerDiem.compute(try trip("2024-03-04T08:00", "2024-03-06T19:00", "FR Lyon"), rates: table)
        XCTAssertEqual(lyon.total, try money("125.00"))
        XCTAssertEqual(lyon.days.map(\.basis), [.country, .country, .country])
        XCTAssertEqual(lyon.days.map(\.place), ["Lyon", "Lyon", "Lyon"])
        let breakfast = try PerDiem.compute(
            try trip("2024-03-04T08:00", "2024-03-05T19:00", "FR Paris", meals: ["2024-03-05": "breakfast"]), rates: table)
        XCTAssertEqual(
            lines(breakfast),
            ["2024-03-04 FR partial 39.00 -0.00 = 39.00", "2024-03-05 FR partial 39.00 -11.60 = 27.40", "total 66.40 EUR"])
    }

    func testACountryTheTableDoesNotListTakesLuxembourgsRate() throws {
        // The BMF's 2024 table does not list the Bahamas: Luxembourg's 63 / 42 apply, two days
        // 42 + 42 = 84.00; the days stay the Bahamas', their row is Luxembourg's.
        let perDiem = try PerDiem.compute(try trip("2024-03-04T08:00", "2024-03-05T19:00", "BS"), rates: try bmf2024())
        XCTAssertEqual(
            lines(perDiem), ["2024-03-04 BS partial 42.00 -0.00 = 42.00", "2024-03-05 BS partial 42.00 -0.00 = 42.00", "total 84.00 EUR"])
        XCTAssertEqual(perDiem.days.map(\.basis), [.luxembourg, .luxembourg])
        XCTAssertEqual(perDiem.days.map(\.table.country), [.luxembourg, .luxembourg])
    }

    func testACountryWithRowsButNoneInForceIsAnErrorNotLuxembourgs() throws {
        // A table that names Paris but has no row of France's own: Lyon has no rate (Luxembourg's
        // is only for a country the table does not list at all); so has Germany before 2020.
        let table = AllowanceRateTable([
            try rate("LU", "2024-01-01", "63.00", "42.00"), try rate("FR", "2024-01-01", "58.00", "39.00", place: "Paris"),
        ])
        assertExpenseError(
            try PerDiem.compute(try trip("2024-03-04T08:00", "2024-03-05T19:00", "FR Lyon"), rates: table), kind: .invalidData,
            code: .noAllowanceRate(country: "FR", on: "2024-03-04"))
        assertExpenseError(
            try PerDiem.compute(try trip("2024-03-04T08:00", "2024-03-05T19:00", "DE"), rates: table), kind: .invalidData,
            code: .noAllowanceRate(country: "DE", on: "2024-03-04"))
        XCTAssertEqual(try table.resolve(try country("FR"), place: "Paris", on: try date("2024-03-04")).basis, .place)
        XCTAssertEqual(try table.resolve(try country("BS"), place: nil, on: try date("2024-03-04")).basis, .luxembourg)
    }

    func testANightPaidAtTheLodgingFlatAddsTheDaysRowsFlat() throws {
        // Paris 2024, the night of Monday at a friend's (no hotel bill): Paris's lodging flat 159.00
        // on Monday, beside its per diem. 39 + 58 + 39 + 159 = 295.00. At home the night of a
        // domestic trip is R 9.7 Abs. 3 LStR's 20.00. Meals do not cut the flat: breakfast on
        // Tuesday takes 11.60 off the day's 58.00 only.
        var table = try bmf2024()
        table.insert(try rate("FR", "2024-01-01", "58.00", "39.00", place: "Paris", lodging: "159.00"))
        table.insert(try rate("DE", "2020-01-01", "28.00", "14.00", lodging: "20.00"))
        var paris = try trip("2024-03-04T08:00", "2024-03-06T19:00", "FR Paris", meals: ["2024-03-05": "breakfast"])
        try paris.setLodgingNight(true, on: try date("2024-03-04"))
        let perDiem = try PerDiem.compute(paris, rates: table)
        XCTAssertEqual(perDiem.days.map(\.lodging.decimalString), ["159.00", "0.00", "0.00"])
        XCTAssertEqual(perDiem.days.map(\.amount.decimalString), ["39.00", "46.40", "39.00"])
        XCTAssertEqual(perDiem.total, try money("283.40"))  // 39 + 46.40 + 39 + 159
        var home = try trip("2024-03-04T08:00", "2024-03-05T19:00")
        try home.setLodgingNight(true, on: try date("2024-03-04"))
        XCTAssertEqual(try PerDiem.compute(home, rates: table).total, try money("48.00"))  // 14 + 14 + 20

        // Denmark's row here gives no flat: the night is an error naming the country and day.
        var copenhagen = try trip("2024-03-04T08:00", "2024-03-05T19:00", "DK")
        try copenhagen.setLodgingNight(true, on: try date("2024-03-04"))
        let error = assertExpenseError(
            try PerDiem.compute(copenhagen, rates: table), kind: .invalidData, code: .noLodgingFlat(country: "DK", on: "2024-03-04"))
        XCTAssertEqual(error?.message, "no lodging flat for DK on 2024-03-04")
    }

    func testOnlyATripsNightsMayBePaidAtTheFlat() throws {
        // The last day begins no night of the trip; a trip without a night away has none.
        var trip = try trip("2024-03-04T08:00", "2024-03-05T19:00")
        assertExpenseError(
            try trip.setLodgingNight(true, on: try date("2024-03-05")), kind: .invalidData, messageContains: "is not a night of the trip")
        var shift = try TripSchedule(
            departure: try time("2024-03-04T17:00"), return: try time("2024-03-05T03:00"), destination: try place("DE"),
            overnight: false)
        assertExpenseError(
            try shift.setLodgingNight(true, on: try date("2024-03-04")), kind: .invalidData, messageContains: "no night away")
        try trip.setLodgingNight(true, on: try date("2024-03-04"))
        try trip.setLodgingNight(false, on: try date("2024-03-04"))
        XCTAssertEqual(trip.lodgingNights, [])
    }
}
