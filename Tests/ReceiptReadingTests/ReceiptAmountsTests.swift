import XCTest

@testable import ExpenseSupport
@testable import ReceiptReading

/// Amounts and currencies in lines of receipt text, as printed in several countries.
final class ReceiptAmountsTests: XCTestCase {
    private func amounts(_ line: String) -> [String] { ReceiptAmounts.amounts(in: line).map(\.decimal) }

    func testDecimalCommaAndPointWithTheirThousandsGroups() {
        XCTAssertEqual(amounts("Summe 1.234,56"), ["1234.56"])
        XCTAssertEqual(amounts("TOTAL $1,234.56"), ["1234.56"])
        XCTAssertEqual(amounts("Total a payer 1 234,56 EUR"), ["1234.56"])
        XCTAssertEqual(amounts("Total CHF 1'234.50"), ["1234.50"])
        XCTAssertEqual(amounts("Total Fr. 12.–"), ["12.00"])
        XCTAssertEqual(amounts("Betrag 12.-"), ["12.00"])
        XCTAssertEqual(amounts("43,20"), ["43.20"])
        XCTAssertEqual(amounts("2 Formule dejeuner 39,00"), ["39.00"])
        XCTAssertEqual(amounts("Fare EUR 129.00 Booking fee EUR 0.00"), ["129.00", "0.00"])
        XCTAssertEqual(amounts("$165.74"), ["165.74"])
        XCTAssertEqual(amounts("12.50EUR"), ["12.50"])
    }

    func testALongRunOfGroupsIsReadOnce() {
        // Every number of this line started a read to the end of the line: 100 KB took minutes.
        let line = "Total " + String(repeating: "1.00 ", count: 20_000)
        XCTAssertEqual(amounts(line), ["1.00"], "only the last number is not part of a longer run")
        XCTAssertEqual(amounts("1 234 567 890,12"), ["1234567890.12"], "four groups and decimals are still an amount")
        XCTAssertEqual(amounts("Total 12,50 " + String(repeating: "x", count: 100_000) + " 7.30"), ["12.50", "7.30"])
        let found = ReceiptAmounts.amounts(in: "a 1.50 b 22.75 c")
        XCTAssertEqual(found.map(\.decimal), ["1.50", "22.75"])
        XCTAssertEqual(found.map { String("a 1.50 b 22.75 c"[..<$0.end]) }, ["a 1.50", "a 1.50 b 22.75"])
    }

    func testWhatIsNotAnAmount() {
        XCTAssertEqual(amounts("Datum: 06.03.2026"), [], "a date")
        XCTAssertEqual(amounts("Tisch 4 Datum 03.03.26"), [], "a date with two-digit year")
        XCTAssertEqual(amounts("MWST 8.1% inkl."), [], "a rate")
        XCTAssertEqual(amounts("Tel. +49 6227 123456"), [], "a phone number")
        XCTAssertEqual(amounts("CHE-123.456.789"), [], "a VAT number")
        XCTAssertEqual(amounts("Zeit: 18:22"), [], "a time")
        XCTAssertEqual(amounts("Strecke 12.4 km"), [], "one decimal")
        XCTAssertEqual(amounts("Guests: 3 Check #4471"), [], "integers")
        XCTAssertEqual(amounts("1,234"), [], "ambiguous without decimals")
    }

    func testASpaceGroupsThousandsOnlyBeforeADecimalComma() {
        XCTAssertEqual(amounts("Daily ratex4 144.00"), ["144.00"])
        XCTAssertEqual(amounts("Qty 4 144.00"), ["144.00"])
        XCTAssertEqual(amounts("Total 2 345,00"), ["2345.00"])
    }

    func testWholeAmounts() {
        XCTAssertEqual(ReceiptAmounts.whole("1939"), "1939")
        XCTAssertEqual(ReceiptAmounts.whole("1.939"), "1939")
        XCTAssertEqual(ReceiptAmounts.whole("1,939,000"), "1939000")
        XCTAssertNil(ReceiptAmounts.whole("19.39.1"))
        XCTAssertNil(ReceiptAmounts.whole("12/03"))
    }
}
