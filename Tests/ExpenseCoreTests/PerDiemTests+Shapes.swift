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
