import ExpenseCore
import ReceiptReading
import XCTest

/// The VAT a receipt's text states (issue 41), offered as `--vat` takes it only when its
/// arithmetic holds: one rate whose tax is the total's, or parts by rate that add up to the total.
final class ReceiptVATTests: XCTestCase {
    private func vat(_ text: String) -> String? { ReceiptTextReader.suggestion(from: text).vat }

    func testOneRateIncludedInTheTotal() {
        // 23.80 at 19 %: 3.80 of tax (23.80 × 19 / 119 = 3.80).
        XCTAssertEqual(vat("Taxi Berlin\nDatum 04.05.2026\nGesamt 23,80 EUR\ninkl. 19 % MwSt 3,80"), "19")
        // "inkl. 19 % MwSt 3,19" of a 19.99 total: 19.99 × 19 / 119 = 3.1917.
        XCTAssertEqual(vat("Bäckerei Kamps\nSumme EUR 19,99\ninkl. 19 % MwSt 3,19"), "19")
        XCTAssertEqual(vat("Café Extrablatt\nTotal 10.70\nMwSt. 7% 0.70"), "7")
        XCTAssertEqual(vat("Le Bistrot\nTOTAL TTC 22,00 EUR\nTVA 10,00% 2,00"), "10")
    }

    func testATableOfRatesSplitsTheTotal() {
        let hotel = """
            Hotel Adler
            Rechnung 2026-05-04
            Übernachtung 110,00
            Frühstück 15,00
            Gesamtbetrag 125,00 EUR
            MwSt%   Netto   MwSt   Brutto
            7%     102,80   7,20   110,00
            19%     12,61   2,39    15,00
            """
        XCTAssertEqual(vat(hotel), "7:110.00,19:15.00")
        let rows = """
            Restaurant Zur Post
            Summe 50,00
            7% MwSt 2,29 von 35,00
            19% MwSt 2,39 von 15,00
            """
        XCTAssertEqual(vat(rows), "7:35.00,19:15.00")
    }

    func testNothingIsOfferedWhenTheArithmeticDoesNotHold() {
        // The tax printed is not the total's at that rate.
        XCTAssertNil(vat("Taxi\nGesamt 23,80 EUR\ninkl. 19 % MwSt 2,80"))
        // Two rates whose parts do not add up to the total.
        XCTAssertNil(
            vat("Hotel\nGesamtbetrag 130,00\nMwSt Netto MwSt Brutto\n7% 102,80 7,20 110,00\n19% 12,61 2,39 15,00"))
        // One rate of a part of the total only.
        XCTAssertNil(vat("Hotel\nGesamtbetrag 125,00\nMwSt 19% 12,61 2,39 15,00"))
        // A percent that is no VAT: a discount.
        XCTAssertNil(vat("Shop\nTotal 9,00\n10% Rabatt 1,00"))
        // No total read: nothing to add up to.
        XCTAssertNil(vat("MwSt 19% 3,80"))
    }

    func testTheSuggestionIsAValidSplitOfTheTotal() throws {
        let text = "Hotel\nGesamtbetrag 125,00\nMwSt Netto MwSt Brutto\n7% 102,80 7,20 110,00\n19% 12,61 2,39 15,00"
        let suggestion = ReceiptTextReader.suggestion(from: text)
        let eur = try XCTUnwrap(CurrencyTable.standard.currency("EUR"))
        let total = try Money.parse(try XCTUnwrap(suggestion.amount), currency: eur)
        let split = try VATSplit.parse(try XCTUnwrap(suggestion.vat), amount: total)
        XCTAssertEqual(split.gross, total)
        XCTAssertEqual(split.parts.map(\.tax.minorUnits), [720, 239])
    }
}
