import ExpenseTestSupport
import Foundation
import XCTest

/// Receipts by e-mail through the built binary, on a file and (EXPENSES_TEST_ENGINE=postgresql) a
/// team database: a message's PDF attachment, a message that is itself the receipt, on stdin as a
/// mail filter pipes it, a Maildir's new messages taken once, and hostile messages.
final class MailReceiptTests: EngineTestCase {
    var app: ExpensesProcess!

    override func setUpWithError() throws { app = try ExpensesProcess() }

    override func tearDown() { app = nil }

    private func receipts() throws -> [[String: Any]] {
        let result = try app.run("receipt", "list", "--format", "json")
        XCTAssertEqual(result.status, 0, result.stderr)
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    func testAnEmailWithAPDFAttachment() throws {
        let file = app.path("facture.eml")
        try MailSamples.withAttachment(MailSamples.invoice).write(to: URL(fileURLWithPath: file))
        let result = try app.run("receipt", "capture", file)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("PDF"), result.stdout)
        XCTAssertTrue(result.stdout.contains("from facture.pdf"), result.stdout)
        // A PDF's own text is no OCR, and is said as what it was.
        XCTAssertTrue(result.stdout.contains("\nRead from the PDF's text: SNCF Voyageurs · 2026-03-20"), result.stdout)
        XCTAssertFalse(result.stdout.contains("pdftotext"), result.stdout)
        let list = try receipts()
        XCTAssertEqual(list.count, 1)
        XCTAssertEqual(list.first?["mediaType"] as? String, "PDF")
        XCTAssertEqual(list.first?["name"] as? String, "facture.pdf")
        XCTAssertEqual(list.first?["merchant"] as? String, "SNCF Voyageurs")
        XCTAssertEqual(list.first?["date"] as? String, "2026-03-20")
        XCTAssertEqual(list.first?["total"] as? [String: String], ["amount": "27.00", "currency": "EUR"])
        let shown = try app.object("receipt", "show", "1")
        XCTAssertEqual((shown["ocr"] as? [String: Any])?["note"] as? String, "pdftotext")
        // The PDF exported is the attachment's bytes.
        try app.ok("receipt", "export", "1", "-o", app.path("out.pdf"))
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: app.path("out.pdf"))), MailSamples.invoice)
    }

    func testAScannedPDFAttachmentIsReadByOCR() throws {
        guard ReceiptSamples.tesseractInstalled else { throw MissingTool("tesseract is missing: Scripts/bootstrap installs it") }
        let scan = MailSamples.scannedPDF(jpeg: try ReceiptSamples.bytes("hotel-walldorf-de.jpg"), width: 625, height: 744)
        try scan.write(to: URL(fileURLWithPath: app.path("scan.pdf")))
        let layer = Process()
        layer.executableURL = URL(fileURLWithPath: "/usr/bin/pdftotext")
        layer.arguments = [app.path("scan.pdf"), app.path("scan.txt")]
        try layer.run()
        layer.waitUntilExit()
        XCTAssertEqual(layer.terminationStatus, 0, "pdftotext reads the scan")
        XCTAssertEqual(
            try String(contentsOfFile: app.path("scan.txt"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines), "")

        let result = try app.run(["receipt", "capture", "-"], stdinBytes: MailSamples.withAttachment(scan, filename: "scan.pdf"))
        XCTAssertEqual(result.status, 0, result.stderr)
        let shown = try app.object("receipt", "show", "1")
        let ocr = try XCTUnwrap(shown["ocr"] as? [String: Any])
        XCTAssertEqual(ocr["status"] as? String, "done")
        XCTAssertTrue((ocr["note"] as? String ?? "").hasPrefix("a scan without a text layer, read by tesseract"), "\(ocr)")
        XCTAssertEqual(try receipts().first?["merchant"] as? String, "HOTEL ASTORIA WALLDORF")
    }

    func testAnHTMLMessageOnStdinIsItselfTheReceipt() throws {
        let message = MailSamples.html()
        let result = try app.run(["receipt", "capture", "-"], stdinBytes: message)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("e-mail"), result.stdout)
        let list = try receipts()
        XCTAssertEqual(list.count, 1)
        XCTAssertEqual(list.first?["mediaType"] as? String, "e-mail")
        XCTAssertEqual(list.first?["merchant"] as? String, "Taxi Berlin")
        XCTAssertEqual(list.first?["date"] as? String, "2026-03-20")
        XCTAssertEqual(list.first?["total"] as? [String: String], ["amount": "27.00", "currency": "EUR"])
        let shown = try app.object("receipt", "show", "1")
        XCTAssertEqual(shown["mediaType"] as? String, "message/rfc822")
        let ocr = try XCTUnwrap(shown["ocr"] as? [String: Any])
        XCTAssertEqual(ocr["note"] as? String, "e-mail text")
        XCTAssertFalse((ocr["text"] as? String ?? "").contains("SCRIPTTEXT"))
        XCTAssertTrue((ocr["text"] as? String ?? "").contains("Total  27,00 €"))
        // Exported, it is the message as it came: a .eml file.
        try FileManager.default.createDirectory(atPath: app.path("out"), withIntermediateDirectories: true)
        try app.ok("receipt", "export", "1", "-o", app.path("out") + "/")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: app.path("out/receipt-1.eml"))), message)
        // The same message again is the same receipt.
        XCTAssertEqual(try app.run(["receipt", "capture", "-"], stdinBytes: message).status, 0)
        XCTAssertEqual(try receipts().count, 1)
    }

    func testAPaymentServicesReceiptIsThePayees() throws {
        let message = Data(
            """
            From: "PayPal" <service@paypal.co.uk>
            Date: Fri, 01 Jun 2018 10:12:00 +0100
            Subject: Receipt for your payment to La Barbiera
            Content-Type: text/html; charset=utf-8

            <html><body><p>Hello Jakub Jamro</p><p>You sent a payment of &pound;4.49 GBP to La Barbiera</p>
            <table><tr><td>Total</td><td>&pound;4.49 GBP</td></tr></table></body></html>

            """.utf8)
        let result = try app.run(["receipt", "capture", "-", "--no-match"], stdinBytes: message)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("Read from the e-mail's text: La Barbiera · 2018-06-01 · 4.49 GBP"), result.stdout)
        XCTAssertEqual(try receipts().first?["merchant"] as? String, "La Barbiera")
    }

    func testTheReportPrintsAnEmailReceiptAsItsText() throws {
        try app.walldorfTrip()
        let capture = try app.run(["receipt", "capture", "-", "--expense", "1"], stdinBytes: MailSamples.html())
        XCTAssertEqual(capture.status, 0, capture.stderr)
        try app.ok("report", "export", "1", "--format", "html", "-o", app.path("report.html"))
        let html = try String(contentsOfFile: app.path("report.html"), encoding: .utf8)
        XCTAssertTrue(html.contains("<pre class=\"mail\">"), html)
        XCTAssertTrue(html.contains("Total  27,00 €"), html)
        XCTAssertFalse(html.contains("data:message"))
        XCTAssertFalse(html.contains("SCRIPTTEXT"))
    }

    func testAMaildirsNewMessagesAreTakenOnce() throws {
        let maildir = app.path("Maildir")
        for folder in ["new", "cur", "tmp"] {
            try FileManager.default.createDirectory(atPath: maildir + "/" + folder, withIntermediateDirectories: true)
        }
        try MailSamples.withAttachment(MailSamples.invoice).write(to: URL(fileURLWithPath: maildir + "/new/1774011791.M1P1.host"))
        try MailSamples.html(merchant: "FreeNow", total: "31,00").write(to: URL(fileURLWithPath: maildir + "/new/1774011792.M2P2.host"))
        try Data("From: x\n\n".utf8).write(to: URL(fileURLWithPath: maildir + "/new/.hidden"))
        try FileManager.default.createSymbolicLink(atPath: maildir + "/new/1774011793.link", withDestinationPath: "/etc/hostname")

        let first = try app.run("receipt", "capture", "--maildir", maildir)
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stdout.contains("Took 2 messages"), first.stdout)
        XCTAssertEqual(try receipts().compactMap { $0["merchant"] as? String }.sorted(), ["FreeNow", "SNCF Voyageurs"])
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: maildir + "/cur").sorted(),
            ["1774011791.M1P1.host:2,S", "1774011792.M2P2.host:2,S"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: maildir + "/new").sorted(), [".hidden", "1774011793.link"])

        let second = try app.run("receipt", "capture", "--maildir", maildir, "--format", "json")
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertEqual(second.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "[]")
        XCTAssertEqual(try receipts().count, 2)
    }

    func testAMaildirMessageWithNothingOfAReceiptStaysInNewAndIsListed() throws {
        let maildir = app.path("Maildir")
        for folder in ["new", "cur", "tmp"] {
            try FileManager.default.createDirectory(atPath: maildir + "/" + folder, withIntermediateDirectories: true)
        }
        try MailSamples.html(merchant: "FreeNow", total: "31,00").write(to: URL(fileURLWithPath: maildir + "/new/1774011791.M1P1.host"))
        try Data(
            "From: anna@example.com\nDate: Fri, 20 Mar 2026 09:00:00 +0100\nSubject: Re: lunch on Friday?\n\nNoon at the station?\n".utf8
        )
        .write(to: URL(fileURLWithPath: maildir + "/new/1774011792.M2P2.host"))
        try Data(
            "From: news@shop.example\nDate: Fri, 20 Mar 2026 10:00:00 +0100\nSubject: Spring \u{1B}[31msale\nContent-Type: text/html\n\n<p>New in</p>\n"
                .utf8
        ).write(to: URL(fileURLWithPath: maildir + "/new/1774011793.M3P3.host"))

        let result = try app.run("receipt", "capture", "--maildir", maildir)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("from Your ride.eml"), "named by its subject, not its file name: \(result.stdout)")
        XCTAssertTrue(
            result.stdout.hasSuffix(
                """
                Took 1 message from \(maildir)/new into cur/

                Left in \(maildir)/new/: 2 messages with no amount and no attachment: 'Re: lunch on Friday?', 'Spring [31msale'

                """), result.stdout)
        XCTAssertFalse(result.stdout.contains("\u{1B}"), result.stdout)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: maildir + "/new").sorted(),
            ["1774011792.M2P2.host", "1774011793.M3P3.host"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: maildir + "/cur"), ["1774011791.M1P1.host:2,S"])
        XCTAssertEqual(try receipts().map { $0["name"] as? String }, ["Your ride.eml"])

        let again = try app.run("receipt", "capture", "--maildir", maildir)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(
            again.stdout,
            "Left in \(maildir)/new/: 2 messages with no amount and no attachment: 'Re: lunch on Friday?', 'Spring [31msale'\n")
        XCTAssertEqual(try receipts().count, 1)
    }

    func testAMaildirMessageThatFailsStaysInNewAndTheOthersGoOn() throws {
        let maildir = app.path("Maildir")
        for folder in ["new", "cur", "tmp"] {
            try FileManager.default.createDirectory(atPath: maildir + "/" + folder, withIntermediateDirectories: true)
        }
        try Data("not a message at all\n".utf8).write(to: URL(fileURLWithPath: maildir + "/new/1.bad"))
        try MailSamples.html().write(to: URL(fileURLWithPath: maildir + "/new/2.good:2,"))
        let result = try app.run("receipt", "capture", "--maildir", maildir)
        XCTAssertEqual(result.status, 65, result.stderr)
        XCTAssertTrue(result.stderr.contains("Maildir/new/1.bad is not a receipt image: it looks like text"), result.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: maildir + "/new"), ["1.bad"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: maildir + "/cur"), ["2.good:2,"])
        XCTAssertEqual(try receipts().count, 1)
    }

    func testMaildirUsage() throws {
        XCTAssertEqual(try app.run("receipt", "capture", "--maildir", app.path("none")).status, 66)
        let notMaildir = try app.run("receipt", "capture", "--maildir", app.path(""))
        XCTAssertEqual(notMaildir.status, 66)
        XCTAssertTrue(notMaildir.stderr.contains("is not a Maildir: it has no new/ directory"), notMaildir.stderr)
        XCTAssertEqual(try app.run("receipt", "capture", "--maildir", app.path(""), "x.eml").status, 64)
        XCTAssertEqual(try app.run("receipt", "capture", "--maildir", app.path(""), "--create", "--yes").status, 64)
        XCTAssertEqual(try app.run("receipt", "capture", "--maildir", app.path(""), "--expense", "1").status, 64)
    }

    func testHostileMessagesAreAClearErrorOrACleanReceipt() throws {
        // A Content-Type that lies: a PDF sent as a JPEG is captured as the PDF it is.
        let lying = try app.run(
            ["receipt", "capture", "-"],
            stdinBytes: MailSamples.withAttachment(MailSamples.invoice, contentType: "image/jpeg", filename: "x.jpg"))
        XCTAssertEqual(lying.status, 0, lying.stderr)
        XCTAssertEqual(try receipts().first?["mediaType"] as? String, "PDF")

        // Broken base64: refused, with its reason.
        var broken = String(decoding: MailSamples.withAttachment(MailSamples.invoice, subject: "broken"), as: UTF8.self)
        broken = broken.replacingOccurrences(of: "JVBERi0x", with: "JVB*Ri0x")
        let refused = try app.run(["receipt", "capture", "-"], stdinBytes: Data(broken.utf8))
        XCTAssertEqual(refused.status, 65, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("'facture.pdf' is not valid base64"), refused.stderr)

        // Nested multiparts 50 deep: what lies deeper than 8 is not read; the message is the receipt.
        var nested = "From: a@example.com\r\nDate: 20 Mar 2026\r\n"
        for level in 0..<50 { nested += "Content-Type: multipart/mixed; boundary=b\(level)\r\n\r\n--b\(level)\r\n" }
        nested += "Content-Type: text/plain\r\n\r\nTotal 9,99 EUR\r\n"
        let deep = try app.run(["receipt", "capture", "-"], stdinBytes: Data(nested.utf8))
        XCTAssertEqual(deep.status, 0, deep.stderr)
        XCTAssertTrue(deep.stderr.contains("parts nested deeper than 8 levels were not read"), deep.stderr)

        // A 50 MB attachment: more than receipts.max-size (20 MiB), refused before it is read.
        let large = MailSamples.withAttachment(MailSamples.invoice + Data(count: 50_000_000))
        try large.write(to: URL(fileURLWithPath: app.path("large.eml")))
        let tooLarge = try app.run("receipt", "capture", app.path("large.eml"))
        XCTAssertEqual(tooLarge.status, 65, tooLarge.stderr)
        XCTAssertTrue(tooLarge.stderr.contains("receipts may be at most 20 MiB"), tooLarge.stderr)
        XCTAssertEqual(try receipts().count, 2)
    }
}
