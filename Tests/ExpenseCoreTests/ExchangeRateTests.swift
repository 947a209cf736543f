import ExpenseTestSupport
import Foundation
import XCTest

@testable import ExpenseCore
@testable import ExpenseSupport

final class ExchangeRateTests: XCTestCase {
    private func money(_ text: String, _ code: String) throws -> Money {
        try Money.parse(text, currency: try currency(code))
    }

    private func convert(_ text: String, _ from: String, at rate: String, to target: String) throws -> Money {
        try ExchangeRate.parse(rate).convert(try money(text, from), to: try currency(target))
    }

    // MARK: - Parsing

    func testParsesAnExactDecimal() throws {
        let rate = try ExchangeRate.parse("1.0412")
        XCTAssertEqual(rate.significand, 10412)
        XCTAssertEqual(rate.scale, 4)
        XCTAssertEqual(rate.description, "1.0412")
    }

    func testNormalisesTrailingZerosSoEqualRatesAreEqual() throws {
        let rate = try ExchangeRate.parse("1.50")
        XCTAssertEqual(rate.significand, 15)
        XCTAssertEqual(rate.scale, 1)
        XCTAssertEqual(rate, try ExchangeRate.parse("1.5"))
        XCTAssertEqual(try ExchangeRate.parse("1.000"), .one)
        XCTAssertEqual(try ExchangeRate.parse("100"), ExchangeRate(significand: 100, scale: 0))
        XCTAssertEqual(ExchangeRate(significand: 25000, scale: 3).description, "25")
    }

    func testParsesWholeNumbersSmallFractionsAndSpaces() throws {
        XCTAssertEqual(try ExchangeRate.parse("162").description, "162")
        XCTAssertEqual(try ExchangeRate.parse(" 0.9231 ").description, "0.9231")
        let tiny = try ExchangeRate.parse("0.000000000001")
        XCTAssertEqual(tiny.significand, 1)
        XCTAssertEqual(tiny.scale, 12)
        XCTAssertEqual(tiny.description, "0.000000000001")
        XCTAssertEqual(try ExchangeRate.parse("123456789012345678").significand, 123_456_789_012_345_678)
    }

    func testRejectsZeroNegativeAndGarbage() throws {
        for text in [
            "0", "0.0", "0.000000", "00", "-1", "-1.2", "+1.2", "", " ", ".", "1.", ".5", "abc", "1.2.3",
            "1,5", "1,000", "1e3", "1.2e-3", "0x1F", "1 .2", "∞", "NaN", "１.５",
            "1.0000000000001", "1234567890123456789", "99999999999999999999999",
        ] {
            assertExpenseError(
                try ExchangeRate.parse(text), kind: .invalidData, messageContains: "invalid exchange rate",
                hintContains: "positive decimal")
        }
    }

    // MARK: - Conversion

    func testConvertsExactly() throws {
        XCTAssertEqual(
            try convert("38.50", "CHF", at: "1.0412", to: "EUR"),
            Money(minorUnits: 4009, currency: try currency("EUR")))  // 40.0862 -> 40.09
        XCTAssertEqual(try convert("100", "USD", at: "0.9231", to: "EUR").minorUnits, 9231)
        XCTAssertEqual(try convert("12.34", "EUR", at: "1", to: "EUR").minorUnits, 1234)
    }

