import Foundation
import XCTest

@testable import ExpenseCore
@testable import ExpenseSupport

/// Rates derived from the ECB's "1 EUR = x CUR" quotations: inverses (USD→EUR is 1/1.0823) and
/// cross rates (USD→CHF is 0.9612/1.0823), kept exact and rounded once, half-even.
final class ExchangeRateQuotientTests: XCTestCase {
    private func rate(_ text: String) -> ExchangeRate { (try? ExchangeRate.parse(text)) ?? .one }
    private func currency(_ code: String) -> Currency { CurrencyTable.standard.currency(code)! }

    func testQuotientsParseAndPrintAsTheyAreStored() throws {
        let usdToEUR = ExchangeRate.quotient(.one, rate("1.0823"))
        XCTAssertEqual(usdToEUR.description, "1/1.0823")
        XCTAssertTrue(usdToEUR.isQuotient)
        XCTAssertEqual(try ExchangeRate.parse("1/1.0823"), usdToEUR)
        XCTAssertEqual(try ExchangeRate.parse(" 0.9612 / 1.0823 ").description, "0.9612/1.0823")
        XCTAssertEqual(rate("1.0823").inverse.description, "1/1.0823")
        XCTAssertEqual(usdToEUR.inverse.description, "1.0823")
        XCTAssertEqual(rate("0.9612/1.0823").inverse.description, "1.0823/0.9612")
        XCTAssertFalse(rate("1.0412").isQuotient)
        XCTAssertEqual(ExchangeRate.quotient(rate("1.5"), .one).description, "1.5", "a divisor of 1 is no quotient")
        for bad in ["1/", "/2", "1/0", "0/1", "1/2/3", "a/b", "1/-2"] {
            XCTAssertThrowsError(try ExchangeRate.parse(bad), bad)
        }
    }

    func testEqualValuesAreEqualWhateverTheSpelling() {
        XCTAssertEqual(rate("1/2"), rate("0.5"))
        XCTAssertEqual(rate("2/4"), rate("0.5"))
        XCTAssertEqual(rate("1.0823/1.0823"), .one)
        XCTAssertEqual(Set([rate("1/2"), rate("0.50"), rate("3/6")]).count, 1, "equal rates hash alike")
        XCTAssertNotEqual(rate("1/3"), rate("0.3333333333"))
    }

    func testInverseConversionsRoundOnceHalfEven() throws {
        let usd = Money(minorUnits: 10_000, currency: currency("USD"))
        // 100 USD / 1.0823 = 92.3958... EUR
        XCTAssertEqual(try rate("1/1.0823").convert(usd, to: currency("EUR")).minorUnits, 9240)
        // Rounding the rate first (0.9240) would give the same here but not in general:
        // 12,345.67 USD / 1.0823 = 11,406.88... ; at 0.924 it would be 11,407.40.
        XCTAssertEqual(
            try rate("1/1.0823").convert(Money(minorUnits: 1_234_567, currency: currency("USD")), to: currency("EUR")).minorUnits,
            1_140_688)
        // Exactly half a cent: 0.05 / 2 = 0.025 -> 0.02; 0.07 / 2 = 0.035 -> 0.04.
        XCTAssertEqual(try rate("1/2").convert(Money(minorUnits: 5, currency: currency("EUR")), to: currency("USD")).minorUnits, 2)
        XCTAssertEqual(try rate("1/2").convert(Money(minorUnits: 7, currency: currency("EUR")), to: currency("USD")).minorUnits, 4)
        XCTAssertEqual(try rate("1/2").convert(Money(minorUnits: -7, currency: currency("EUR")), to: currency("USD")).minorUnits, -4)
    }

    func testCrossRatesBetweenCurrenciesOfDifferentDigits() throws {
        // 1 USD = 160.86/1.0823 JPY: 12.34 USD = 1834.06... -> 1834 JPY
        XCTAssertEqual(
            try rate("160.86/1.0823").convert(Money(minorUnits: 1234, currency: currency("USD")), to: currency("JPY")),
            Money(minorUnits: 1834, currency: currency("JPY")))
        // and back: 1834 JPY × 1.0823/160.86 = 12.3396... -> 12.34 USD
        XCTAssertEqual(
            try rate("1.0823/160.86").convert(Money(minorUnits: 1834, currency: currency("JPY")), to: currency("USD")).minorUnits,
            1234)
        // 10 CHF into BHD at 0.4105/0.9612 = 4.27070... BHD
        XCTAssertEqual(
            try rate("0.4105/0.9612").convert(Money(minorUnits: 1000, currency: currency("CHF")), to: currency("BHD")).minorUnits,
            4271)
    }

    func testMatchesFoundationDecimalOnManyQuotients() throws {
        var generator = SystemRandomNumberGenerator()
        let pairs = [("USD", "EUR"), ("USD", "JPY"), ("JPY", "CHF"), ("EUR", "BHD"), ("BHD", "JPY")]
        for (from, to) in pairs {
            for _ in 0..<300 {
                let minor = Int64.random(in: -50_000_000...50_000_000, using: &generator)
                let dividend = ExchangeRate(
                    significand: Int64.random(in: 1...9_999_999, using: &generator), scale: Int.random(in: 0...6, using: &generator))
                let divisor = ExchangeRate(
                    significand: Int64.random(in: 1...9_999_999, using: &generator), scale: Int.random(in: 0...6, using: &generator))
                let quotient = ExchangeRate.quotient(dividend, divisor)
                // Exact: minor × a × 10^(to digits) / (b × 10^(from digits)), compared by cross-multiplication
                // so that no decimal division rounds: |converted - exact| <= 1/2, ties to even.
                let numerator = Decimal(minor) * Decimal(dividend.significand) * pow(Decimal(10), divisor.scale + currency(to).minorDigits)
                let denominator = Decimal(divisor.significand) * pow(Decimal(10), dividend.scale + currency(from).minorDigits)
                if abs(numerator) >= Decimal(Money.maximumMinorUnits) * denominator {
                    // Beyond what an amount may be: refused, never wrapped around.
                    XCTAssertThrowsError(try quotient.convert(Money(minorUnits: minor, currency: currency(from)), to: currency(to)))
                    continue
                }
                let converted = try quotient.convert(Money(minorUnits: minor, currency: currency(from)), to: currency(to))
                let difference = Decimal(converted.minorUnits) * denominator - numerator
                let twice = difference * 2
                XCTAssertLessThanOrEqual(abs(twice), denominator, "\(minor) \(from) at \(quotient)")
                if abs(twice) == denominator {
                    XCTAssertEqual(converted.minorUnits % 2, 0, "a tie rounds to even: \(minor) \(from) at \(quotient)")
                }
            }
        }
    }

    func testDecimalStringsForPeople() {
        XCTAssertEqual(rate("1/1.0823").decimalString(decimals: 6), "0.923958")
        XCTAssertEqual(rate("0.9612/1.0823").decimalString(decimals: 4), "0.8881")
        XCTAssertEqual(rate("150.1").decimalString(decimals: 2), "150.10")
        XCTAssertEqual(rate("1/3").decimalString(decimals: 0), "0")
        XCTAssertEqual(rate("1/150.1").decimalString(decimals: 6), "0.006662")
    }
}
