import ExpenseCore
import XCTest

@testable import ReceiptReading

/// The merchant where a person looks for it: the top block's business name, not a heading, a
/// table's header, an address, the customer's block or a scanner's stamp; the payee a receipt
/// names. The texts are what pdftotext and
/// tesseract read from real receipts of the corpus (Tests/Fixtures/corpus), shortened.
final class ReceiptMerchantTests: XCTestCase {
    private func merchant(_ text: String) -> String? { ReceiptTextReader.suggestion(from: text).merchant }

    // MARK: - Receipts and invoices

    func testAHeadingIsNotTheMerchant() {
        XCTAssertEqual(
            merchant("FACTUUR.                    Coolblue B.V.\n                            Weena 664\nTotaal € 717,97"), "Coolblue B.V.")
        XCTAssertEqual(
            merchant("                     Amazon Web Services Invoice\nAccount number:\nTotal for this invoice  USD 4.11"),
            "Amazon Web Services")
        XCTAssertEqual(merchant("TAX INVOICE\nKedai Runcit Ah Seng\nTotal RM 12.50"), "Kedai Runcit Ah Seng")
        XCTAssertEqual(merchant("ove PAYMENT RECEIPT\nHotel Details\nGrand Total Rs 1939"), nil, "OCR noise beside a heading")
        XCTAssertEqual(merchant("Rechnung\nKassenbon Nr: 1505\nQuittung"), nil)
    }

    func testATablesHeaderIsNotTheMerchant() {
        XCTAssertNil(merchant("Qty  Description  Price\n1  Coffee  3.50\nTotal 3.50"))
        XCTAssertNil(merchant("DESCRIPTION RATE AMOUNT\nRoom Charges Rs 1939\nGrand Total Rs 1939"))
        XCTAssertEqual(merchant("Bäckerei Schmidt\nArtikel Menge Preis\nBrötchen 4,50\nSumme 4,50"), "Bäckerei Schmidt")
    }

    func testAnAddressIsNotTheMerchant() {
        XCTAssertNil(merchant("a L\nSenefelder Straße 2\n33100 Paderborn\n05251 / 5099-0\nQuittung\nSumme 59,96"))
        XCTAssertEqual(
            merchant("QualityHosting AG - Uferweg 40-42 - D-63571 Gelnhausen\niViveLabs Ltd.\n93B Sai Yu Chung\nRechnung"),
            "QualityHosting AG", "a letter's sender line: the name, then its address")
        XCTAssertNil(merchant("No. 12, Jalan Ampang\n50450 Kuala Lumpur\nTotal RM 8.00"))
        XCTAssertNil(merchant("PO Box 1234\nHauptstr. 5\nNederland\nTotal 3.00"))
        XCTAssertEqual(merchant("Tel. 030 123456\nwww.example.com\nUSt-IdNr. DE123456789\nCafé Einstein\nSumme 4,50"), "Café Einstein")
    }

    func testTheCustomersBlockIsNotTheMerchant() {
        XCTAssertEqual(
            merchant("INVOICE\nBill to:\nInitech LLC\n12 Main Street\nSpringfield, IL 62701\nGlobex Corporation\nTotal $10.00"),
            "Globex Corporation",
            "the customer's company is not the issuer")
        XCTAssertNil(
            merchant("           Factuuradres                 Afleveradres\n           Strategic Corp               bosd\nTotaal 49,99"))
        XCTAssertNil(merchant("Guest Name: Sanjay\nGrand Total Rs 1939"))
        XCTAssertEqual(
            merchant("Rechnungsadresse\nMax Mustermann\nMusterweg 3\nMusterladen GmbH\nSumme 12,00 EUR"), "Musterladen GmbH",
            "a customer's block ends after its address")
    }

    func testAScannerAppsStampIsNotTheMerchant() {
        XCTAssertEqual(merchant("Scanned with CamScanner\nCafé Central\nTotal 4,50 EUR"), "Café Central")
        XCTAssertEqual(merchant("Scanned by TapScanner\nBistro Lola\nTotal 9.00"), "Bistro Lola")
    }