    func testRoundsHalfToEvenWhereHalfUpWouldDiffer() throws {
        // 0.05 * 0.5 = 0.025 -> 0.02 (half-up: 0.03)
        XCTAssertEqual(try convert("0.05", "EUR", at: "0.5", to: "USD").minorUnits, 2)
        // 0.01 * 0.5 = 0.005 -> 0.00 (half-up: 0.01)
        XCTAssertEqual(try convert("0.01", "EUR", at: "0.5", to: "USD").minorUnits, 0)
        // 2.25 * 1.1 = 2.475 -> 2.48: an odd last digit rounds up
        XCTAssertEqual(try convert("2.25", "EUR", at: "1.1", to: "USD").minorUnits, 248)
        // 0.03 * 0.5 = 0.015 -> 0.02
        XCTAssertEqual(try convert("0.03", "EUR", at: "0.5", to: "USD").minorUnits, 2)
        // 1.00 * 1.005 = 1.005 -> 1.00 (half-up: 1.01); 1.00 * 1.015 = 1.015 -> 1.02
        XCTAssertEqual(try convert("1.00", "EUR", at: "1.005", to: "USD").minorUnits, 100)
        XCTAssertEqual(try convert("1.00", "EUR", at: "1.015", to: "USD").minorUnits, 102)
        // just above a half always rounds up, just below always down
        XCTAssertEqual(try convert("1.00", "EUR", at: "1.0050001", to: "USD").minorUnits, 101)
        XCTAssertEqual(try convert("1.00", "EUR", at: "1.0049999", to: "USD").minorUnits, 100)
    }

    func testRoundsNegativeAmountsSymmetrically() throws {
        // A refund converts to the exact negative of the payment.
        XCTAssertEqual(try convert("-0.05", "EUR", at: "0.5", to: "USD").minorUnits, -2)
        XCTAssertEqual(try convert("-0.03", "EUR", at: "0.5", to: "USD").minorUnits, -2)
        XCTAssertEqual(try convert("-38.50", "CHF", at: "1.0412", to: "EUR").minorUnits, -4009)
        XCTAssertEqual(try convert("-1.00", "EUR", at: "1.005", to: "USD").minorUnits, -100)
        XCTAssertEqual(try convert("-1.00", "EUR", at: "1.015", to: "USD").minorUnits, -102)
        XCTAssertEqual(try convert("-1.00", "EUR", at: "1.0050001", to: "USD").minorUnits, -101)
    }

    func testConvertsFromACurrencyWithoutDecimals() throws {
        // 1000 JPY at 0.0061 = 6.10 EUR
        XCTAssertEqual(
            try convert("1000", "JPY", at: "0.0061", to: "EUR"),
            Money(minorUnits: 610, currency: try currency("EUR")))
        // 1 JPY at 0.005 = 0.005 EUR -> 0.00; 5 JPY -> 0.025 -> 0.02; 3 JPY -> 0.015 -> 0.02
        XCTAssertEqual(try convert("1", "JPY", at: "0.005", to: "EUR").minorUnits, 0)
        XCTAssertEqual(try convert("5", "JPY", at: "0.005", to: "EUR").minorUnits, 2)
        XCTAssertEqual(try convert("3", "JPY", at: "0.005", to: "EUR").minorUnits, 2)
    }

    func testConvertsIntoACurrencyWithoutDecimals() throws {
        // 12.34 EUR at 162.5 = 2005.25 JPY -> 2005
        XCTAssertEqual(
            try convert("12.34", "EUR", at: "162.5", to: "JPY"),
            Money(minorUnits: 2005, currency: try currency("JPY")))
        // 0.01 EUR at 250 = 2.5 JPY -> 2 (half-up: 3); at 150 = 1.5 -> 2
        XCTAssertEqual(try convert("0.01", "EUR", at: "250", to: "JPY").minorUnits, 2)
        XCTAssertEqual(try convert("0.01", "EUR", at: "150", to: "JPY").minorUnits, 2)
    }

    func testConvertsIntoACurrencyWithThreeDecimals() throws {
        // 10.00 EUR at 0.4105 = 4.105 BHD, exact to the fils
        XCTAssertEqual(
            try convert("10.00", "EUR", at: "0.4105", to: "BHD"),
            Money(minorUnits: 4105, currency: try currency("BHD")))
        // 1.00 EUR at 0.4005 = 0.4005 BHD -> 0.400 (half-up: 0.401); at 0.4015 -> 0.402
        XCTAssertEqual(try convert("1.00", "EUR", at: "0.4005", to: "BHD").minorUnits, 400)
        XCTAssertEqual(try convert("1.00", "EUR", at: "0.4015", to: "BHD").minorUnits, 402)
        // 1.000 BHD at 2.4361 = 2.4361 EUR -> 2.44
        XCTAssertEqual(try convert("1.000", "BHD", at: "2.4361", to: "EUR").minorUnits, 244)
        // 1.000 KWD at 3.25 = 3.25 -> 3.250 BHD: more target digits add zeros, no rounding
        XCTAssertEqual(try convert("1", "KWD", at: "3.25", to: "BHD").minorUnits, 3250)
    }

