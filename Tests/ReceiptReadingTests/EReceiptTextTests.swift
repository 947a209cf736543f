import ExpenseCore
import XCTest

@testable import ExpenseSupport
@testable import ReceiptReading

/// What e-receipts say (PDF text layers and HTML mails rendered to text): French and German dates
/// day first, TOTAL TTC, Gesamtbetrag, a table's total row, and VAT lines that are never the total.
final class EReceiptTextTests: XCTestCase {
    private func read(_ text: String) -> ReceiptSuggestion { ReceiptTextReader.suggestion(from: text) }
    private let march20 = CalendarDate(year: 2026, month: 3, day: 20)

    func testDayFirstDates() {
        XCTAssertEqual(read("Facture du 20/03/2026\nTotal 12,00 €").date, march20)
        XCTAssertEqual(read("Rechnung vom 20.03.2026\nSumme 12,00 EUR").date, march20)
        XCTAssertEqual(read("Date: 03/04/2026\nTOTAL TTC 12,00 €").date, CalendarDate(year: 2026, month: 4, day: 3))
    }

    func testFrenchTotalTTCAfterTheVAT() {
        let suggestion = read(
            """
            SNCF Voyageurs
            Facture du 20/03/2026
            Total HT 22,50 €
            TVA 20,0 % 4,50
            TOTAL TTC 27,00 €
            """)
        XCTAssertEqual(suggestion.amount, "27.00")
        XCTAssertEqual(suggestion.currency, "EUR")
        XCTAssertEqual(suggestion.date, march20)
        XCTAssertEqual(suggestion.merchant, "SNCF Voyageurs")
    }

    func testGermanGesamtbetragBeforeTheVAT() {
        let suggestion = read(
            """
            Deutsche Bahn
            Rechnungsdatum 20.03.2026
            Gesamtbetrag 27,00 EUR
            davon MwSt. 19% 4,31 EUR
            MwSt 19 % 4,31
            """)
        XCTAssertEqual(suggestion.amount, "27.00")
        XCTAssertEqual(suggestion.currency, "EUR")
        XCTAssertEqual(suggestion.date, march20)
    }

    func testATableRowRenderedFromHTML() {
        let text = HTMLText.text(
            of: "<table><tr><td>Netto</td><td>22,69 €</td></tr><tr><td>MwSt 19 %</td><td>4,31 €</td></tr>"
                + "<tr><td>Total</td><td>27,00 €</td></tr></table><p>VAT 20% 4.50</p>")
        XCTAssertEqual(text, "Netto  22,69 €\nMwSt 19 %  4,31 €\nTotal  27,00 €\nVAT 20% 4.50")
        XCTAssertEqual(read(text).amount, "27.00")
    }

    func testAVATLineIsNeverTheTotalWhenATotalLineExists() {
        for vat in ["TVA 20,0 % 4,50", "MwSt 19 % 4,31", "davon MwSt. 19% 4,31 EUR", "VAT 20% 4.50", "incl. VAT 4.50"] {
            XCTAssertEqual(read("Shop\nTotal 27,00\n\(vat)").amount, "27.00", vat)
            XCTAssertEqual(read("Shop\n\(vat)\nTotal 27,00").amount, "27.00", vat)
        }
    }

    func testGermanCompoundsOfTaxAndNetAreNotTheTotal() {
        for other in ["Steuerbetrag 4,31", "Nettobetrag 22,69", "Mehrwertsteuerbetrag 4,31 EUR", "MwSt.-Betrag 4,31", "Nettosumme 22,69"] {
            XCTAssertEqual(read("Shop\nGesamtbetrag 27,00 EUR\n\(other)").amount, "27.00", other)
        }
    }

    func testARideReceiptsGesamt() {
        let suggestion = read(
            """
            FreeNow
            Fahrt am 20.03.2026, 23:10
            Fahrpreis 24,00 €
            Trinkgeld 3,00 €
            Gesamt 27,00 €
            """)
        XCTAssertEqual(suggestion.amount, "27.00")
        XCTAssertEqual(suggestion.date, march20)
        XCTAssertEqual(suggestion.merchant, "FreeNow")
    }
}