    func testTheLinesWithALegalFormIsTheIssuersName() {
        XCTAssertEqual(merchant("Es gibt immer was zu tun.\nHORNBACH Baumarkt AG\nFiliale 547\nSUMME EUR 152,00"), "HORNBACH Baumarkt AG")
        XCTAssertEqual(
            merchant("IKEA Deutschland GmbH & Co. KG\nSüdring 7, 33647 Bielefeld\nSumme 134,39"), "IKEA",
            "a national company trades under its brand")
        XCTAssertEqual(merchant("Amazon EU S.a.r.l.\nTotal 3.00 EUR"), "Amazon")
        XCTAssertEqual(merchant("Sold By : WS Retail Services Pvt. Ltd.,\nGrand Total 319.00"), "WS Retail Services Pvt. Ltd.")
        XCTAssertEqual(
            merchant("Retail Invoices/Bill\nSold By : WS Retail Services Pvt. Ltd.,\nTotal 319.00"), "WS Retail Services Pvt. Ltd.")
    }

    func testANameIsCleanedAsAPersonWouldWriteIt() {
        XCTAssertEqual(merchant("Welcome to Walmart\nTotal $3.00"), "Walmart")
        XCTAssertEqual(merchant("Herzlich willkommen bei REWE\nSumme 3,00"), "REWE")
        XCTAssertEqual(merchant("STARBUCKS STORE #1234\nTotal $3.00"), "STARBUCKS")
        XCTAssertEqual(merchant("REWE Filiale 0815\nSumme 3,00"), "REWE")
        XCTAssertEqual(merchant("Bar 45\nTotal 3.00"), "Bar 45", "a number of the name stays")
        XCTAssertEqual(merchant("= DELPHIN\nAPOTHEKE\nPADERBORN\nSumme 19,90"), "DELPHIN APOTHEKE", "a name over two lines")
        XCTAssertEqual(merchant("Free Service Abonné\n75371 Paris Cedex 08\nTotal 29,99 €"), "Free", "without its department")
    }

    func testThePayeeAReceiptNames() {
        XCTAssertEqual(
            merchant(
                "                     PAYMENT RECEIPT\nGuest Name: Sanjay\nGrand Total      Rs 1939\n"
                    + "Payment received by OYO          Paid through Cash At Hotel (Rs 1939)      Rs 1939"), "OYO")
        XCTAssertEqual(merchant("Hello Jakub Jamro\nYou sent a payment of £4.49 GBP to La Barbiera\nTotal £4.49 GBP"), "La Barbiera")
        XCTAssertEqual(merchant("You authorised a payment of 6.00 PLN to emTransit BV(support@ridedott.com)"), "emTransit BV")
        XCTAssertEqual(merchant("You submitted an order amounting to 32.00 GBP to Boots.com\nBoots"), "Boots.com")
        XCTAssertEqual(merchant("Vielen Dank für Ihre Bestellung bei Musterladen. Summe 12,00 EUR"), "Musterladen")
        XCTAssertEqual(merchant("Merci pour votre commande chez Café Lumière !"), "Café Lumière")
        XCTAssertEqual(merchant("Payment to be made in favour of\nHotel Adler\nTotal 80.00"), "Hotel Adler", "no payee is named")
        XCTAssertEqual(merchant("You paid $12.00 USD\nJoe's Pizza\nTotal $12.00"), "Joe's Pizza")
    }

    // MARK: - Hostile text

    func testHostileText() {
        XCTAssertEqual(merchant("Cafe\u{301} de la Gare\nTotal 4,50"), "Cafe\u{301} de la Gare", "combining marks")
        XCTAssertEqual(merchant("مطعم الأندلس\nالمجموع 12.00"), "مطعم الأندلس", "right-to-left")
        XCTAssertEqual(merchant("\u{202E}Bistro Lola\u{202C}\nTotal 9.00")?.contains("Bistro Lola"), true)
        let long = String(repeating: "Supercalifragilistic ", count: 2000)
        XCTAssertEqual(merchant(long + "\nHotel Adler\nTotal 80.00"), "Hotel Adler", "a line too long to be a name")
        XCTAssertNil(merchant("12345 67890\n---- ==== ****\n€€€ 3,00\n\u{0}\u{1}\u{7F}"), "no letters")
        XCTAssertNil(merchant(""))
        let payee = "You sent a payment of £1.00 GBP to " + String(repeating: "X", count: 100_000)
        XCTAssertNil(merchant(payee), "a name is short")
        XCTAssertNil(ReceiptMerchant.payee(in: "payment of to to to to"[...]))
        XCTAssertNil(ReceiptMerchant.payee(in: "you paid"[...]))
    }
}
