import ExpenseCore
import XCTest

@testable import ExpenseSupport
@testable import ReceiptReading

/// The total and its currency on whole receipts: local currencies, whole-number totals, labels
/// in six languages, and a currency never made up from a symbol in an item code or a number.
final class ReceiptTotalTests: XCTestCase {
    private func read(_ text: String) -> ReceiptSuggestion { ReceiptTextReader.suggestion(from: text) }

    func testCurrencyFromNoiseIsNotTakenAndTheDayComesFirstOnAMalaysianReceipt() throws {
        let suggestion = read(
            """
            KEDAI RUNCIT ANEKA SDN BHD
            NO 3, JALAN MAWAR 2, 81100 JOHOR BAHRU
            Doc No: 0012$3456
            Date: 06/03/2018
            9556£0123 MILO 3IN1 2.50
            9557£0456 GARDENIA 3.20
            TOTAL RM 5.70
            CASH 10.00
            CHANGE 4.30
            """)
        XCTAssertEqual(suggestion.currency, "MYR")
        XCTAssertEqual(suggestion.amount, "5.70")
        XCTAssertEqual(suggestion.date, try CalendarDate.parse("2018-03-06"), "a Malaysian receipt writes the day first")
        XCTAssertEqual(suggestion.doubts, [])
    }

    func testTheDayComesFirstWhereTheCountryWritesSoWhateverItsDollars() throws {
        let suggestion = read(
            """
            TOAST BOX
            Tel: +65 6123 4567
            06/03/2018 12:31
            Kaya Toast Set $5.80
            TOTAL $5.80
            """)
        XCTAssertEqual(suggestion.currency, "SGD")
        XCTAssertEqual(suggestion.date, try CalendarDate.parse("2018-03-06"))
    }

    func testLocalCurrenciesAndWholeNumberTotals() {
        let indian = read(
            """
            SARAVANA BHAVAN
            Chennai, Tamil Nadu
            2 Masala Dosa 240.00
            Grand Total Rs 1939
            """)
        XCTAssertEqual(indian.amount, "1939.00")
        XCTAssertEqual(indian.currency, "INR")
        let malay = read(
            """
            RESTORAN NASI KANDAR
            Jumlah Besar RM 25
            Tunai RM 50
            """)
        XCTAssertEqual(malay.amount, "25.00")
        XCTAssertEqual(malay.currency, "MYR")
        let japanese = read(
            """
            LAWSON
            おにぎり ¥150
            Total ¥1.939
            """)
        XCTAssertEqual(japanese.amount, "1939", "yen have no minor unit")
        XCTAssertEqual(japanese.currency, "JPY")
        let swedish = read(
            """
            PRESSBYRAN
            Stockholm, Sverige
            Totalt 125,00 kr
            """)
        XCTAssertEqual(swedish.currency, "SEK")
        XCTAssertEqual(read("SKLEP\nRazem 12,50 zł").currency, "PLN")
        XCTAssertEqual(read("OBCHOD\nCelkem 250 Kč").currency, "CZK")
    }

    func testTotalLabelsOfSixLanguagesAndRounding() {
        XCTAssertEqual(read("PANADERIA\nImporte total 12,40 €").amount, "12.40")
        XCTAssertEqual(read("BAR ROMA\nTotale complessivo 8,50\nContanti 10,00\nResto 1,50").amount, "8.50")
        XCTAssertEqual(
            read(
                """
                KEDAI
                Jumlah Kecil 12.32
                Pembundaran -0.02
                Jumlah Besar 12.30
                """
            ).amount, "12.30")
        XCTAssertEqual(
            read(
                """
                MAMAK
                Total 12.32
                Rounding Adj -0.02
                Rounded Total 12.30
                Cash 20.00
                """
            ).amount, "12.30")
    }

    func testATotalNoLabelNamesIsTheVATTablesGrossOrTheLargestAmountAtACurrency() {
        let slip = read(
            """
            ROLLER
            2 WC-Garnitur 14,99 29,98
            elec.-cash 59,96
            Netto MWSt.
            1 19,00 % 50,38 9,58
            """)
        XCTAssertEqual(slip.amount, "59.96", "net 50.38 and VAT 9.58 are the 59.96 paid")
        let fuel = read(
            """
            TANKSTELLE
            Super bleifrei 04,00 EUR
            berrag: EUR 34,00
            """)
        XCTAssertEqual(fuel.amount, "34.00")
        XCTAssertEqual(fuel.currency, "EUR")
        let mail = read("You submitted an order amounting to 32.00 GBP to Boots.com\nCash back £2.50")
        XCTAssertEqual(mail.amount, "32.00")
        XCTAssertEqual(mail.currency, "GBP")
    }

    func testACurrencyOverAColumnOfAmounts() {
        let suggestion = read("LIDL\nEUR\nEmmentaler 2,59 A\nzu zahlen 7,16")
        XCTAssertEqual(suggestion.currency, "EUR")
    }

    func testNoCurrencyPrintedGivesNone() {
        let suggestion = read("KIOSK\nAmounts in EUR\nTotal 3.50")
        XCTAssertEqual(suggestion.amount, "3.50")
        XCTAssertNil(suggestion.currency, "the app fills it in as a guess")
    }
}
