import ExpenseTestSupport
import XCTest

@testable import ExpenseCore
@testable import ExpenseSupport

final class CurrencyTableTests: XCTestCase {
    private let table = CurrencyTable.standard

    func testTheCompiledInTableIsComplete() {
        XCTAssertGreaterThanOrEqual(table.all.count, 150)
        // Every data line of the CSV became a currency: none was skipped as malformed.
        let csv = String(decoding: PackageResources.currencies_csv, as: UTF8.self)
        let dataLines = csv.split(separator: "\n").dropFirst().filter { !$0.trimmingSpaces.isEmpty }
        XCTAssertEqual(table.all.count, dataLines.count)
    }

    func testMinorDigitsOfWellKnownCurrencies() throws {
        let expected = [
            "EUR": 2, "USD": 2, "CHF": 2, "GBP": 2, "JPY": 0, "KRW": 0, "BHD": 3, "KWD": 3, "JOD": 3,
            "OMR": 3, "TND": 3, "CLF": 4,
        ]
        for (code, digits) in expected {
            let currency = try XCTUnwrap(table.currency(code), code)
            XCTAssertEqual(currency.minorDigits, digits, code)
            XCTAssertEqual(currency.code, code)
        }
        XCTAssertEqual(try currency("EUR").name, "Euro")
        XCTAssertEqual(try currency("EUR").minorUnitsPerMajor, 100)
        XCTAssertEqual(try currency("JPY").minorUnitsPerMajor, 1)
        XCTAssertEqual(try currency("BHD").minorUnitsPerMajor, 1000)
        XCTAssertEqual(try currency("CLF").minorUnitsPerMajor, 10_000)
    }

    func testCodesAreUniqueThreeUppercaseLettersWithSaneDigitsAndNames() {
        let codes = table.all.map(\.code)
        XCTAssertEqual(Set(codes).count, codes.count, "duplicates: \(Dictionary(grouping: codes) { $0 }.filter { $1.count > 1 }.keys)")
        for currency in table.all {
            XCTAssertTrue(currency.code.count == 3 && currency.code.allSatisfy { ("A"..."Z").contains($0) }, currency.code)
            XCTAssertTrue((0...4).contains(currency.minorDigits), currency.code)
            XCTAssertFalse(currency.name.isEmpty, currency.code)
            XCTAssertFalse(currency.name.contains("\""), currency.name)
            XCTAssertFalse(currency.name.contains("\r"), currency.code)
            XCTAssertEqual(table.currency(currency.code), currency)
        }
    }

    func testLookupIsCaseInsensitive() throws {
        XCTAssertEqual(table.currency("eur"), try currency("EUR"))
        XCTAssertEqual(table.currency("Jpy")?.minorDigits, 0)
        XCTAssertEqual(try table.require("bhd").code, "BHD")
        XCTAssertNil(table.currency("EURO"))
        XCTAssertNil(table.currency(""))
        XCTAssertNil(table.currency("XYZ"))
    }

    func testRequireNamesTheClosestCodeForATypo() {
        let error = assertExpenseError(
            try table.require("EUX"), kind: .invalidData, messageContains: "unknown currency 'EUX'",
            code: .unknownCurrency("EUX", suggestion: "EUR"))
        XCTAssertEqual(error?.message, "unknown currency 'EUX'")
        assertExpenseError(
            try table.require("usf"), kind: .invalidData, messageContains: "'usf'", code: .unknownCurrency("usf", suggestion: "USD"))
        assertExpenseError(try table.require("CFH"), kind: .invalidData, code: .unknownCurrency("CFH", suggestion: "CHF"))  // a swap
    }

    /// One letter off, and the commonly used currency first: CHX is CHF (not CHE, the WIR euro),
    /// XYZ is nothing (BYN is two letters off, like a dozen other codes).
    func testSuggestionsAreOneLetterOffAndPreferCommonCurrencies() {
        for (typed, expected) in [
            ("CHX", "CHF"), ("EUO", "EUR"), ("UDS", "USD"), ("GPB", "GBP"), ("JYP", "JPY"), ("XYZ", nil),
            ("QQQ", nil), ("EURO", "EUR"),
        ] as [(String, String?)] {
            assertExpenseError(try table.require(typed), kind: .invalidData, code: .unknownCurrency(typed, suggestion: expected))
        }
    }

    func testRequireWithoutAnyCloseCodeStillPointsToTheList() {
        assertExpenseError(try table.require("BITCOIN"), kind: .invalidData, code: .unknownCurrency("BITCOIN", suggestion: nil))
    }

    func testReadsQuotedNamesWithCommas() {
        let table = CurrencyTable(
            csv: """
                code,numeric,minor_digits,name
                AAA,001,2,"Name, with comma"
                BBB,002,x,Broken digits
                CCC,003,0
                DDD,004,3,Plain
                """)
        XCTAssertEqual(table.all.map(\.code), ["AAA", "DDD"])
        XCTAssertEqual(table.currency("aaa")?.name, "Name, with comma")
        XCTAssertEqual(table.currency("DDD")?.minorDigits, 3)
    }
}
