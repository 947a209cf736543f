import ExpenseCore
import XCTest

@testable import ExpenseSupport
@testable import ReceiptReading

/// The receipts a message holds: attachments told by their bytes, else the message itself; hostile
/// messages end as a clear error or a clean receipt.
final class MailReceiptsTests: XCTestCase {
    func testAPDFAttachmentIsTheReceipt() throws {
        let mail = try MailReceipts.read(MailFixtures.withAttachment(MailFixtures.pdf))
        XCTAssertEqual(mail.receipts, [MailReceipt(bytes: MailFixtures.pdf, mediaType: .pdf, name: "Rechnung.pdf", text: nil)])
        XCTAssertEqual(mail.senderName, "Deutsche Bahn")
        XCTAssertEqual(mail.subject, "Ihre Rechnung")
        XCTAssertEqual(mail.date, CalendarDate(year: 2026, month: 3, day: 20))
    }

    func testAMessageWithNoAmountAndNoAttachmentHoldsNoReceipt() throws {
        let reply = try MailReceipts.read(Array("From: a@b\nDate: 20 Mar 2026\nSubject: Re: lunch\n\nNoon at the station?\n".utf8))
        XCTAssertTrue(reply.holdsNoReceipt)
        let receipt = try MailReceipts.read(Array("From: a@b\nDate: 20 Mar 2026\n\nTaxi Berlin\nTotal 27,00 EUR\n".utf8))
        XCTAssertFalse(receipt.holdsNoReceipt, "its text says an amount")
        XCTAssertFalse(try MailReceipts.read(MailFixtures.withAttachment(MailFixtures.pdf)).holdsNoReceipt, "a PDF attached")
    }

    func testAMessagesSubjectNamesItFitForAFileAndATerminal() throws {
        func name(_ subject: String) throws -> String? {
            try MailReceipts.read(Array("From: a@b\nDate: 20 Mar 2026\nSubject: \(subject)\n\nTotal 1,00 EUR\n".utf8)).subjectName
        }
        XCTAssertEqual(try name("Ihre Fahrt mit Taxi Berlin"), "Ihre Fahrt mit Taxi Berlin.eml")
        XCTAssertEqual(try name("../../etc/passwd"), "-..-etc-passwd.eml", "no path, no leading dot")
        XCTAssertEqual(try name("Rechnung\u{1B}]0;pwned\u{07} \u{202E}fdp.exe\t  Nr. 5"), "Rechnung]0;pwned fdp.exe Nr. 5.eml")
        XCTAssertEqual(try name("=?utf-8?q?Quittung_f=C3=BCr_M=C3=BCnchen?="), "Quittung für München.eml", "an encoded word decoded")
        XCTAssertEqual(try name(String(repeating: "x", count: 200))?.count, MailReceipts.maximumSubjectNameLength + 4)
        XCTAssertNil(try name(" \u{200B} "))
        XCTAssertNil(try MailReceipts.read(Array("From: a@b\n\nTotal 1,00 EUR\n".utf8)).subjectName)
    }

    func testAContentTypeThatLiesIsNotBelieved() throws {
        // A PDF sent as a JPEG, a PNG sent as octet-stream without a name.
        let pdf = try MailReceipts.read(MailFixtures.withAttachment(MailFixtures.pdf, contentType: "image/jpeg", filename: "scan.jpg"))
        XCTAssertEqual(pdf.receipts.map(\.mediaType), [.pdf])
        // A PNG sent as the message's plain text body is the picture it is; a body quoting "%PDF-" is text.
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        let body = "From: a@b\nDate: 20 Mar 2026\nContent-Type: text/plain\nContent-Transfer-Encoding: base64\n\n"
        let picture = try MailReceipts.read(Array((body + MailFixtures.base64(png)).utf8))
        XCTAssertEqual(picture.receipts.map(\.mediaType), [.png])
        XCTAssertEqual(picture.receipts.map(\.name), ["attachment-1.png"])
        let quoting = try MailReceipts.read(Array("From: a@b\nDate: 20 Mar 2026\n\nfiles start with %PDF-1.4\n".utf8))
        XCTAssertEqual(quoting.receipts.map(\.mediaType), [.message])
        // Text sent as a PDF is no receipt: the message is.
        let text = try MailReceipts.read(MailFixtures.withAttachment(Array("just text\n".utf8)))
        XCTAssertEqual(text.receipts.map(\.mediaType), [.message])
        XCTAssertEqual(text.receipts.first?.text, "Anbei Ihre Rechnung.")
        XCTAssertEqual(text.refused, ["'Rechnung.pdf' is not a receipt: it looks like text"])
    }

