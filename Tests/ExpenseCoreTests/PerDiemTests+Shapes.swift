import ExpenseTestSupport
import XCTest

@testable import ExpenseCore
@testable import ExpenseSupport

/// The shapes of trip the German computation got wrong (issue 44), each worked from the law's
/// wording or the BMF's example: a meal paid for, time at one's own office, a trip over midnight
/// without a night away, and two trips on one day.
extension PerDiemTests {
    func testWhatThePersonPaidForAProvidedMealLowersItsCut() throws {
        // § 9 Abs. 4a Satz 10 EStG: lunch provided on a domestic full day, 5.00 paid for it: the
        // cut is 40 % of 28.00 = 11.20 less 5.00 = 6.20, the day 28.00 − 6.20 = 21.80.
        var schedule = try trip("2026-03-02T08:00", "2026-03-04T17:00", meals: ["2026-03-03": "lunch"])
        try schedule.setPaid(MealsPaid(lunch: 500), on: try date("2026-03-03"))
        let perDiem = try PerDiem.compute(schedule, rates: .shipped)
        XCTAssertEqual(
            lines(perDiem),
            [
                "2026-03-02 DE partial 14.00 -0.00 = 14.00",
                "2026-03-03 DE full 28.00 -6.20 = 21.80",
                "2026-03-04 DE partial 14.00 -0.00 = 14.00",
                "total 49.80 EUR",
            ])
        XCTAssertEqual(perDiem.days[1].paid, MealsPaid(lunch: 500))
    }

    func testAPaymentCutsOnlyItsOwnMealAndNeverBelowZero() throws {
        // Breakfast and lunch provided, 15.00 paid for lunch: lunch's cut max(0, 11.20 − 15.00) =
        // 0, breakfast's 5.60 stays: 28.00 − 5.60 = 22.40. 3.00 paid for a dinner not provided
        // changes nothing.
        var schedule = try trip("2026-03-02T08:00", "2026-03-04T17:00", meals: ["2026-03-03": "breakfast,lunch"])
        try schedule.setPaid(MealsPaid(lunch: 1500, dinner: 300), on: try date("2026-03-03"))
        XCTAssertEqual(
            lines(try PerDiem.compute(schedule, rates: .shipped))[1], "2026-03-03 DE full 28.00 -5.60 = 22.40")
        // One rounding: 20 % of 39.99 is 7.998, less 1.00 paid 6.998: 7.00.
        XCTAssertEqual(
            PerDiem.deduction(.breakfast, paid: MealsPaid(breakfast: 100), of: try money("39.99")), try money("7.00"))
    }

    func testWhatWasPaidReadsMealsAndAmounts() throws {
        let euro = try currency("EUR")
        XCTAssertEqual(try MealsPaid.parse("lunch=5.00, Dinner=3", currency: euro), MealsPaid(lunch: 500, dinner: 300))
        XCTAssertEqual(try MealsPaid.parse("none", currency: euro), MealsPaid())
        assertExpenseError(
            try MealsPaid.parse("lunsh=5", currency: euro), kind: .invalidData, messageContains: "invalid meal 'lunsh'",
            hintContains: "did you mean 'lunch'?")
        assertExpenseError(try MealsPaid.parse("lunch", currency: euro), kind: .invalidData, messageContains: "no amount for lunch")
        assertExpenseError(try MealsPaid.parse("lunch=1,lunch=2", currency: euro), kind: .invalidData, messageContains: "given twice")
        assertExpenseError(try MealsPaid.parse("lunch=-1", currency: euro), kind: .invalidData, messageContains: "negative")
        assertExpenseError(try MealsPaid.parse("lunch=1.234", currency: euro), kind: .invalidData, messageContains: "2 decimals")
    }
}

extension PerDiemTests {
    /// A trip without a night away from `from` to `to`.
    func shift(_ from: String, _ to: String, office: [(String, String)] = []) throws -> TripSchedule {
        var schedule = try TripSchedule(departure: try time(from), return: try time(to), destination: try place("DE"), overnight: false)
        for (start, end) in office { try schedule.addOffice(try OfficeTime(from: try time(start), to: try time(end))) }
        return schedule
    }

    func testANightShiftOverMidnightEarnsOnePartialRateOnTheDayWithMostHours() throws {
        // § 9 Abs. 4a Satz 3 Nr. 3 EStG: 17:00 to 03:00 at a customer, no night away: 7 hours on
        // the first day, 3 on the second, 10 in all, more than 8: one partial rate, 14.00, on the
        // first day (not 14.00 on each).
        let perDiem = try PerDiem.compute(try shift("2026-03-02T17:00", "2026-03-03T03:00"), rates: .shipped)
        XCTAssertEqual(
            lines(perDiem), ["2026-03-02 DE partial 14.00 -0.00 = 14.00", "2026-03-03 DE none 0.00 -0.00 = 0.00", "total 14.00 EUR"])
        XCTAssertEqual(perDiem.days.map(\.rule), [.overMidnight, .overMidnightOther])
        XCTAssertEqual(perDiem.days.map(\.absenceMinutes), [420, 180])
    }

