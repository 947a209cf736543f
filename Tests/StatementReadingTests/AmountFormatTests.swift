import XCTest

@testable import ExpenseSupport
@testable import StatementReading

final class AmountFormatTests: XCTestCase {
    private let english = AmountFormat(decimalMark: UInt8(ascii: "."), thousandsSeparator: UInt8(ascii: ","))
    private let german = AmountFormat(decimalMark: UInt8(ascii: ","), thousandsSeparator: UInt8(ascii: "."))
    private let plain = AmountFormat()

    private func parse(_ text: String, _ format: AmountFormat, digits: Int = 2) -> Result<Int64?, AmountFormat.Failure> {
        Array(text.utf8).withUnsafeBytes { format.parse($0, minorDigits: digits) }
    }

    private func minor(_ text: String, _ format: AmountFormat, digits: Int = 2) -> Int64? {
        (try? parse(text, format, digits: digits).get()) ?? nil
    }

    func testDecimalMarksAndThousandsSeparators() {
        XCTAssertEqual(minor("1,234.56", english), 123_456)
        XCTAssertEqual(minor("1.234,56", german), 123_456)
        XCTAssertEqual(minor("1234.5", plain), 123_450)
        XCTAssertEqual(minor("12", plain), 1200)
        XCTAssertEqual(minor("1.000.000,00", german), 100_000_000)
        XCTAssertEqual(minor("10 237,65", AmountFormat(decimalMark: UInt8(ascii: ","), thousandsSeparator: AmountFormat.space)), 1_023_765)
        XCTAssertEqual(
            minor("10\u{A0}237,65", AmountFormat(decimalMark: UInt8(ascii: ","), thousandsSeparator: AmountFormat.space)),
            1_023_765, "a no-break space groups too")
        XCTAssertEqual(minor("1'234.50", AmountFormat(decimalMark: UInt8(ascii: "."), thousandsSeparator: UInt8(ascii: "'"))), 123_450)
    }

    func testSigns() {
        XCTAssertEqual(minor("-12.30", plain), -1230)
        XCTAssertEqual(minor("+12.30", plain), 1230)
        XCTAssertEqual(minor("12,30-", german), -1230, "a trailing minus, as SAP exports write debits")
        XCTAssertEqual(minor("(12.30)", plain), -1230, "accounting parentheses")
        XCTAssertEqual(minor(" -1.234,56 ", german), -123_456)
    }

    func testAnUndeclaredMarkIsAnErrorNeverAGuess() {
        guard case .failure(let failure) = parse("1,234", plain) else { return XCTFail("1,234 must not parse without declarations") }
        XCTAssertTrue(
            failure.message.contains("',' is not the decimal mark ('.') and no thousands separator is declared"),
            failure.message)
        XCTAssertNil(minor("12,50", plain))
        XCTAssertNil(minor("1.234.56", german), "two decimal marks in a German amount")
        XCTAssertNil(minor("1,234.56", german))
        guard case .failure(let twice) = parse("1.2.3", plain) else { return XCTFail() }
        XCTAssertTrue(twice.message.contains("more than one decimal mark"), twice.message)
    }

    func testMisplacedGroupsAreErrors() {
        XCTAssertNil(minor("1,23.45", english))
        XCTAssertNil(minor("1234,567.00", english))
        XCTAssertNil(minor(",123.00", english))
        XCTAssertNil(minor("1.234,", german), "ends with its decimal mark")
        XCTAssertEqual(minor("123,456,789.01", english), 12_345_678_901)
    }

    func testDecimalsAgainstTheCurrency() {
        XCTAssertEqual(minor("12.3400", plain), 1234, "extra zeros lose nothing")
        XCTAssertNil(minor("12.345", plain))
        XCTAssertEqual(minor("1500", plain, digits: 0), 1500)
        XCTAssertNil(minor("1500.5", plain, digits: 0))
        XCTAssertEqual(minor("1.234", plain, digits: 3), 1234)
        guard case .failure(let failure) = parse("12.345", plain) else { return XCTFail() }
        XCTAssertEqual(failure.message, "'12.345' has more than 2 decimals")
    }

    func testGarbageEmptyAndHugeAmounts() {
        XCTAssertEqual(try parse("", plain).get(), nil)
        XCTAssertEqual(try parse("   ", plain).get(), nil)
        XCTAssertNil(minor("12.30 Euro", plain), "a currency's name is no mark (CurrencyMarkTests)")
        XCTAssertNil(minor("€12,30", plain), "a mark leaves the rules' decimal mark to apply")
        XCTAssertNil(minor("-", plain))
        XCTAssertNil(minor("1e3", plain))
        XCTAssertNil(minor("9999999999999999", plain), "more than 15 digits")
        XCTAssertNil(minor("999999999999999", plain, digits: 4), "does not fit in 64 bits at 4 decimals")
        XCTAssertEqual(minor("999999999999999", plain, digits: 3), 999_999_999_999_999_000)
    }
}
