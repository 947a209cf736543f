import ExpenseCore
import XCTest

@testable import ReceiptReading

/// The receipt's own arithmetic catching an OCR misread of the total, and keeping quiet when
/// it adds up or differs in a way OCR does not misread.
final class ReceiptArithmeticTests: XCTestCase {
    private func read(_ text: String) -> ReceiptSuggestion { ReceiptTextReader.suggestion(from: text) }

    func testTheItemsCatchAMisreadTotal() {
        let suggestion = read(
            """
            CAFE LUMIERE
            Cappuccino 12.00
            Croissant 9.50
            Quiche 9.50
            TOTAL 34.00
            """)
        XCTAssertEqual(suggestion.amount, "34.00", "the total read is kept, not silently replaced")
        XCTAssertEqual(suggestion.doubts, ["the items add up to 31.00 but the total reads 34.00; check the total"])
    }

    func testSubtotalAndTaxCatchAMisreadTotal() {
        let suggestion = read(
            """
            THE HARBOR GRILL
            Subtotal 50.00
            Tax 4.50
            TOTAL 64.50
            """)
        XCTAssertEqual(suggestion.amount, "64.50")
        XCTAssertEqual(
            suggestion.doubts, ["the subtotal and the lines below it add up to 54.50 but the total reads 64.50; check the total"])
    }

    func testTheCashLessTheChangeCatchesAMisreadTotal() {
        let suggestion = read("KEDAI\nTOTAL 18.50\nCASH 20.00\nCHANGE 6.50")
        XCTAssertEqual(suggestion.doubts, ["the cash paid less the change is 13.50 but the total reads 18.50; check the total"])
    }

    func testNoDoubtWhenItAddsUp() {
        XCTAssertEqual(read("CAFE\nCappuccino 12.00\nCroissant 9.50\nQuiche 9.50\nTOTAL 31.00").doubts, [])
        XCTAssertEqual(read("GRILL\nSubtotal 50.00\nTax 4.50\nTip 10.00\nTOTAL 64.50").doubts, [], "the tip is added")
        XCTAssertEqual(read("KEDAI\nSubtotal 12.32\nRounding -0.02\nTOTAL 12.30").doubts, [], "rounding down")
        XCTAssertEqual(read("KEDAI\nTOTAL 18.50\nCASH 20.00\nCHANGE 1.50").doubts, [])
        XCTAssertEqual(
            read("HOTEL\nSumme 119,00\nenthaltene MwSt 19% 19,00\nSubtotal 100,00").doubts, [],
            "a tax included in the prices is not added")
    }

    func testNoDoubtWhenTheDifferenceIsNoMisreading() {
        XCTAssertEqual(read("CAFE\nCappuccino 12.00\nCroissant 9.50\nTOTAL 34.00").doubts, [], "21.50: not a digit OCR confuses")
        XCTAssertEqual(read("CAFE\nDeposit 2.00\nTOTAL 34.00").doubts, [], "one line is no sum")
    }

    func testWhichDigitsOCRConfuses() {
        XCTAssertTrue(ReceiptArithmetic.isMisread(3400, of: 3100))
        XCTAssertTrue(ReceiptArithmetic.isMisread(6450, of: 5450))
        XCTAssertTrue(ReceiptArithmetic.isMisread(1800, of: 1300))
        XCTAssertFalse(ReceiptArithmetic.isMisread(3400, of: 3200))
        XCTAssertFalse(ReceiptArithmetic.isMisread(3400, of: 3170), "two digits")
        XCTAssertFalse(ReceiptArithmetic.isMisread(3400, of: 34000))
    }
}
