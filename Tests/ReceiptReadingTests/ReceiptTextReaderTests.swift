import ExpenseCore
import XCTest

@testable import ExpenseSupport
@testable import ReceiptReading

/// Suggestions from fixed OCR text: receipts in German, English, French and Swiss layouts,
/// with the misreadings OCR makes.
final class ReceiptTextReaderTests: XCTestCase {
    private func read(_ text: String) -> ReceiptSuggestion { ReceiptTextReader.suggestion(from: text) }
    private func date(_ text: String) throws -> CalendarDate { try CalendarDate.parse(text) }

    func testGermanHotelBill() throws {
        let suggestion = read(
            """
            HOTEL ASTORIA WALLDORF
            Hauptstrasse 12, 69190 Walldorf
            Tel. +49 6227 123456
            RECHNUNG Nr. 2026-0412
            Datum: 06.03.2026
            Anreise 02.03.2026 Abreise 06.03.2026
            4 x Uebernachtung EZ 4 x 259,00
            1.036,00
            Zwischensumme 1.194,00
            Summe 1.234,56
            enthaltene MwSt 7% 67,82
            Betrag EUR 1.234,56
            Bezahlt: Visa **** 4421
            """)
        XCTAssertEqual(
            suggestion,
            ReceiptSuggestion(
                merchant: "HOTEL ASTORIA WALLDORF", date: try date("2026-03-06"),
                amount: "1234.56", currency: "EUR", category: "lodging"))
    }

    func testAmericanRestaurantWithTaxAndTip() throws {
        let suggestion = read(
            """
            THE HARBOR GRILL
            100 Atlantic Ave, Boston MA
            03/05/2026 8:47 PM
            2 Clam Chowder 19.00
            Subtotal 130.50
            Tax 7% 9.14
            Tip 26.10
            TOTAL $165.74
            VISA XXXXXXXXXXXX1187
            """)
        XCTAssertEqual(suggestion.amount, "165.74")
        XCTAssertEqual(suggestion.currency, "USD")
        XCTAssertEqual(suggestion.date, try date("2026-03-05"), "month first: a dollar receipt")
        XCTAssertEqual(suggestion.merchant, "THE HARBOR GRILL")
        XCTAssertEqual(suggestion.category, "meals")
    }

    func testFrenchTotalAPayerAfterTotalHT() throws {
        let suggestion = read(
            """
            BRASSERIE DU MARCHE
            12 rue de Bretagne, 75003 Paris
            04/03/2026 13:51
            Total HT 44,58
            TVA 10% 4,42
            TOTAL TTC 53,00
            Total à payer 53,00 €
            CB SANS CONTACT
            """)
        XCTAssertEqual(suggestion.amount, "53.00")
        XCTAssertEqual(suggestion.currency, "EUR")
        XCTAssertEqual(suggestion.date, try date("2026-03-04"), "day first in euros")
    }

    func testSwissFrancsAndATwoDigitYear() throws {
        let suggestion = read(
            """
            Restaurant Zum Goldenen Sternen
            4052 Basel
            Tisch 4 Datum 03.03.26
            1 Tagesmenu Fr. 24.50
            Total Fr. 34.80
            MWST 8.1% inkl. Fr. 2.61
            """)
        XCTAssertEqual(
            suggestion,
            ReceiptSuggestion(
                merchant: "Restaurant Zum Goldenen Sternen", date: try date("2026-03-03"),
                amount: "34.80", currency: "CHF", category: "meals", vat: "8.1"),
            "34.80 at 8.1 % holds 2.61 of VAT, as printed")
    }

    func testTheAmountOnTheLineBelowItsLabel() {
        let suggestion = read(
            """
            TAXI ZENTRALE
            Total
            CHF 49.50
            inkl. MWST 8.1% CHF 3.71
            """)
        XCTAssertEqual(suggestion.amount, "49.50")
        XCTAssertEqual(suggestion.currency, "CHF")
        XCTAssertEqual(suggestion.category, "taxi")
    }

    func testStrongLabelsWinAndTaxIncludedTotalsCount() {
        XCTAssertEqual(read("Total 50.00\nAmount due 43.20\nCash 50.00\nChange 6.80").amount, "43.20")
        XCTAssertEqual(read("Summe inkl. MwSt 23,80\nMwSt 19% 3,80").amount, "23.80")
        XCTAssertEqual(read("Gesamtbetrag 36,00 EUR\ndarin 7% MwSt 2,36 EUR").amount, "36.00")
        XCTAssertEqual(read("SUMMEEUR 7.40\nGegeben BAR 10,00\nRueckgeld 2,60").amount, "7.40", "a label glued to the next word")
        XCTAssertEqual(read("Sub Total 10.00\nGrand Total 11.90").amount, "11.90")
    }

