import ExpenseCore
import XCTest

@testable import ReceiptReading

/// The merchant where a person looks for it: the top block's business name, not a heading, a
/// table's header, an address, the customer's block or a scanner's stamp; the payee a receipt or
/// an e-mail names; an e-mail's sender when it is a business. The texts are what pdftotext and
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
        XCTAssertEqual(merchant("MKEA\nIKEA Deutschland GmbH& Co.KG\nSumme 134,39"), "IKEA", "as OCR glues it")
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

    // MARK: - Where the letterhead cannot be read

    /// A slogan printed over the logo is no name: the company line at the foot is, with a
    /// misread GmbH too (tesseract on the corpus's Rossmann receipt).
    func testASloganIsNotTheMerchant() {
        XCTAssertEqual(
            merchant(
                "Mein Drogeriemarkt\n21.02.2020 15:56 Bed.Nr.:120 Kasse 02\nTotal €1,95\nVIELEN DANK FUR IHREN EINKAUF\n"
                    + "UKST: 3322 Dirk Rossmann GnbH\nPaderborn / Westernstr. 29"), "Dirk Rossmann")
        XCTAssertEqual(merchant("Your local bakery\nBäckerei Krume\nSumme 3,20"), "Bäckerei Krume")
    }

    /// Below the address, the first priced line or the currency over the prices starts the items:
    /// an item whose price OCR lost is no name. The company line at the foot names the shop, its
    /// legal form dropped; an amount's "EURO" is no misread legal form (EURL).
    func testTheItemsEndTheLetterheadAndTheCompanyLineNamesTheShop() {
        let aldi = """
            Pohlweg 110
            33100 Paderborn
            UNSERE ÖFFNUNGSZEITEN
            ECHTER UBERSEERUM 40%VOL. 5,60 A
            BIO HONIG SZ
            ZU ZAHLEN EURO 24,23
            Vielen Dank für Ihren Einkauf!
            Aldi GmbH & Co. KG, Schloß Holte
            """
        XCTAssertEqual(merchant(aldi), "Aldi")
        XCTAssertNil(merchant("Warburger Straße 130\n33100 Paderborn\nEUR\nEmmentaler Stück 259 % 2 BA\nzu zahlen 7,16"))
        XCTAssertNil(merchant("Hauptstr. 5\n10115 Berlin\nKAFFEE 2,50\nZU ZAHLEN EURO 2,50"))
    }

    /// The receipt's own web or e-mail address names the shop when nothing else does, and says
    /// which of the top block's names is the issuer's (not the tagline above it); a mail host or
    /// a payment service's is no shop's.
    func testTheReceiptsOwnAddressNamesTheShop() {
        XCTAssertEqual(
            merchant("a L\nSenefelder Straße 2\n33100 Paderborn\nQuittung\nelec.-cash 59,96\nwww.roller.de\nVielen Dank"), "Roller")
        let azure = """
                                                                 Global Wholesaler
            Azure Interior
            4557 De Silva St
            Fremont CA 94538
            Invoice INV/2023/03/0008
            Total                                        $ 279.84
                    (870)-931-0505 azure.Interior24@example.com http://www.azure-interior.com
            """
        XCTAssertEqual(merchant(azure), "Azure Interior")
        XCTAssertNil(merchant("Hauptstr. 5\n10115 Berlin\nSumme 4,50\nFragen? kasse.berlin@gmail.com\nwww.paypal.com/de"))
        XCTAssertEqual(merchant("Hauptstr. 5\nSumme 12,00\nhttps://shop.example.co.uk/help"), nil, "example is no shop")
        XCTAssertEqual(merchant("Hauptstr. 5\n10115 Berlin\nSumme 12,00\nhttps://www.buchhaus-mueller.co.uk/help"), "Buchhaus Mueller")
    }

    /// Who a bank transfer pays, and who a seller acts for, are named by the invoice's words.
    func testTheAccountHolderAndTheOneASellerActsFor() {
        XCTAssertEqual(
            merchant(
                "ALEXINUX\nde Lattre Alexis\n27 rue Henri Rolland\nFacture n° 2022089083\nTotal TTC : 56,02 €\n"
                    + "Virement       BRED BANQUE POPULAIRE – Titulaire du compte : NETPRESSE\nIBAN : FR76 1010"), "NETPRESSE")
        XCTAssertEqual(merchant("Rechnung\nSumme 80,00 EUR\nKontoinhaber: Muster Reisen GmbH\nIBAN DE02"), "Muster Reisen GmbH")
        XCTAssertEqual(
            merchant("Factuuradres\nStrategic Corp\nFactuur totaal EUR 49,99\ne-Luscious Nederland B.V. iov Saeco.com"), "Saeco.com")
    }

    /// OCR glues a phrase's words: "Paymentreceived by", "THANKYOU FOR SHOPPING AT".
    func testAPhraseWhoseWordsOCRGlued() {
        XCTAssertEqual(merchant("Grand Total Rs 1939\nPaymentreceived by OYO Paid through Cash At Hotel (Rs 1939) Rs 1939"), "OYO")
        XCTAssertEqual(merchant("TOTAL 4.50\nTHANKYOU FOR SHOPPING AT CORNER DELI"), "CORNER DELI")
        XCTAssertEqual(merchant("Hotel Adler\nTOTAL 4.50\nPaymentreceivers list 3"), "Hotel Adler", "a glued word that is not the phrase")
    }

    /// A line OCR could hardly read is no name (`unsure`): the company line below stands.
    func testALineOCRCouldHardlyReadIsNoName() {
        let text = "Fad lunbeLd nell\nPohlweg 110\n33100 Paderborn\nZU ZAHLEN EURO 24,23\nAldi GmbH & Co. KG, Schloß Holte"
        XCTAssertEqual(ReceiptTextReader.suggestion(from: text).merchant, "Fad lunbeLd nell")
        XCTAssertEqual(ReceiptTextReader.suggestion(from: text, unsure: ["Fad lunbeLd nell"]).merchant, "Aldi")
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

    // MARK: - E-mails

    private func mail(from: String, subject: String = "Receipt", body: String) throws -> (MailReceipts, String) {
        let message = "From: \(from)\nSubject: \(subject)\nDate: 20 Mar 2026\nContent-Type: text/plain\n\n\(body)\n"
        let mail = try MailReceipts.read(Array(message.utf8))
        return (mail, mail.receipts.first?.text ?? "")
    }

    private func merchant(from: String, subject: String = "Receipt", body: String) throws -> String? {
        let (mail, text) = try mail(from: from, subject: subject, body: body)
        return mail.merchant(text: text, read: ReceiptTextReader.suggestion(from: text).merchant)
    }

    func testAnEMailsPayee() throws {
        XCTAssertEqual(
            try merchant(
                from: "\"service@paypal.co.uk\" <service@paypal.co.uk>",
                body: "Hello Jakub Jamro,\nYou sent a payment of £4.49 GBP to La Barbiera\nTotal £4.49 GBP"), "La Barbiera")
        XCTAssertEqual(
            try merchant(from: "PayPal <service@paypal.de>", body: "Guten Tag,\nIhre Zahlung an Taxi Berlin wurde gesendet.\n27,00 EUR"),
            "Taxi Berlin", "the payment service is not the merchant")
        XCTAssertEqual(
            try merchant(from: "Apple <no_reply@email.apple.com>", subject: "Your receipt from Apple.", body: "Hi Jane,\nTotal 2,99 €"),
            "Apple", "the subject names it")
    }

    func testTheSendersDisplayNameWhenItIsABusiness() throws {
        XCTAssertEqual(
            try merchant(from: "Deutsche Bahn <noreply@bahn.de>", body: "Hallo Max,\nIhre Fahrkarte\nGesamtbetrag 27,00 EUR"),
            "Deutsche Bahn")
        XCTAssertEqual(
            try merchant(from: "Cafe <c@example.com>", body: "Cafe Central\nSumme 4,20 EUR"), "Cafe Central",
            "the text's letterhead names the sender more fully")
        XCTAssertEqual(try merchant(from: "Uber Receipts <uber.us@uber.com>", body: "Thanks for tipping, Jane\nTotal €12.00"), "Uber")
        XCTAssertEqual(
            try merchant(from: "Amazon.co.uk <auto-confirm@amazon.co.uk>", body: "Hello Jane,\nOrder Total: £28.98"), "Amazon.co.uk")
        // A person forwarding a receipt, or writing from a personal mailbox, is not the merchant.
        XCTAssertEqual(
            try merchant(from: "Jane Doe <jane.doe@company.example>", body: "Café Einstein\nSumme 4,50 EUR"), "Café Einstein")
        XCTAssertEqual(try merchant(from: "Max Mustermann <mm1984@gmail.com>", body: "Hotel Adler\nTotal 80.00 EUR"), "Hotel Adler")
        XCTAssertEqual(try merchant(from: "Max Mustermann <mm1984@gmail.com>", body: "12.03.2026\n80,00 EUR"), "Max Mustermann")
        XCTAssertEqual(try merchant(from: "no-reply <no-reply@shop.example>", body: "Total 3.00"), "no-reply", "nothing better")
    }
}
