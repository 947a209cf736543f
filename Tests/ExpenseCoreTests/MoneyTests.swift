import ExpenseTestSupport
import XCTest

@testable import ExpenseCore
@testable import ExpenseSupport

final class MoneyTests: XCTestCase {
    private func minor(_ text: String, _ code: String, file: StaticString = #filePath, line: UInt = #line) throws -> Int64 {
        let money = try Money.parse(text, currency: try currency(code))
        XCTAssertEqual(money.currency.code, code, file: file, line: line)
        return money.minorUnits
    }

    // MARK: - Parsing

    func testParsesPlainAmountsIntoMinorUnits() throws {
        XCTAssertEqual(try minor("12.5", "EUR"), 1250)
        XCTAssertEqual(try minor("12.50", "EUR"), 1250)
        XCTAssertEqual(try minor("12", "EUR"), 1200)
        XCTAssertEqual(try minor("0.01", "EUR"), 1)
        XCTAssertEqual(try minor("0", "EUR"), 0)
        XCTAssertEqual(try minor("412.80", "EUR"), 41280)
        XCTAssertEqual(try minor("007.05", "EUR"), 705)
    }

    func testTrimsSurroundingWhitespace() throws {
        XCTAssertEqual(try minor("  38.50\t", "CHF"), 3850)
        XCTAssertEqual(try minor("\n1,000\n", "EUR"), 100_000)
    }

    func testAcceptsWellFormedThousandsGroups() throws {
        XCTAssertEqual(try minor("1,234.56", "EUR"), 123_456)
        XCTAssertEqual(try minor("1,234", "EUR"), 123_400)
        XCTAssertEqual(try minor("12,345,678.9", "EUR"), 1_234_567_890)
        XCTAssertEqual(try minor("999,999", "EUR"), 99_999_900)
        XCTAssertEqual(try minor("1,234,567", "JPY"), 1_234_567)
    }

    func testRejectsMalformedThousandsGroups() throws {
        let eur = try currency("EUR")
        for text in ["1,23", "1,2345", "1,23.45", ",123", "1,", "1,,234", "1234,567", "12,34,567", "1,234,56", "1 234"] {
            assertExpenseError(try Money.parse(text, currency: eur), kind: .invalidData, messageContains: "'\(text)'")
        }
    }

    func testRejectsMoreDecimalsThanTheCurrencyHasInsteadOfRounding() throws {
        let error = assertExpenseError(
            try Money.parse("12.345", currency: try currency("EUR")), kind: .invalidData,
            messageContains: "EUR has 2 decimals", hintContains: "round it to 2 decimals")
        XCTAssertEqual(error?.message, "invalid amount '12.345': EUR has 2 decimals")
        assertExpenseError(
            try Money.parse("12.5", currency: try currency("JPY")), kind: .invalidData,
            messageContains: "JPY has 0 decimals")
        assertExpenseError(
            try Money.parse("1.2345", currency: try currency("BHD")), kind: .invalidData,
            messageContains: "BHD has 3 decimals")
        assertExpenseError(
            try Money.parse("1,234.567", currency: try currency("EUR")), kind: .invalidData,
            messageContains: "EUR has 2 decimals")
    }

    func testRejectsGarbage() throws {
        let eur = try currency("EUR")
        for text in [
            "", " ", "-", "+", ".", "12.", ".5", "-.5", "abc", "12a", "1.2.3", "1e3", "--5", "+-5", "0x10",
            "12.3a", "12,5", "½", "١٢", "12 EUR", "EUR 12", "1_000",
        ] {
            assertExpenseError(try Money.parse(text, currency: eur), kind: .invalidData)
        }
    }

    func testGarbageGetsTheGeneralHintNotTheDecimalsOne() throws {
        let error = assertExpenseError(
            try Money.parse("1,2,3", currency: try currency("EUR")), kind: .invalidData,
            hintContains: "1,234.56")
        XCTAssertEqual(error?.message, "invalid amount '1,2,3'")
    }