    func testACourierRunOverMidnightIsPaidOnTheSecondDayWhenMostHoursAreThere() throws {
        // 19:30 to 06:00: 4:30 on the first day, 6:00 on the second, 10:30 in all: 14.00 on the
        // second day.
        let perDiem = try PerDiem.compute(try shift("2026-03-02T19:30", "2026-03-03T06:00"), rates: .shipped)
        XCTAssertEqual(
            lines(perDiem), ["2026-03-02 DE none 0.00 -0.00 = 0.00", "2026-03-03 DE partial 14.00 -0.00 = 14.00", "total 14.00 EUR"])
        XCTAssertEqual(perDiem.days.map(\.rule), [.overMidnightOther, .overMidnight])
        XCTAssertEqual(perDiem.days.map(\.absenceMinutes), [270, 360])
    }

    func testOverMidnightForEightHoursOrLessEarnsNothingAndEqualHoursPayTheFirstDay() throws {
        // 20:00 to 03:00: 4 + 3 = 7 hours, not more than 8: nothing either day.
        let seven = try PerDiem.compute(try shift("2026-03-02T20:00", "2026-03-03T03:00"), rates: .shipped)
        XCTAssertEqual(seven.total, try money("0.00"))
        XCTAssertEqual(seven.days.map(\.rule), [.short, .short])
        // 19:00 to 05:00: 5 + 5 hours: the first day.
        let equal = try PerDiem.compute(try shift("2026-03-02T19:00", "2026-03-03T05:00"), rates: .shipped)
        XCTAssertEqual(equal.days.map(\.kind), [.partial, .none])
    }

    func testTimeAtOnesOwnOfficeInterruptsTheAbsenceOfADayTrip() throws {
        // Out 07:00 to 18:00 with 10:00 to 13:00 at one's own office: 11 − 3 = 8 hours away, not
        // more than 8: nothing (11 hours without the office time: 14.00).
        var day = try trip("2026-03-02T07:00", "2026-03-02T18:00")
        XCTAssertEqual(try PerDiem.compute(day, rates: .shipped).total, try money("14.00"))
        try day.addOffice(try OfficeTime(from: try time("2026-03-02T10:00"), to: try time("2026-03-02T13:00")))
        let perDiem = try PerDiem.compute(day, rates: .shipped)
        XCTAssertEqual(lines(perDiem), ["2026-03-02 DE none 0.00 -0.00 = 0.00", "total 0.00 EUR"])
        XCTAssertEqual(perDiem.days.map(\.absenceMinutes), [480])
        // Overlapping office times count once: 10:00–13:00 and 12:00–13:30 are 3:30, 7:30 away.
        try day.addOffice(try OfficeTime(from: try time("2026-03-02T12:00"), to: try time("2026-03-02T13:30")))
        XCTAssertEqual(try PerDiem.compute(day, rates: .shipped).days.map(\.absenceMinutes), [450])
    }

    func testOfficeTimeCountsOverMidnightButNotOnATripWithNights() throws {
        // The night shift 17:00 to 03:00 with 17:00 to 19:00 at the office: 5 + 3 = 8 hours: nothing.
        let shift = try shift("2026-03-02T17:00", "2026-03-03T03:00", office: [("2026-03-02T17:00", "2026-03-02T19:00")])
        let perDiem = try PerDiem.compute(shift, rates: .shipped)
        XCTAssertEqual(perDiem.total, try money("0.00"))
        XCTAssertEqual(perDiem.days.map(\.absenceMinutes), [300, 180])
        // With a night away the first and last days are partial whatever the hours.
        var away = try trip("2026-03-02T17:00", "2026-03-03T03:00")
        try away.addOffice(try OfficeTime(from: try time("2026-03-02T17:00"), to: try time("2026-03-02T19:00")))
        XCTAssertEqual(try PerDiem.compute(away, rates: .shipped).total, try money("28.00"))
    }

    func testATripWithoutANightEndsTheNextDayAndOfficeTimeLiesInIt() throws {
        assertExpenseError(
            try shift("2026-03-02T17:00", "2026-03-04T03:00"), kind: .invalidData, messageContains: "ends the day after it begins")
        assertExpenseError(
            try shift("2026-03-02T17:00", "2026-03-02T23:00"), kind: .invalidData, messageContains: "ends the day after it begins")
        assertExpenseError(
            try shift("2026-03-02T17:00", "2026-03-03T03:00", office: [("2026-03-02T16:00", "2026-03-02T18:00")]), kind: .invalidData,
            messageContains: "is outside the trip")
        assertExpenseError(
            try OfficeTime(from: try time("2026-03-02T10:00"), to: try time("2026-03-02T10:00")), kind: .invalidData,
            messageContains: "no later than it starts")
    }
}
