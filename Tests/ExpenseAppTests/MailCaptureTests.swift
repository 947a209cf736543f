import ExpenseTestSupport
import Foundation
import XCTest

/// `receipt capture` of an e-mail, run as the binary runs it: each picture attached is a receipt
/// of its own, a message without one is itself the receipt, and `--maildir` goes with nothing
/// that would make one expense of a whole mailbox.
final class MailCaptureTests: EngineTestCase {
    var app: InProcessApp!

    override func setUpWithError() throws { app = try InProcessApp() }

    override func tearDown() { app = nil }

    private func message(attachments: [(name: String, type: String, bytes: Data)]) -> Data {
        var text = """
            From: "Hotel Astoria" <front@astoria.example>
            Date: Fri, 06 Mar 2026 09:00:00 +0100
            Subject: Your bills
            MIME-Version: 1.0
            Content-Type: multipart/mixed; boundary=bills

            --bills
            Content-Type: text/plain

            Attached.

            """
        for attachment in attachments {
            text += """
                --bills
                Content-Type: \(attachment.type)
                Content-Disposition: attachment; filename="\(attachment.name)"
                Content-Transfer-Encoding: base64

                \(attachment.bytes.base64EncodedString(options: .lineLength76Characters))

                """
        }
        return Data((text + "--bills--\n").utf8)
    }

    func testEachPictureAttachedIsAReceiptOfItsOwn() throws {
        try app.walldorfTrip()
        let mail = message(attachments: [
            ("hotel.jpg", "image/jpeg", try ReceiptSamples.bytes("hotel-walldorf-de.jpg")),
            ("taxi.png", "application/octet-stream", try ReceiptSamples.bytes("taxi-zurich-ch.png")),
            ("terms.txt", "text/plain", Data("Terms and conditions".utf8)),
        ])
        let result = try app.run(["receipt", "capture", "-", "--expense", "1", "--no-ocr", "--format", "json"], stdinBytes: mail)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            result.stderr, "expenses: warning: the message from standard input: 'terms.txt' is not a receipt: it looks like text\n")
        let captured = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(captured.count, 2)
        XCTAssertEqual(
            try app.query("SELECT group_concat(media_type || ' ' || original_name || ' ' || source, ', ') FROM receipts"),
            "image/jpeg hotel.jpg stdin, image/png taxi.png stdin")
        XCTAssertEqual(try app.query("SELECT group_concat(receipt_id) FROM expense_receipts WHERE expense_id = 1"), "1,2")
    }

    func testAMessageWithoutAttachmentsIsTheReceipt() throws {
        let mail = Data("From: Cafe <c@example.com>\nDate: 6 Mar 2026 10:00 +0100\nSubject: Bon\n\nCafe Central\nSumme 4,20 EUR\n".utf8)
        try mail.write(to: URL(fileURLWithPath: app.path("bon.eml")))
        let result = try app.run("receipt", "capture", app.path("bon.eml"))
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("Captured receipt 1: e-mail, "), result.stdout)
        XCTAssertTrue(result.stdout.contains("Read from the e-mail's text: Cafe Central · 2026-03-06 · 4.20 EUR"), result.stdout)
        XCTAssertEqual(try app.query("SELECT media_type || ' ' || original_name FROM receipts"), "message/rfc822 Bon.eml")
    }

    func testACaptureSuggestsTheCategoryItsWordsPointAtOrNone() throws {
        // A Danish taxi's receipt, the ride to a hotel: taxi, not lodging.
        let taxi = Data(
            "From: Taxa <kvittering@taxa.example>\nDate: 11 Mar 2026 08:10 +0100\nSubject: Kvittering\n\n"
                .appending("TAXA 4x35\nKvittering\nFra: Kastrup Lufthavn\nTil: Hotel Alexandra\nTotal DKK 312,00\n").utf8)
        let created = try app.run(["receipt", "capture", "--create", "--yes", "-"], stdinBytes: taxi)
        XCTAssertEqual(created.status, 0, created.stderr)
        XCTAssertEqual(try app.query("SELECT category || ' ' || amount_minor || ' ' || currency FROM expenses"), "taxi 31200 DKK")
        // Words that point nowhere suggest no category, and the hint names none either.
        let kiosk = Data(
            "From: Kiosk <k@example.com>\nDate: 6 Mar 2026 10:00 +0100\nSubject: Bon\n\nKiosk am Stachus\nSumme 7,40 EUR\n".utf8)
        let refused = try app.run(["receipt", "capture", "--create", "--yes", "-"], stdinBytes: kiosk)
        XCTAssertEqual(refused.status, 65, refused.stderr)
        XCTAssertEqual(
            refused.stderr,
            """
            expenses: error: the receipt does not say which category it is
            hint: give it: --category CODE ('expenses category list' shows the codes)

            """)
    }

    func testMaildirGoesWithNothingThatMakesOneExpenseOfAMailbox() throws {
        for extra in [["x.eml"], ["--camera"], ["--inbox"], ["--create", "--yes"], ["--expense", "1"]] {
            let result = try app.run(["receipt", "capture", "--maildir", app.path("")] + extra)
            XCTAssertEqual(result.status, 64, "\(extra): \(result.stderr)")
        }
        let notMaildir = try app.run("receipt", "capture", "--maildir", app.path(""))
        XCTAssertEqual(notMaildir.status, 66, notMaildir.stderr)
        XCTAssertTrue(notMaildir.stderr.contains("is not a Maildir: it has no new/ directory\nhint: a Maildir has new/, cur/ and tmp/"))
    }
}