    /// Under a decimal comma (de_DE), "1,50" is what it looks like; "1,500" EUR could be 1.5 or
    /// 1500 and is refused saying so; the point and grouped forms stay as everywhere.
    func testADecimalCommaWhereItCannotBeAThousandsSeparator() throws {
        let eur = try currency("EUR")
        let bhd = try currency("BHD")
        let jpy = try currency("JPY")
        func comma(_ text: String, _ currency: Currency) throws -> Int64 {
            try Money.parse(text, currency: currency, decimalMark: .comma).minorUnits
        }
        XCTAssertEqual(try comma("1,50", eur), 150)
        XCTAssertEqual(try comma("1,5", eur), 150)
        XCTAssertEqual(try comma("-4,20", eur), -420)
        XCTAssertEqual(try comma(" 1.234,56 ", eur), 123_456)
        XCTAssertEqual(try comma("12.345.678,90", eur), 1_234_567_890)
        XCTAssertEqual(try comma("1.50", eur), 150)
        XCTAssertEqual(try comma("1,234.56", eur), 123_456)
        XCTAssertEqual(try comma("1,500", bhd), 1_500)  // three decimals: a comma with three digits is one
        XCTAssertEqual(try comma("1,500", jpy), 1_500)  // no decimals: the comma groups
        let error = assertExpenseError(
            try Money.parse("1,500", currency: eur, decimalMark: .comma), kind: .invalidData,
            hintContains: "write 1500 for the whole amount")
        XCTAssertEqual(
            error?.message, "invalid amount '1,500': is the comma a decimal mark or a thousands separator (1500)? EUR has 2 decimals")
        for text in ["1,5,0", "1.23,45", "12,3a", ",50", "1,", "1.2345,67", "1,234,56"] {
            assertExpenseError(try Money.parse(text, currency: eur, decimalMark: .comma), kind: .invalidData)
        }
        // With a decimal point, a decimal comma gets the hint that fits.
        let point = assertExpenseError(try Money.parse("1,50", currency: eur), kind: .invalidData, hintContains: "write 1.50;")
        XCTAssertEqual(point?.message, "invalid amount '1,50': the decimal mark is a point here")
    }

    /// Each problem its own hint: an amount too large is not told how to write decimals.
    func testTooLargeSaysSoAndGivesTheLimit() throws {
        let error = assertExpenseError(try Money.parse("99999999999999999", currency: try currency("EUR")), kind: .invalidData)
        XCTAssertEqual(
            error?.message, "invalid amount '99999999999999999': too large, the largest amount handled is 9,999,999,999,999.99 EUR")
        XCTAssertNil(error?.hint)
        XCTAssertEqual(try minor("0000000000000000001.00", "EUR"), 100)  // leading zeros are no size
    }

    func testParsesSignedAmounts() throws {
        XCTAssertEqual(try minor("-12.34", "EUR"), -1234)
        XCTAssertEqual(try minor("-1,234.5", "EUR"), -123_450)
        XCTAssertEqual(try minor("+5", "EUR"), 500)
        XCTAssertEqual(try minor("-0.001", "BHD"), -1)
        XCTAssertEqual(try minor("-700", "JPY"), -700)
    }

    func testUsesTheMinorDigitsOfEachCurrency() throws {
        XCTAssertEqual(try minor("1.5", "BHD"), 1500)
        XCTAssertEqual(try minor("1.234", "BHD"), 1234)
        XCTAssertEqual(try minor("1.234", "KWD"), 1234)
        XCTAssertEqual(try minor("1.2345", "CLF"), 12345)
        XCTAssertEqual(try minor("1234", "JPY"), 1234)
        XCTAssertEqual(try minor("1,234", "JPY"), 1234)
    }

    func testLargestAcceptedAmountAndOneDigitMore() throws {
        XCTAssertEqual(try minor("9,999,999,999,999.99", "EUR"), Money.maximumMinorUnits)
        assertExpenseError(try Money.parse("10,000,000,000,000.00", currency: try currency("EUR")), kind: .invalidData)
        XCTAssertEqual(try minor("999999999999.999", "BHD"), Money.maximumMinorUnits)
        assertExpenseError(try Money.parse("999999999999999.999", currency: try currency("BHD")), kind: .invalidData)
        assertExpenseError(try Money.parse("1000000000000000", currency: try currency("EUR")), kind: .invalidData)
        assertExpenseError(try Money.parse("99999999999999999999999", currency: try currency("JPY")), kind: .invalidData)
    }

    func testFifteenWholeDigitsInAFourDigitCurrencyIsAnErrorNotACrash() throws {
        assertExpenseError(try Money.parse("999999999999999", currency: try currency("CLF")), kind: .invalidData)
        assertExpenseError(try Money.parse("922337203685478", currency: try currency("UYW")), kind: .invalidData)
    }

    // MARK: - Formatting

    func testDecimalStringHasNoGroupingAndAllMinorDigits() throws {
        let eur = try currency("EUR")
        XCTAssertEqual(Money(minorUnits: 123_456, currency: eur).decimalString, "1234.56")
        XCTAssertEqual(Money(minorUnits: 100, currency: eur).decimalString, "1.00")
        XCTAssertEqual(Money(minorUnits: 5, currency: eur).decimalString, "0.05")
        XCTAssertEqual(Money(minorUnits: 0, currency: eur).decimalString, "0.00")
        XCTAssertEqual(Money(minorUnits: -5, currency: eur).decimalString, "-0.05")
        XCTAssertEqual(Money(minorUnits: -123_456_789, currency: eur).decimalString, "-1234567.89")
        XCTAssertEqual(Money(minorUnits: 1, currency: try currency("BHD")).decimalString, "0.001")
        XCTAssertEqual(Money(minorUnits: 12345, currency: try currency("CLF")).decimalString, "1.2345")
    }

