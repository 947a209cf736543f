import ExpenseCore
import XCTest

@testable import ReceiptReading

/// Currencies as receipts print them, only at an amount, and the country a receipt names.
final class ReceiptCurrenciesTests: XCTestCase {
    private func currencies(_ line: String, country: String? = nil) -> [String] {
        ReceiptCurrencies.currencies(in: line, country: country)
    }

    private func country(_ text: String) -> String? {
        let lines = text.split(separator: "\n").map(String.init)
        return ReceiptCurrencies.country(in: lines, lines.map(ReceiptWords.init))
    }

    func testCurrencies() {
        XCTAssertEqual(currencies("Total à payer 53,00 €"), ["EUR"])
        XCTAssertEqual(currencies("TOTAL $165.74"), ["USD"])
        XCTAssertEqual(currencies("Total US$ 12.00"), ["USD"])
        XCTAssertEqual(currencies("Total Fr. 34.80"), ["CHF"])
        XCTAssertEqual(currencies("Total SFr. 34.80"), ["CHF"])
        XCTAssertEqual(currencies("Betrag EUR 1.234,56"), ["EUR"])
        XCTAssertEqual(currencies("£4.20 or 5.00 euros"), ["GBP", "EUR"])
        XCTAssertEqual(currencies("www.brasserie.fr"), [], "a web address is not francs")
        XCTAssertEqual(currencies("Frais de service"), [])
        XCTAssertEqual(currencies("ALL YOU CAN EAT, 1 CUP"), [], "words that are also ISO codes")
    }

    func testLocalSymbolsAndAbbreviations() {
        XCTAssertEqual(currencies("TOTAL RM 25.00"), ["MYR"])
        XCTAssertEqual(currencies("Total (RM): 7.90"), ["MYR"], "a label's, in brackets")
        XCTAssertEqual(currencies("Grand Total Rs 1939"), ["INR"])
        XCTAssertEqual(currencies("Amount Rs.1,939.00"), ["INR"])
        XCTAssertEqual(currencies("Total ₹ 450.00"), ["INR"])
        XCTAssertEqual(currencies("Att betala 125,00 kr"), ["SEK"])
        XCTAssertEqual(currencies("Razem 12,50 zł"), ["PLN"])
        XCTAssertEqual(currencies("Celkem 250 Kč"), ["CZK"])
        XCTAssertEqual(currencies("Összesen 1990 Ft"), ["HUF"])
        XCTAssertEqual(currencies("Total 45 lei"), ["RON"])
        XCTAssertEqual(currencies("合計 ¥1,939"), ["JPY"])
        XCTAssertEqual(currencies("Total RMB 88.00"), ["CNY"])
        XCTAssertEqual(currencies("Total S$12.00"), ["SGD"])
        XCTAssertEqual(currencies("Total HK$ 50.00"), ["HKD"])
        XCTAssertEqual(currencies("Total R$ 20,00"), ["BRL"])
        XCTAssertEqual(currencies("Total ₩15000"), ["KRW"])
        XCTAssertEqual(currencies("Total ฿ 120"), ["THB"])
        XCTAssertEqual(currencies("Total 12.00 MYR"), ["MYR"], "every ISO code, in capitals, at an amount")
        XCTAssertEqual(currencies("Total 9.90 CHF"), ["CHF"])
        XCTAssertEqual(currencies("Factuur totaal EUR        49,99"), ["EUR"], "a PDF's columns, spaces between")
    }

    func testNeverFromASymbolInsideAWordOrANumber() {
        XCTAssertEqual(currencies("9556£0123 MILO 3IN1 2.50"), [], "a pound sign in an item code")
        XCTAssertEqual(currencies("ITEM A£12 2.50"), [])
        XCTAssertEqual(currencies("Doc No: 0012$3456"), [], "a dollar sign in a document number")
        XCTAssertEqual(currencies("Ref CS$0001-2018"), [])
        XCTAssertEqual(currencies("Amounts in EUR"), [], "not at an amount")
        XCTAssertEqual(currencies("Tel +60 3-1234 5678"), [])
        XCTAssertEqual(currencies("Mrs Smith 12.00"), [], "Rs inside a word")
        XCTAssertEqual(currencies("Tisch 12 Krug 0,50"), [])
        XCTAssertEqual(currencies("COFFEE 1 CUP"), [], "an ISO code after a whole number is a word")
    }

    func testASymbolOfSeveralCountriesIsTheNamedCountrys() {
        XCTAssertEqual(currencies("Total $12.00"), ["USD"], "dollars alone: the likeliest")
        XCTAssertEqual(currencies("Total $12.00", country: "SG"), ["SGD"])
        XCTAssertEqual(currencies("Total $12.00", country: "DE"), ["USD"], "a country whose currency it cannot be")
        XCTAssertEqual(currencies("Totalt 125,00 kr", country: "NO"), ["NOK"])
        XCTAssertEqual(currencies("Total ¥88.00", country: "CN"), ["CNY"])
        XCTAssertEqual(currencies("Total Rs 500.00", country: "LK"), ["LKR"])
    }

    func testTheCountryAReceiptNames() {
        XCTAssertEqual(country("KEDAI MAKAN SEDAP\nNo 12, Jalan Ampang\n50450 Kuala Lumpur"), "MY")
        XCTAssertEqual(country("CAFE\nTel: +65 6123 4567"), "SG")
        XCTAssertEqual(country("SHOP\nTel (+60)3-7728 1234"), "MY")
        XCTAssertEqual(country("GmbH\nUSt-IdNr.: DE123456789"), "DE")
        XCTAssertEqual(country("THE HARBOR GRILL\n100 Atlantic Ave, Boston MA 02110"), "US")
        XCTAssertEqual(country("TIM HORTONS\nOttawa ON K1A 0B1"), "CA")
        XCTAssertEqual(country("Oslo, Norge"), "NO")
        XCTAssertNil(country("BAECKEREI\nHauptstrasse 1\nTel 06227 12345"))
    }

    func testTheDateOrderOfTheCountryOrTheCurrency() {
        XCTAssertEqual(ReceiptCurrencies.slashOrder(country: "US", currency: nil), .monthFirst)
        XCTAssertEqual(ReceiptCurrencies.slashOrder(country: "MY", currency: "USD"), .dayFirst)
        XCTAssertEqual(ReceiptCurrencies.slashOrder(country: nil, currency: "USD"), .monthFirst)
        XCTAssertEqual(ReceiptCurrencies.slashOrder(country: nil, currency: "MYR"), .dayFirst)
        XCTAssertEqual(ReceiptCurrencies.slashOrder(country: nil, currency: nil), .dayFirst)
    }
}