    func testTheDateOfPurchaseOverArrivalAndTravelDates() throws {
        XCTAssertEqual(read("Entry: 2026-03-02 07:41\nExit: 2026-03-06 19:05\nAmount due $156.00").date, try date("2026-03-06"))
        XCTAssertEqual(read("Travel date: 9 Mar 2026 08:13\nDate of issue: 2 Mar 2026").date, try date("2026-03-02"))
        XCTAssertEqual(read("Valid from 01.04.2026\n12.03.2026 Kasse 2").date, try date("2026-03-12"))
    }

    func testTheMerchantIsTheFirstLineThatReadsLikeAName() {
        XCTAssertEqual(read("*** RECEIPT ***\n~ -\n== Blue Bottle Cafe ==\n54 W 40th St\nTotal $11.65").merchant, "Blue Bottle Cafe")
        XCTAssertEqual(
            read("Tel. 030 123456\nwww.example.com\nFunk Taxi Berlin GmbH\nGesamtbetrag 36,00").merchant,
            "Funk Taxi Berlin GmbH")
        XCTAssertNil(read("12.03.2026\n4,50\n").merchant)
    }

    func testNothingRecognisableGivesAnEmptySuggestion() {
        XCTAssertTrue(read("").isEmpty)
        XCTAssertTrue(read("\u{0C}\n  \n").isEmpty)
        let suggestion = read("~~~ .. ,,\n|||")
        XCTAssertNil(suggestion.amount)
        XCTAssertNil(suggestion.date)
    }

    func testCategoryGuesses() {
        XCTAssertEqual(read("EUROSTAR RAIL SERVICES\nCoach 12 Seat 61").category, "rail")
        XCTAssertEqual(read("LOGAN AIRPORT PARKING\nCentral Garage").category, "parking")
        XCTAssertEqual(
            read("Funk Taxi Berlin GmbH\nFahrt: Hauptbahnhof - Messe").category, "taxi", "the merchant's word outweighs a station")
        XCTAssertEqual(read("HOTEL ADLER\nFruehstueck 12,00\nParkgarage 15,00").category, "lodging")
        XCTAssertNil(read("Kiosk am Stachus\nSumme 7,40").category)
        XCTAssertNil(read("Cabernet Sauvignon 12.00").category, "a cab is not a cabernet")
    }

    func testAPrintedPagesHeaderAndFooterAreNotTheInvoicesDate() throws {
        // A web shop's receipt printed from Chromium to PDF and read by pdftotext: the header
        // dates the printing (6 December), the invoice is of 2 March.
        let suggestion = read(
            """
            06/12/2026, 14:03                                  Your order – Shop Example
            Shop Example GmbH
            Bestellung vom 02.03.2026
            1 x USB-C Adapter 49,90
            Summe 49,90 EUR
            https://shop.example/orders/123                                             1/2
            """)
        XCTAssertEqual(suggestion.date, try date("2026-03-02"))
        XCTAssertEqual(suggestion.merchant, "Shop Example GmbH")
        XCTAssertNil(read("12/6/26, 2:03 PM    Order 123 – Shop\nThank you\nTotal $12.00").date, "only the printing's date: none")
        // Firefox's footer at the bottom of the first page: the printing's date, the receipt has none.
        XCTAssertNil(read("Rides GmbH\nGesamt 27,00 €\n1 of 2    12/6/26, 2:03 PM\u{0C}Page two\n").date)
    }

    func testCategoryWordsOfTheCountriesATripMeets() {
        XCTAssertEqual(
            read("TAXA 4x35\nKvittering\nFra: Kastrup Lufthavn\nTil: Hotel Alexandra\nTotal DKK 312,00").category, "taxi",
            "a Danish taxi to a hotel is a taxi, not lodging")
        XCTAssertEqual(read("Dantaxi 4x48 ApS\nKoersel 12,4 km\nTotal DKK 198,00").category, "taxi")
        XCTAssertEqual(read("Taksi Helsinki Oy\nKuitti\nYhteensae 24,50 EUR").category, "taxi")
        XCTAssertEqual(read("DSB\nKoebenhavn H - Odense St.\nTotal DKK 279,00").category, "rail")
        XCTAssertEqual(read("Hotell Tornet\nOvernatting 1 natt\nSumma 1 290,00 SEK").category, "lodging")
        XCTAssertEqual(
            read("HANSA FUNKTAXI HAMBURG\nVon: Hauptbahnhof\nNach: Hotel Atlantic\nSumme 27,00").category, "taxi")
        XCTAssertNil(read("Kvittering\nVare 1 stk\nTotal DKK 45,00").category, "no word points anywhere: no guess")
    }

    func testOnlyTheFirst64KiBAreRead() {
        let receipt = "TAXI ZENTRALE\nSumme 23,40 EUR\n"
        let beyond = receipt + String(repeating: "-", count: 64 << 10) + "\nTotal 99,99 EUR\n"
        XCTAssertEqual(read(beyond).amount, "23.40", "the total after the limit is not read")
        XCTAssertEqual(read(beyond).merchant, "TAXI ZENTRALE")
        let within = receipt + String(repeating: "-", count: 1_000) + "\nTotal 99,99 EUR\n"
        XCTAssertEqual(read(within).amount, "99.99", "of equal labels the lowest wins")
    }
}