    func testDisplayStringGroupsThousands() throws {
        let eur = try currency("EUR")
        XCTAssertEqual(Money(minorUnits: 99_999, currency: eur).displayString, "999.99")
        XCTAssertEqual(Money(minorUnits: 100_000, currency: eur).displayString, "1,000.00")
        XCTAssertEqual(Money(minorUnits: 123_456, currency: eur).displayString, "1,234.56")
        XCTAssertEqual(Money(minorUnits: 12_345_678_901, currency: eur).displayString, "123,456,789.01")
        XCTAssertEqual(Money(minorUnits: -123_456, currency: eur).displayString, "-1,234.56")
        XCTAssertEqual(Money(minorUnits: -1, currency: eur).displayString, "-0.01")
        XCTAssertEqual(Money(minorUnits: 1_234_567, currency: try currency("BHD")).displayString, "1,234.567")
    }

    func testJPYHasNoDecimalPoint() throws {
        let jpy = try currency("JPY")
        XCTAssertEqual(Money(minorUnits: 1_234_567, currency: jpy).displayString, "1,234,567")
        XCTAssertEqual(Money(minorUnits: 1_234_567, currency: jpy).decimalString, "1234567")
        XCTAssertEqual(Money(minorUnits: -1234, currency: jpy).displayString, "-1,234")
        XCTAssertEqual(Money(minorUnits: 0, currency: jpy).decimalString, "0")
        XCTAssertEqual(Money(minorUnits: 950, currency: jpy).description, "950 JPY")
    }

    func testDescriptionNamesTheCurrency() throws {
        XCTAssertEqual(Money(minorUnits: 123_456, currency: try currency("EUR")).description, "1,234.56 EUR")
        XCTAssertEqual(Money(minorUnits: -3850, currency: try currency("CHF")).description, "-38.50 CHF")
    }

    func testFormatsTheExtremesOfInt64() throws {
        let eur = try currency("EUR")
        XCTAssertEqual(Money(minorUnits: .min, currency: eur).decimalString, "-92233720368547758.08")
        XCTAssertEqual(Money(minorUnits: .max, currency: eur).displayString, "92,233,720,368,547,758.07")
    }

    func testFormattedAmountsParseBackToTheSameValue() throws {
        var generator = SeededGenerator(seed: 42)
        for code in ["EUR", "JPY", "BHD", "CLF", "USD"] {
            let currency = try currency(code)
            var samples: [Int64] = [0, 1, -1, 999, 1000, -1000, 1_000_000, 99_999_999_999_999]
            for _ in 0..<300 {
                let magnitude =
                    Int64.random(in: 0...99_999_999_999_999, using: &generator)
                    / Decimal10.power(Int.random(in: 0...12, using: &generator))
                samples.append(Bool.random(using: &generator) ? -magnitude : magnitude)
            }
            for minor in samples {
                let money = Money(minorUnits: minor, currency: currency)
                XCTAssertEqual(try Money.parse(money.decimalString, currency: currency), money, money.decimalString)
                XCTAssertEqual(try Money.parse(money.displayString, currency: currency), money, money.displayString)
            }
        }
    }

    func testEqualityIncludesTheCurrency() throws {
        let usd = Money(minorUnits: 100, currency: try currency("USD"))
        let eur = Money(minorUnits: 100, currency: try currency("EUR"))
        XCTAssertNotEqual(usd, eur)
        XCTAssertEqual(eur, try Money.parse("1", currency: try currency("EUR")))
    }
}

extension MoneyTests {
    // MARK: - Totals

    func testTotalsAreCheckedAgainstTheLargestTotalInsteadOfOverflowing() throws {
        let largest = Money.maximumMinorUnits
        let limit = Money.maximumTotalMinorUnits
        XCTAssertEqual(Money.adding(largest, to: limit - largest), limit)
        XCTAssertNil(Money.adding(1, to: limit))
        XCTAssertNil(Money.adding(-1, to: -limit))
        XCTAssertNil(Money.adding(1, to: Int64.max), "never traps")
        XCTAssertNil(Money.adding(Int64.min, to: -1), "never traps")
        // 9,300 of the largest amount were an SQL "integer overflow"; the sum is refused instead.
        XCTAssertNil(Money.total(repeatElement(largest, count: 9_300)))
        XCTAssertEqual(Money.total(repeatElement(largest, count: 1_000)), 1_000 * largest)
        XCTAssertEqual(Money.total([largest, -largest, 5]), 5)
        let error = Money.totalTooLarge("the total of report 3", currency: try currency("EUR"))
        XCTAssertEqual(error.kind, .invalidData)
        XCTAssertEqual(error.message, "the total of report 3 does not fit: the largest total handled is 9,999,999,999,999,999.99 EUR")
        XCTAssertEqual(Money.maximumTotal(in: try currency("JPY")).description, "999,999,999,999,999,999 JPY")
    }
}
