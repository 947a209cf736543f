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

extension PerDiemTests {
    /// The BMF's example: report 1 back from Strasbourg on Tuesday morning after the hotel's
    /// breakfast, report 2 off to Copenhagen that afternoon (2024: FR 53 / 36, DK 75 / 50).
    func strasbourgThenCopenhagen() throws -> (strasbourg: PerDiem, copenhagen: PerDiem) {
        let table = try bmf2024()
        let strasbourg = try trip("2024-03-04T08:00", "2024-03-05T09:00", "FR", meals: ["2024-03-05": "breakfast"])
        let copenhagen = try trip("2024-03-05T14:00", "2024-03-07T18:00", "DK")
        return (try PerDiem.compute(strasbourg, rates: table), try PerDiem.compute(copenhagen, rates: table))
    }

    /// `perDiem`'s days as another report's, for `sharing`.
    func shared(_ perDiem: PerDiem, report: Int64, frozen: Bool) -> [SharedTripDay] {
        perDiem.days.map { SharedTripDay(report: report, frozen: frozen, day: $0) }
    }

    func testTwoTripsOnOneDayPayOnlyTheHigherAllowanceCutByTheDaysMeals() throws {
        // Alone, Tuesday pays 36.00 − 20 % of 53.00 (10.60) = 25.40 in report 1 and 50.00 in
        // report 2: 75.40. Together only the higher, Copenhagen's 50.00, cut by the day's
        // breakfast at 20 % of Denmark's 75.00: 50.00 − 15.00 = 35.00, carried by report 2 (the
        // higher rate); report 1's Tuesday pays nothing.
        let (strasbourg, copenhagen) = try strasbourgThenCopenhagen()
        XCTAssertEqual(strasbourg.days[1].amount.decimalString, "25.40")
        XCTAssertEqual(copenhagen.days[0].amount.decimalString, "50.00")
        let second = try PerDiem.sharing(copenhagen, report: 2, with: shared(strasbourg, report: 1, frozen: false))
        XCTAssertEqual(second.days.map(\.amount.decimalString), ["35.00", "75.00", "50.00"])
        XCTAssertEqual(second.days[0].share, PerDiem.Share(report: 1, combined: try money("35.00"), elsewhere: try money("0.00")))
        XCTAssertEqual(second.days[0].rate.decimalString, "50.00", "its own rate and deductions stay")
        XCTAssertEqual(second.days[0].deductions.decimalString, "0.00")
        XCTAssertNil(second.days[1].share)
        let first = try PerDiem.sharing(strasbourg, report: 1, with: shared(copenhagen, report: 2, frozen: false))
        XCTAssertEqual(first.days.map(\.amount.decimalString), ["36.00", "0.00"])
        XCTAssertEqual(first.days[1].share, PerDiem.Share(report: 2, combined: try money("35.00"), elsewhere: try money("0.00")))
        // 36.00 + 0 + 35.00 + 75.00 + 50.00 = 196.00, not 236.40.
        XCTAssertEqual(first.total, try money("36.00"))
        XCTAssertEqual(second.total, try money("160.00"))
    }

    func testADayAReportFrozenBeforePaidIsToppedUpToTheHigherAllowance() throws {
        // Report 1 was submitted with Tuesday's 25.40: report 2 adds 35.00 − 25.40 = 9.60.
        let (strasbourg, copenhagen) = try strasbourgThenCopenhagen()
        let second = try PerDiem.sharing(copenhagen, report: 2, with: shared(strasbourg, report: 1, frozen: true))
        XCTAssertEqual(second.days[0].amount.decimalString, "9.60")
        XCTAssertEqual(second.days[0].share, PerDiem.Share(report: 1, combined: try money("35.00"), elsewhere: try money("25.40")))
    }

    func testEqualRatesLeaveTheDayToTheLowerReportAndPaidMealsTakeTheHighest() throws {
        // Two domestic trips touching Tuesday, both partial 14.00: report 3 carries it (lower id
        // than 5). Lunch provided in report 5 with 2.00 paid, in report 3 with 5.00 paid: one
        // lunch, cut 11.20 − 5.00 = 6.20: 14.00 − 6.20 = 7.80.
        var morning = try trip("2026-03-02T08:00", "2026-03-03T10:00", meals: ["2026-03-03": "lunch"])
        try morning.setPaid(MealsPaid(lunch: 500), on: try date("2026-03-03"))
        var afternoon = try trip("2026-03-03T15:00", "2026-03-04T18:00", meals: ["2026-03-03": "lunch"])
        try afternoon.setPaid(MealsPaid(lunch: 200), on: try date("2026-03-03"))
        let (three, five) = (try PerDiem.compute(morning, rates: .shipped), try PerDiem.compute(afternoon, rates: .shipped))
        let threeShared = try PerDiem.sharing(three, report: 3, with: shared(five, report: 5, frozen: false))
        let fiveShared = try PerDiem.sharing(five, report: 5, with: shared(three, report: 3, frozen: false))
        XCTAssertEqual(threeShared.days[1].amount.decimalString, "7.80")
        XCTAssertEqual(fiveShared.days[0].amount.decimalString, "0.00")
        XCTAssertEqual(fiveShared.days[0].share?.report, 3)
        XCTAssertEqual(threeShared.days[1].share?.report, 5)
    }

    func testDaysInAnotherCurrencyAreNotWeighedTogether() throws {
        // Test rates in Swiss francs for the other report: its day is not combined with a euro day.
        let table = AllowanceRateTable([
            try rate("DE", "2020-01-01", "28.00", "14.00"), try rate("CH", "2025-01-01", "64.00", "43.00", "CHF"),
        ])
        let home = try PerDiem.compute(try trip("2026-03-02T08:00", "2026-03-03T10:00"), rates: table)
        let swiss = try PerDiem.compute(try trip("2026-03-03T15:00", "2026-03-04T18:00", "CH"), rates: table)
        XCTAssertEqual(try PerDiem.sharing(home, report: 1, with: shared(swiss, report: 2, frozen: false)), home)
    }
}