    func testBrokenBase64IsRefusedWithItsReason() {
        var message = MailFixtures.withAttachment(MailFixtures.pdf)
        let broken = String(decoding: message, as: UTF8.self).replacingOccurrences("JVBERi0xLjQK", "JVBE!i0xLjQK")
        message = Array(broken.utf8)
        XCTAssertThrowsError(try MailReceipts.read(message)) { error in
            let error = error as? ExpenseError
            XCTAssertEqual(error?.kind, .invalidData)
            XCTAssertEqual(error?.message, "the message's attachment cannot be read: 'Rechnung.pdf' is not valid base64 and was not read")
        }
        XCTAssertNil(TransferEncoding.base64(Array("QUJD\nRA=x".utf8)))
        XCTAssertNil(TransferEncoding.base64(Array("QUJDR".utf8)))
        XCTAssertEqual(TransferEncoding.base64(Array(" QU\r\nJD RA== ".utf8)), Array("ABCD".utf8))
    }

    func testQuotedPrintableAndCharsets() throws {
        let text = """
            From: shop@example.de
            Date: 20 Mar 2026
            Content-Type: text/plain; charset=iso-8859-15
            Content-Transfer-Encoding: quoted-printable

            Gesamtbetrag 27,00 =A4 f=FCr M=FCnchen =
            und mehr=3D
            """
        let mail = try MailReceipts.read(Array(text.utf8))
        XCTAssertEqual(mail.receipts.first?.mediaType, .message)
        XCTAssertEqual(mail.receipts.first?.text, "Gesamtbetrag 27,00 € für München und mehr=")
        XCTAssertEqual(MailCharset.decode([0x80, 0x93, 0x94], charset: "windows-1252"), "€“”")
        XCTAssertEqual(MailCharset.decode([0xE9], charset: "ISO-8859-1"), "é")
        XCTAssertEqual(MailCharset.decode([0xA4], charset: "latin9"), "€")
        XCTAssertEqual(MailCharset.decode(Array("é".utf8), charset: "x-unknown"), "é")
        XCTAssertEqual(MailCharset.decode([0xE9], charset: "x-unknown"), "é")
    }

    func testAnHTMLBodyIsTheReceiptAndItsScriptNeverAppears() throws {
        let text = """
            From: "Taxi Berlin" <rides@taxi.example>
            Date: Fri, 20 Mar 2026 23:10:00 +0100
            Subject: Your ride
            MIME-Version: 1.0
            Content-Type: multipart/alternative; boundary=alt

            --alt
            Content-Type: text/plain; charset=utf-8

            plain version
            --alt
            Content-Type: text/html; charset=utf-8
            Content-Transfer-Encoding: quoted-printable

            <html><head><title>Receipt</title><script>alert("pwned")</script></head><body>
            <h1>Taxi Berlin</h1><p>20.03.2026</p>
            <table><tr><td>Fahrt</td><td>24,00&nbsp;&euro;</td></tr>
            <tr><td>Total</td><td>27,00 =E2=82=AC</td></tr></table>
            <script type=3D"text/javascript">document.write("<b>stolen</b>")</script>
            </body></html>
            --alt--
            """
        let mail = try MailReceipts.read(Array(text.utf8))
        XCTAssertEqual(mail.receipts.count, 1)
        let receipt = try XCTUnwrap(mail.receipts.first)
        XCTAssertEqual(receipt.mediaType, .message)
        XCTAssertEqual(receipt.name, "message.eml")
        XCTAssertEqual(receipt.bytes, Array(text.utf8))
        XCTAssertEqual(receipt.text, "Taxi Berlin\n20.03.2026\nFahrt  24,00 €\nTotal  27,00 €")
        let suggestion = ReceiptTextReader.suggestion(from: receipt.text ?? "")
        XCTAssertEqual(suggestion.amount, "27.00")
        XCTAssertEqual(suggestion.currency, "EUR")
        XCTAssertEqual(suggestion.merchant, "Taxi Berlin")
        XCTAssertEqual(suggestion.date, CalendarDate(year: 2026, month: 3, day: 20))
    }

