import ExpenseCore
import ExpenseTestSupport
import XCTest

@testable import ExpenseSupport

final class ExpenseTests: XCTestCase {
    private let day = CalendarDate(year: 2026, month: 3, day: 2)!

    func testAZeroAmountIsNotAnExpense() throws {
        let zero = Expense(date: day, category: "meals", amount: Money(minorUnits: 0, currency: try currency("JPY")))
        assertExpenseError(try zero.validate(), kind: .invalidData, messageContains: "cannot be 0 JPY")
    }

    func testPaymentsAndRefundsAreValid() throws {
        let eur = try currency("EUR")
        XCTAssertNoThrow(try Expense(date: day, category: "meals", amount: Money(minorUnits: 1, currency: eur)).validate())
        XCTAssertNoThrow(try Expense(date: day, category: "meals", amount: Money(minorUnits: -2500, currency: eur)).validate())
    }

    func testDefaultsOfANewExpense() throws {
        let item = Expense(date: day, category: "taxi", amount: Money(minorUnits: 1200, currency: try currency("EUR")))
        XCTAssertEqual(item.id, 0)
        XCTAssertNil(item.reportID)
        XCTAssertNil(item.conversion)
        XCTAssertEqual(item.paidBy, .personal)
        XCTAssertEqual(item.merchant, "")
    }
}
