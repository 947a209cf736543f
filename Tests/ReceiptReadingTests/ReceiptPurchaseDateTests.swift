import ExpenseCore
import XCTest

@testable import ExpenseSupport
@testable import ReceiptReading

/// The invoice's or receipt's own date, not a due, delivery or print date, in six languages.
final class ReceiptPurchaseDateTests: XCTestCase {
    private func date(_ text: String) -> CalendarDate? { ReceiptTextReader.suggestion(from: text).date }
    private func day(_ text: String) throws -> CalendarDate { try CalendarDate.parse(text) }

    func testTheInvoiceDateNotTheDueDate() throws {
        XCTAssertEqual(date("ACME LTD\nDue date: 2026-04-15\nInvoice date: 2026-03-16\nTotal 120.00"), try day("2026-03-16"))
        XCTAssertEqual(
            date("Muster GmbH\nFälligkeitsdatum: 15.04.2026\nRechnungsdatum: 16.03.2026\nSumme 120,00"), try day("2026-03-16"))
        XCTAssertEqual(date("Muster GmbH\nZahlbar bis 15.04.2026\nDatum 16.03.2026"), try day("2026-03-16"))
        XCTAssertEqual(date("SARL DUPONT\nDate d'échéance : 15/04/2026\nDate de facture : 16/03/2026"), try day("2026-03-16"))
        XCTAssertEqual(date("EMPRESA SL\nFecha de vencimiento: 15/04/2026\nFecha de factura: 16/03/2026"), try day("2026-03-16"))
        XCTAssertEqual(date("DITTA SRL\nScadenza 15/04/2026\nData fattura 16/03/2026"), try day("2026-03-16"))
        XCTAssertEqual(date("SYARIKAT ABC\nTarikh akhir: 15/04/2026\nTarikh: 16/03/2026"), try day("2026-03-16"))
    }

    func testNotTheDeliveryOrThePrintDate() throws {
        XCTAssertEqual(date("ACME LTD\nDelivery date: 2026-03-20\nDate: 2026-03-16"), try day("2026-03-16"))
        XCTAssertEqual(date("Muster GmbH\nLieferdatum 20.03.2026\nRechnungsdatum 16.03.2026"), try day("2026-03-16"))
        XCTAssertEqual(date("SHOP\nPrinted 2026-03-20 10:00\n16/03/2026 Total 3.00"), try day("2026-03-16"))
    }

    func testAnInvoicesDateNamedByTheInvoice() throws {
        XCTAssertEqual(
            date("Free\nFacture n°562044387 du 02 Juillet 2015\nDate limite de paiement le 05 Juillet 2015"), try day("2015-07-02"))
        XCTAssertEqual(date("Coolblue\nVervaldatum: 12 april 2014\nFactuurdatum: 29 maart 2014"), try day("2014-03-29"))
    }

    func testALabelOnTheLineAboveItsDate() throws {
        XCTAssertEqual(date("ACME LTD\nDue date\n2026-04-15\nInvoice date\n2026-03-16"), try day("2026-03-16"))
    }

    func testMonthNamesOfSpainItalyAndMalaysia() throws {
        XCTAssertEqual(date("EMPRESA\n2 de marzo de 2026"), try day("2026-03-02"))
        XCTAssertEqual(date("DITTA\n2 marzo 2026"), try day("2026-03-02"))
        XCTAssertEqual(date("KEDAI\n2 Mac 2026"), try day("2026-03-02"))
        XCTAssertEqual(date("KEDAI\n15 Ogos 2026"), try day("2026-08-15"))
    }
}
