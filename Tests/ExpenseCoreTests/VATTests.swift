import ExpenseTestSupport
import XCTest

@testable import ExpenseCore
@testable import ExpenseSupport

final class VATTests: XCTestCase {
    private func eur(_ minor: Int64) throws -> Money { Money(minorUnits: minor, currency: try currency("EUR")) }

    func testARateIsReadExactlyAndWrittenAsPeopleWriteIt() throws {
        XCTAssertEqual(VATRate(percent: "19")?.hundredths, 1900)
        XCTAssertEqual(VATRate(percent: "5.5 %")?.hundredths, 550)
        XCTAssertEqual(VATRate(percent: "7%")?.description, "7")
        XCTAssertEqual(VATRate(percent: "5.5")?.description, "5.5")
        XCTAssertEqual(VATRate(percent: "2.25")?.description, "2.25")
        XCTAssertEqual(VATRate(percent: "0.05")?.description, "0.05")
        for bad in ["", "-1", "101", "19.001", "x", "1e2"] { XCTAssertNil(VATRate(percent: bad), bad) }
    }

    func testTheTaxInAGrossAmountIsRoundedHalfEvenOnceAndNetPlusTaxIsTheGross() throws {
        let whole = VATSplit(try eur(11_900), rate: VATRate(percent: "19")!)
        XCTAssertEqual(whole.tax.minorUnits, 1_900)
        XCTAssertEqual(whole.net.minorUnits, 10_000)
        // 1.07 at 7 %: 0.07 exactly; 0.10 at 19 %: 1.596… cents is 2.
        XCTAssertEqual(VATPart(rate: VATRate(percent: "7")!, gross: try eur(107)).tax.minorUnits, 7)
        XCTAssertEqual(VATPart(rate: VATRate(percent: "19")!, gross: try eur(10)).tax.minorUnits, 2)
        // 0.05 at 25 %: exactly 1 cent; 0.25: 5 cents; at 100 %, half a cent rounds to the even cent.
        XCTAssertEqual(VATPart(rate: VATRate(percent: "25")!, gross: try eur(5)).tax.minorUnits, 1)
        XCTAssertEqual(VATPart(rate: VATRate(percent: "25")!, gross: try eur(25)).tax.minorUnits, 5)
        XCTAssertEqual(VATPart(rate: VATRate(percent: "100")!, gross: try eur(1)).tax.minorUnits, 0)  // 0.5 → 0
        XCTAssertEqual(VATPart(rate: VATRate(percent: "100")!, gross: try eur(3)).tax.minorUnits, 2)  // 1.5 → 2
        for minor in Int64(-500)...500 {
            let part = VATPart(rate: VATRate(percent: "19")!, gross: try eur(minor))
            XCTAssertEqual(part.net.minorUnits + part.tax.minorUnits, minor)
        }
    }

    func testAHotelBillSplitBySevenAndNineteenPercent() throws {
        let split = try VATSplit.parse("19:15.00, 7:110.00", amount: try eur(12_500))
        XCTAssertEqual(split.parts.map(\.rate.description), ["7", "19"])
        XCTAssertEqual(split.parts.map(\.tax.minorUnits), [720, 239])
        XCTAssertEqual(split.tax.minorUnits, 959)
        XCTAssertEqual(split.net.minorUnits, 12_500 - 959)
        XCTAssertEqual(split.text, "7:110.00,19:15.00")
        XCTAssertEqual(try VATSplit.parse(split.text, amount: try eur(12_500)), split)
        XCTAssertEqual(try VATSplit.parse("19", amount: try eur(12_500)).text, "19")
    }

    func testARefundsPartsHaveItsSign() throws {
        let split = try VATSplit.parse("7:10.00,19:5.00", amount: try eur(-1_500))
        XCTAssertEqual(split.parts.map(\.gross.minorUnits), [-1_000, -500])
        XCTAssertEqual(split.gross.minorUnits, -1_500)
    }

    func testPartsThatDoNotAddUpOrRepeatARateAreRefusedSayingWhy() throws {
        let amount = try eur(12_500)
        XCTAssertThrowsError(try VATSplit.parse("7:110.00,19:14.00", amount: amount)) { error in
            let error = error as! ExpenseError
            XCTAssertEqual(error.kind, .invalidData)
            XCTAssertTrue(error.message.contains("differ by 1.00 EUR"), error.message)
        }
        XCTAssertThrowsError(try VATSplit.parse("7:100.00,7:25.00", amount: amount)) { error in
            XCTAssertTrue((error as! ExpenseError).message.contains("given twice"))
        }
        XCTAssertThrowsError(try VATSplit.parse("7:110.001,19:15", amount: amount))
        XCTAssertThrowsError(try VATSplit.parse("seven:125", amount: amount))
        XCTAssertThrowsError(try VATSplit.parse("7;125", amount: amount))
        XCTAssertThrowsError(try VATSplit.parse("\u{1b}[2J", amount: amount)) { error in
            XCTAssertFalse((error as! ExpenseError).message.contains("\u{1b}"))
        }
    }
}
