import ExpenseCore
import XCTest

@testable import ExpenseSupport
@testable import StatementReading

/// Amounts written with a currency's symbol or code, as card and bank exports write them: read
/// by default, the rules' marks still applying, the mark the row's currency unless its currency
/// column says otherwise.
final class CurrencyMarkTests: XCTestCase {
    private let english = AmountFormat(decimalMark: UInt8(ascii: "."), thousandsSeparator: UInt8(ascii: ","))
    private let german = AmountFormat(decimalMark: UInt8(ascii: ","), thousandsSeparator: UInt8(ascii: "."))

    private func minor(_ text: String, _ format: AmountFormat, encoding: TextEncoding = .utf8) -> Result<Int64?, AmountFormat.Failure> {
        Array(text.utf8).withUnsafeBytes { format.parse($0, minorDigits: 2, encoding: encoding) }
    }

    private func mark(_ text: String) -> String? {
        Array(text.utf8).withUnsafeBytes { AmountFormat.currencyMark($0, encoding: .utf8) }
    }

    func testASymbolOrCodeEitherSideOfTheSignIsNoPartOfTheAmount() throws {
        XCTAssertEqual(try minor("-$7,971.39", english).get(), -797_139)
        XCTAssertEqual(try minor("$-7.50", english).get(), -750)
        XCTAssertEqual(try minor("€ 12,50", german).get(), 1250)
        XCTAssertEqual(try minor("12,50 €", german).get(), 1250)
        XCTAssertEqual(try minor("12,50\u{A0}€", german).get(), 1250, "a no-break space before the symbol")
        XCTAssertEqual(try minor("EUR 12.50", english).get(), 1250)
        XCTAssertEqual(try minor("12.50 USD", english).get(), 1250)
        XCTAssertEqual(try minor("(1,234.00)", english).get(), -123_400)
        XCTAssertEqual(try minor("(£1,234.00)", english).get(), -123_400)
        XCTAssertEqual(try minor("1.234,00- EUR", german).get(), -123_400)
        XCTAssertEqual(try minor("US$ 5", english).get(), 500)
        XCTAssertEqual(try minor("1.234,00", german).get(), 123_400, "no mark: read as before")
        XCTAssertEqual(
            [mark("-$7,971.39"), mark("12,50 €"), mark("EUR 12.50"), mark("12.50 USD"), mark("A$3"), mark("12.50"), mark("-1")],
            ["$", "€", "EUR", "USD", "A$", nil, nil])
    }

    func testTheRulesMarksStillApplyAndAFailureQuotesTheCell() {
        XCTAssertEqual(
            minor("$1.234,56", english).failure?.message,
            "'$1.234,56' has more than 2 decimals", "a German amount under English rules is no amount, with or without '$'")
        let space =
            ": space is not the decimal mark ('.') nor the thousands separator; "
            + "declare what it is with 'decimal-mark' or 'thousands-separator' in the rules"
        XCTAssertEqual(minor("12.50 XYZ", english).failure?.message, "'12.50 XYZ'" + space, "an unknown code is no mark")
        XCTAssertEqual(minor("EUR 12.50 USD", english).failure?.message, "'EUR 12.50 USD'" + space, "one mark at most")
        XCTAssertEqual(minor("$", english).failure?.message, "'$' is not an amount")
        XCTAssertEqual(minor("EURO 5", english).failure?.message, "'EURO 5' is not an amount", "a code inside a word is none")
    }

    func testASingleByteEncodingsSymbols() throws {
        let pounds: [UInt8] = [0xA3] + Array("12.00".utf8)
        XCTAssertEqual(try pounds.withUnsafeBytes { english.parse($0, minorDigits: 2, encoding: .latin1) }.get(), 1200)
        let euros: [UInt8] = Array("12,50 ".utf8) + [0x80]
        XCTAssertEqual(euros.withUnsafeBytes { AmountFormat.currencyMark($0, encoding: .windows1252) }, "€")
        XCTAssertEqual(try euros.withUnsafeBytes { german.parse($0, minorDigits: 2, encoding: .windows1252) }.get(), 1250)
    }

    func testTheMarkGivesTheRowsCurrencyUnlessTheColumnSaysAnother() throws {
        let rows = try map(
            """
            Date,Merchant,Amount,Currency
            2026-03-01,Hotel,-$7.50,
            2026-03-01,Hotel,12.50 CHF,
            2026-03-01,Hotel,$12.00,CAD
            2026-03-01,Hotel,$12.00,EUR
            2026-03-01,Hotel,€ 9.00,EUR
            2026-03-01,Hotel,5.00,
            2026-03-01,Hotel,¥500,
            """,
            """
            date = Date
            merchant = Merchant
            amount = Amount
            currency = Currency
            default currency EUR
            default category lodging
            """)
        XCTAssertEqual(
            rows.map { $0.amount?.description ?? $0.reason },
            [
                "-7.50 USD", "12.50 CHF", "12.00 CAD",
                "amount: '$12.00' is in '$' (USD, CAD, AUD, NZD, SGD, HKD, MXN, TWD), but the currency column says EUR",
                "9.00 EUR", "5.00 EUR", "500 JPY",
            ], "an empty currency cell leaves the mark to say it; a dollar the column names is that dollar")
    }

    func testADollarIsTheDefaultCurrencysWhenThatIsOneAnAmbiguousKroneNeedsIt() throws {
        func amounts(_ defaultCurrency: String) throws -> [String] {
            try map(
                "Date,Merchant,Amount\n2026-03-01,Taxi,$20.00\n2026-03-01,Taxi,120 kr\n",
                "date = Date\nmerchant = Merchant\namount = Amount\ndefault currency \(defaultCurrency)\ndefault category taxi\n"
            ).map { $0.amount?.description ?? $0.reason }
        }
        XCTAssertEqual(
            try amounts("AUD"), ["20.00 AUD", "amount: '120 kr' is in 'kr' (SEK, NOK, DKK, ISK); say which with 'default currency'"])
        XCTAssertEqual(try amounts("NOK"), ["20.00 USD", "120.00 NOK"])
    }
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
