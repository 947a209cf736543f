import ExpenseTestSupport
import XCTest

@testable import ExpenseCore
@testable import ExpenseSupport

final class MileageTests: XCTestCase {
    private func eur(_ text: String) throws -> Money { try Money.parse(text, currency: try currency("EUR")) }

    func testTheDefaultRatesAreExact() throws {
        XCTAssertEqual(try Mileage.amount(try Distance.parse("123.4"), ratePerKilometre: Vehicle.car.defaultRate), try eur("37.02"))
        XCTAssertEqual(try Mileage.amount(try Distance.parse("250"), ratePerKilometre: Vehicle.motorcycle.defaultRate), try eur("50.00"))
        XCTAssertEqual(try Mileage.amount(try Distance.parse("0.1"), ratePerKilometre: Vehicle.car.defaultRate), try eur("0.03"))
        XCTAssertEqual(try Mileage.amount(try Distance.parse("100000"), ratePerKilometre: Vehicle.car.defaultRate), try eur("30000.00"))
        XCTAssertEqual(Vehicle.car.defaultRate, try eur("0.30"))
        XCTAssertEqual(Vehicle.motorcycle.defaultRate, try eur("0.20"))
    }

    func testAnotherRateRoundsHalfEvenToTheMinorUnit() throws {
        // 0.1 km at 0.35 is 3.5 cents (0.04); at 0.25 it is 2.5 cents (0.02).
        XCTAssertEqual(try Mileage.amount(try Distance.parse("0.1"), ratePerKilometre: try eur("0.35")), try eur("0.04"))
        XCTAssertEqual(try Mileage.amount(try Distance.parse("0.1"), ratePerKilometre: try eur("0.25")), try eur("0.02"))
        XCTAssertEqual(try Mileage.amount(try Distance.parse("12.3"), ratePerKilometre: try eur("0.38")), try eur("4.67"))
        assertExpenseError(try Mileage.amount(try Distance.parse("1"), ratePerKilometre: try eur("-0.30")), kind: .invalidData)
    }

    func testZeroNegativeAndOddDistancesAreRefused() throws {
        assertExpenseError(try Distance.parse("0"), kind: .invalidData, messageContains: "must be more than zero")
        assertExpenseError(try Distance.parse("0.0"), kind: .invalidData, messageContains: "must be more than zero")
        assertExpenseError(try Distance.parse("-5"), kind: .invalidData, messageContains: "invalid distance -5.0 km")
        assertExpenseError(try Distance.parse("12.34"), kind: .invalidData, messageContains: "at most one decimal")
        assertExpenseError(try Distance.parse("12 km"), kind: .invalidData, hintContains: "kilometres like 123.4")
        assertExpenseError(try Distance.parse("100000.1"), kind: .invalidData, messageContains: "at most 100000 km")
        XCTAssertEqual(try Distance.parse("1,234.5").description, "1234.5")
    }
}