    func testMatchesFoundationDecimalBankersRoundingOnManyInputs() throws {
        var generator = SeededGenerator(seed: 7)
        var checked = 0
        let pairs = [("EUR", "USD"), ("JPY", "EUR"), ("EUR", "JPY"), ("EUR", "BHD"), ("BHD", "JPY"), ("CLF", "EUR")]
        for (from, to) in pairs {
            let source = try currency(from)
            let target = try currency(to)
            for _ in 0..<400 {
                let minor =
                    Int64.random(in: -5_000_000_000...5_000_000_000, using: &generator)
                    / [1, 1000, 1_000_000].randomElement(using: &generator)!
                let rate = ExchangeRate(
                    significand: Int64.random(in: 1...9_999_999, using: &generator),
                    scale: Int.random(in: 0...7, using: &generator))
                var exact =
                    Decimal(minor) * Decimal(string: rate.description)!
                    * pow(Decimal(10), target.minorDigits) / pow(Decimal(10), source.minorDigits)
                var rounded = Decimal()
                NSDecimalRound(&rounded, &exact, 0, .bankers)
                let amount = Money(minorUnits: minor, currency: source)
                if abs(rounded) >= Decimal(Self.largestMinorUnits + 1) {
                    assertExpenseError(try rate.convert(amount, to: target), kind: .invalidData, messageContains: "does not fit")
                    continue
                }
                let converted = try rate.convert(amount, to: target)
                XCTAssertEqual(Decimal(converted.minorUnits), rounded, "\(minor) minor \(from) at \(rate) to \(to)")
                XCTAssertEqual(converted.currency, target)
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 2000)
    }

    /// What convert accepts as a result: under 10^15 minor units.
    private static let largestMinorUnits: Int64 = 999_999_999_999_999

    func testRefusesAResultThatDoesNotFit() throws {
        let eur = try currency("EUR")
        let largest = Money(minorUnits: Self.largestMinorUnits, currency: eur)
        XCTAssertEqual(try ExchangeRate.one.convert(largest, to: eur), largest)
        assertExpenseError(
            try ExchangeRate.parse("1.000000000001").convert(largest, to: eur), kind: .invalidData,
            messageContains: "does not fit in EUR")
        assertExpenseError(
            try ExchangeRate.one.convert(largest, to: try currency("BHD")), kind: .invalidData,
            messageContains: "does not fit in BHD")
        XCTAssertEqual(try ExchangeRate.one.convert(largest, to: try currency("JPY")).minorUnits, 10_000_000_000_000)
        let negative = Money(minorUnits: -Self.largestMinorUnits, currency: eur)
        XCTAssertEqual(try ExchangeRate.one.convert(negative, to: eur), negative)
        assertExpenseError(try ExchangeRate.parse("2").convert(negative, to: eur), kind: .invalidData)
    }

    func testAHugeAmountAtAHugeRateIsAnErrorNotACrash() throws {
        let amount = Money(minorUnits: Money.maximumMinorUnits, currency: try currency("BHD"))
        assertExpenseError(
            try ExchangeRate.parse("999999999999999999").convert(amount, to: try currency("CLF")),
            kind: .invalidData, messageContains: "does not fit")
        let beyond = Money(minorUnits: .max, currency: try currency("EUR"))
        assertExpenseError(
            try ExchangeRate.parse("999999999999999999").convert(beyond, to: try currency("CLF")),
            kind: .invalidData, messageContains: "too large")
    }
}