    func testPicturesTheHTMLShowsAreNotReceipts() throws {
        let png = MailFixtures.base64([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])
        let pdf = MailFixtures.base64(MailFixtures.pdf)
        func message(_ parts: String) -> [UInt8] {
            Array(
                ("From: Shop <s@example.com>\nDate: 20 Mar 2026\nContent-Type: multipart/related; boundary=r\n\n" + parts + "--r--\n").utf8)
        }
        let html = "--r\nContent-Type: text/html\n\n<img src=\"cid:logo@shop\"><p>Total 27,00 EUR</p>\n"
        // A logo by its Content-ID, and a tracking pixel without a name: the message is the receipt.
        let logo = try MailReceipts.read(
            message(
                html + "--r\nContent-Type: image/png\nContent-ID: <logo@shop>\nContent-Transfer-Encoding: base64\n\n\(png)\n"
                    + "--r\nContent-Type: image/png\nContent-Transfer-Encoding: base64\n\n\(png)\n"))
        XCTAssertEqual(logo.receipts.map(\.mediaType), [.message])
        XCTAssertEqual(logo.receipts.first?.text, "Total 27,00 EUR")
        // A PDF shown inline with a Content-ID (as Apple Mail sends it), and a named picture the HTML
        // does not show, are receipts.
        let inline = try MailReceipts.read(
            message(
                html + "--r\nContent-Type: application/pdf\nContent-Disposition: inline; filename=bill.pdf\nContent-ID: <bill>\n"
                    + "Content-Transfer-Encoding: base64\n\n\(pdf)\n"
                    + "--r\nContent-Type: image/png\nContent-Disposition: inline; filename=photo.png\nContent-ID: <photo>\n"
                    + "Content-Transfer-Encoding: base64\n\n\(png)\n"))
        XCTAssertEqual(inline.receipts.map(\.name), ["bill.pdf", "photo.png"])
    }

    func testTooLargeIsRefusedAndLargeIsReadWithinBounds() throws {
        // A 50 MB attachment, base64: 67 MB of message.
        let attachment = MailFixtures.pdf + [UInt8](repeating: 0x41, count: 50_000_000)
        let message = MailFixtures.withAttachment(attachment)
        XCTAssertThrowsError(try MailReceipts.read(message)) { error in
            XCTAssertEqual((error as? ExpenseError)?.kind, .invalidData)
            XCTAssertEqual((error as? ExpenseError)?.message, "the message is 65 MiB, more than the 32 MiB an e-mail receipt may be")
        }
        // Under a limit, a large attachment is read whole (5 MB here: the time of a debug build).
        let five = MailFixtures.pdf + [UInt8](repeating: 0x41, count: 5_000_000)
        var limits = MailLimits()
        limits.maximumMessageBytes = 8 << 20
        let mail = try MailReceipts.read(MailFixtures.withAttachment(five), limits: limits)
        XCTAssertEqual(mail.receipts.map(\.bytes.count), [five.count])
    }

    func testAnEmptyOrHeaderOnlyMessageIsAnEmptyMessageReceipt() throws {
        let mail = try MailReceipts.read(Array("From: a@b\nDate: 1 Jan 2026\n\n".utf8))
        XCTAssertEqual(mail.receipts.map(\.text), [""])
        XCTAssertEqual(MailReceipts.text(ofMessage: Array("no message".utf8)).text, "")
    }
}
