import ExpenseCore
import XCTest

@testable import ExpenseSupport
@testable import ReceiptReading

/// The message's structure: headers unfolded and decoded, MIME parts found and bounded.
final class MailMessageTests: XCTestCase {
    func testHeadersAreUnfoldedWithEitherLineEnd() throws {
        for end in ["\r\n", "\n"] {
            let text = ["From: A <a@example.com>", "Subject: Ihre", "\tRechnung vom", "  20.03.2026", "Date: 20 Mar 2026", "", "body"]
                .joined(separator: end)
            let message = try MailMessage.parse(Array(text.utf8))
            XCTAssertEqual(message.subject, "Ihre\tRechnung vom  20.03.2026")
            XCTAssertEqual(message.senderName, "A")
            XCTAssertEqual(message.date, CalendarDate(year: 2026, month: 3, day: 20))
            XCTAssertEqual(message.leaves.count, 1)
            XCTAssertEqual(String(decoding: message.bytes[message.leaves[0].body], as: UTF8.self), "body")
        }
    }

    func testEncodedWordsInSubjectAndSender() throws {
        let text = """
            From: =?iso-8859-1?Q?Caf=E9_de_la_Gare?= <cafe@example.fr>
            Subject: =?utf-8?B?UXVpdHR1bmcgZsO8cg==?= =?utf-8?Q?_M=C3=BCnchen?= (Reise)
            Date: Mon, 2 Mar 26 08:00 GMT

            x
            """
        let message = try MailMessage.parse(Array(text.utf8))
        XCTAssertEqual(message.subject, "Quittung für München (Reise)")
        XCTAssertEqual(message.senderName, "Café de la Gare")
        XCTAssertEqual(message.date, CalendarDate(year: 2026, month: 3, day: 2))
        XCTAssertEqual(EncodedWords.decode("=?bogus"), "=?bogus")
        XCTAssertEqual(EncodedWords.decode("a =?utf-8?X?abc?= b"), "a =?utf-8?X?abc?= b")
    }

    func testParametersQuotedAndRFC2231() {
        let value = MIMEValue("Attachment; filename*0*=UTF-8''Quittung%20M%C3%BC; filename*1=\"nchen.pdf\"; size=12")
        XCTAssertEqual(value.value, "attachment")
        XCTAssertEqual(value.parameters["filename"], "Quittung München.pdf")
        XCTAssertEqual(value.parameters["size"], "12")
        XCTAssertEqual(MIMEValue("text/plain; charset=\"iso-8859-15\"").parameters["charset"], "iso-8859-15")
        XCTAssertEqual(MIMEValue("a; name*=iso-8859-1'fr'caf%E9.pdf").parameters["name"], "café.pdf")
    }

    func testNestedMultipartsAndAMissingClosingBoundary() throws {
        let text = """
            From: a@example.com
            Date: 20 Mar 2026 10:00 +0000
            Content-Type: multipart/mixed; boundary=outer

            --outer
            Content-Type: multipart/alternative; boundary="inner"

            --inner
            Content-Type: text/plain

            plain
            --inner
            Content-Type: text/html

            <p>html</p>
            --inner--
            --outer
            Content-Type: image/png

            last, never closed
            """
        let message = try MailMessage.parse(Array(text.utf8))
        XCTAssertEqual(message.leaves.map(\.contentType.value), ["text/plain", "text/html", "image/png"])
        XCTAssertEqual(
            message.leaves.map { String(decoding: message.bytes[$0.body], as: UTF8.self) }, ["plain", "<p>html</p>", "last, never closed"])
    }

    func testNestingAndPartsAreBounded() throws {
        var text = "From: a@example.com\nDate: 20 Mar 2026\n"
        for level in 0..<20 { text += "Content-Type: multipart/mixed; boundary=b\(level)\n\n--b\(level)\n" }
        text += "Content-Type: text/plain\n\ndeep\n"
        let deep = try MailMessage.parse(Array(text.utf8))
        XCTAssertTrue(deep.leaves.isEmpty)
        XCTAssertEqual(deep.notes, ["parts nested deeper than 8 levels were not read"])

        var many = "From: a@example.com\nDate: 20 Mar 2026\nContent-Type: multipart/mixed; boundary=b\n\n"
        for _ in 0..<500 { many += "--b\nContent-Type: text/plain\n\nx\n" }
        let wide = try MailMessage.parse(Array(many.utf8))
        XCTAssertEqual(wide.leaves.count, 199)
        XCTAssertEqual(wide.notes, ["the parts after the first 200 were not read"])
    }

    func testHeadersAreBounded() {
        let long = "From: a@example.com\nSubject: " + String(repeating: "x", count: 300_000) + "\n\nbody"
        XCTAssertThrowsError(try MailMessage.parse(Array(long.utf8))) { error in
            XCTAssertEqual((error as? ExpenseError)?.kind, .invalidData)
        }
        let many = "From: a@example.com\n" + String(repeating: "X-A: b\n", count: 2000) + "\nbody"
        XCTAssertThrowsError(try MailMessage.parse(Array(many.utf8)))
    }

    func testRecognisedByContent() {
        XCTAssertTrue(MailMessage.looksLikeMessage(Array("Received: from x\r\nFrom: a@b\r\nSubject: s\r\n\r\nbody".utf8)))
        XCTAssertTrue(MailMessage.looksLikeMessage(Array("From a@b Fri Mar 20 10:00:00 2026\nFrom: a@b\nDate: x\n\n".utf8)))
        XCTAssertTrue(MailMessage.looksLikeMessage(MailFixtures.withAttachment(MailFixtures.pdf)))
        XCTAssertFalse(MailMessage.looksLikeMessage(Array("Total 12.50 EUR\nThank you\n".utf8)))
        XCTAssertFalse(MailMessage.looksLikeMessage(Array("Subject: only one\n\nbody".utf8)))
        XCTAssertFalse(MailMessage.looksLikeMessage(Array("From: a@b\nDate: x\nno blank line".utf8)))
        XCTAssertFalse(MailMessage.looksLikeMessage(MailFixtures.pdf))
        XCTAssertEqual(MediaSniffer.mediaType(of: Array("From: a@b\nDate: x\n\nbody".utf8)), .message)
        XCTAssertEqual(MediaSniffer.mediaType(of: MailFixtures.pdf), .pdf)
    }
}
