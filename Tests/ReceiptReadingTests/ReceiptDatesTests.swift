import ExpenseCore
import XCTest

@testable import ExpenseSupport
@testable import ReceiptReading

/// Dates in the formats receipts print, and the rule for NN/NN/YYYY.
final class ReceiptDatesTests: XCTestCase {
    private func dates(_ line: String, _ order: ReceiptDates.SlashOrder = .dayFirst) -> [String] {
        ReceiptDates.dates(in: line, slashOrder: order).map(\.description)
    }

    func testNumericFormats() {
        XCTAssertEqual(dates("Entry: 2026-03-02 07:41"), ["2026-03-02"])
        XCTAssertEqual(dates("2026/03/02"), ["2026-03-02"])
        XCTAssertEqual(dates("Datum: 02.03.2026"), ["2026-03-02"])
        XCTAssertEqual(dates("Tisch 4 Datum 03.03.26"), ["2026-03-03"])
        XCTAssertEqual(dates("2.3.2026"), ["2026-03-02"])
        XCTAssertEqual(dates("Anreise 02.03.2026 Abreise 06.03.2026"), ["2026-03-02", "2026-03-06"])
    }

    func testSlashesAndDashes() {
        XCTAssertEqual(dates("04/03/2026 13:51"), ["2026-03-04"], "day first outside the US")
        XCTAssertEqual(dates("03/05/2026 8:47 PM", .monthFirst), ["2026-03-05"], "month first on a dollar receipt")
        XCTAssertEqual(dates("03/14/2026"), ["2026-03-14"], "14 cannot be a month")
        XCTAssertEqual(dates("14/03/2026", .monthFirst), ["2026-03-14"], "nor here")
        XCTAssertEqual(dates("02-03-26"), ["2026-03-02"])
        XCTAssertEqual(dates("02.03.2026", .monthFirst), ["2026-03-02"], "dots are always day first")
    }

    func testMonthNames() {
        XCTAssertEqual(dates("Date of issue: 2 Mar 2026"), ["2026-03-02"])
        XCTAssertEqual(dates("2. März 2026"), ["2026-03-02"])
        XCTAssertEqual(dates("2. Maerz 2026"), ["2026-03-02"])
        XCTAssertEqual(dates("le 4 mars 2026"), ["2026-03-04"])
        XCTAssertEqual(dates("4 févr. 2026"), ["2026-02-04"])
        XCTAssertEqual(dates("02-Mar-26"), ["2026-03-02"])
        XCTAssertEqual(dates("March 2, 2026"), ["2026-03-02"])
        XCTAssertEqual(dates("Mar 8, 2026 8:29 AM"), ["2026-03-08"])
        XCTAssertEqual(dates("Dec 31st, 2026"), ["2026-12-31"])
        XCTAssertEqual(dates("17 Dezember 2025"), ["2025-12-17"])
    }

    func testWhatIsNotADate() {
        XCTAssertEqual(dates("Tel. +49 6227 123456"), [])
        XCTAssertEqual(dates("RECHNUNG Nr. 2026-0412"), [], "an invoice number")
        XCTAssertEqual(dates("Summe 1.234,56"), [])
        XCTAssertEqual(dates("30.02.2026"), [], "no such day")
        XCTAssertEqual(dates("12.05.1987"), [], "outside 2000-2099")
        XCTAssertEqual(dates("1.02.03.2026"), [], "part of a longer number")
        XCTAssertEqual(dates("MWST 8.1% 12.50"), [])
        XCTAssertEqual(dates("Duration: 4 days 11 h"), [])
    }

    func testABrowsersPrintHeaderOrFooterIsNoReceiptsDate() {
        for line in [
            "06/12/2026, 14:03                     Receipt – Shop Example", "12/6/26, 2:03 PM    Order #123 – Shop",
            "06.12.26, 14:03        Rechnung – Shop", "Page 1 of 2                               12/6/26, 2:03 PM",
            "https://shop.example/orders/123                                   1/2", "file:///home/anna/receipt.html 2/2",
        ] {
            XCTAssertTrue(ReceiptDates.isBrowserPrintMargin(line), line)
        }
        for line in [
            "Datum: 06.03.2026 14:03", "06.03.2026 14:03 Kasse 2", "March 2, 2026", "Bestellung vom 02.03.2026, Kasse 3",
            "Fahrt am 20.03.2026, 23:10", "20.03.2026, 23:10",
        ] {
            XCTAssertFalse(ReceiptDates.isBrowserPrintMargin(line), line)
        }
    }
}
