import ExpenseTestSupport
import Foundation
import XCTest

/// The printable report as an accountant reads it, exported to PDF and read back with pdftotext
/// (and pdftoppm and tesseract for what is printed as a picture): every receipt readable (a PDF as
/// its pages, an e-mail as its text), and every fact a checker needs (issue 42).
final class PrintableReportTests: EngineTestCase {
    var app: ExpensesProcess!

    override func setUpWithError() throws {
        app = try ExpensesProcess()
        try app.walldorfTrip()
    }

    override func tearDown() { app = nil }

    func testAPDFReceiptIsPrintedAsItsPagesAndAnEmailAsItsText() throws {
        // The hotel's bill as a PDF, whose total is in no other text of the report; the taxi's as an e-mail.
        let bill = app.path("astoria.pdf")
        try MailSamples.pdf(["HOTEL ASTORIA WALLDORF", "4 nights, 2026-03-02 to 2026-03-06", "TOTAL EUR 987.65"])
            .write(to: URL(fileURLWithPath: bill))
        try app.ok("receipt", "capture", bill, "--expense", "1", "--no-ocr")
        let mail = try app.run(["receipt", "capture", "-", "--expense", "3"], stdinBytes: MailSamples.html(total: "58,30"))
        XCTAssertEqual(mail.status, 0, mail.stderr)

        let pdf = app.path("report.pdf")
        try app.ok("report", "export", "1", "-o", pdf)
        let text = try Browser.text(pdf: pdf)
        XCTAssertTrue(text.contains("Total 58,30 €"), "the e-mail's text is printed:\n\(text)")
        XCTAssertFalse(text.contains("987.65"), "the PDF receipt is printed as a picture of its page")
        let page = try XCTUnwrap(try Browser.page(containing: "Receipt 1 — item 1 — astoria.pdf", pdf: pdf), text)
        let read = try Browser.ocr(pdf: pdf, page: page)
        XCTAssertTrue(read.contains("987.65"), "the PDF receipt's total is readable on its page:\n\(read)")
    }

    func testALongPDFIsCutAfterTenPagesAndABrokenOneSaysSo() throws {
        let long = app.path("long.html")
        try (1...12).map { "<p style=\"page-break-after: always\">Page \($0) of the bill</p>" }.joined()
            .write(toFile: long, atomically: true, encoding: .utf8)
        XCTAssertEqual(try Browser.printToPDF(html: long, pdf: app.path("long.pdf")), 12)
        try app.ok("receipt", "capture", app.path("long.pdf"), "--expense", "1", "--no-ocr")
        try Data("%PDF-1.4\nnot a PDF after all\n".utf8).write(to: URL(fileURLWithPath: app.path("broken.pdf")))
        try app.ok("receipt", "capture", app.path("broken.pdf"), "--expense", "2", "--no-ocr")

        let pdf = app.path("report.pdf")
        try app.ok("report", "export", "1", "-o", pdf)
        let text = try Browser.text(pdf: pdf)
        XCTAssertTrue(text.contains("… 2 more pages not printed (receipt export writes the whole PDF)."), text)
        XCTAssertTrue(text.contains("The PDF broken.pdf cannot be printed here: pdfinfo cannot read it"), text)
        let first = try XCTUnwrap(try Browser.page(containing: "Receipt 1 — item 1 — long.pdf", pdf: pdf), text)
        let broken = try XCTUnwrap(try Browser.page(containing: "Receipt 2 — item 2 — broken.pdf", pdf: pdf), text)
        XCTAssertEqual(broken - first, 10, "ten pages of the long bill, each on a page of its own")
    }

    func testThePDFSaysEveryFactACheckerNeeds() throws {
        try fileOnly(because: "alice, bob and fiona are --user here; on a team database each is a role: TeamPrintableReportTests")
        try app.ok("config", "set", "name", "Erika Mustermann")
        let rates = app.path("rates.csv")
        try "country,valid_from,full_day,partial_day,currency\nFR,2026-01-01,53.00,36.00,EUR\n".write(
            toFile: rates, atomically: true, encoding: .utf8)
        try app.ok("allowance", "rates", "import", rates)
        try app.ok("expense", "edit", "1", "--nights", "4")
        try app.ok(
            "expense", "add", "--report", "1", "--date", "2026-03-02", "--category", "mileage", "--distance", "42.5", "--vehicle", "car",
            "--from-place", "Walldorf", "--to-place", "Frankfurt Airport")
        try app.ok("report", "stop", "1", "--date", "2026-03-04", "--country", "FR")
        try app.ok("receipt", "capture", ReceiptSamples.path("hotel-walldorf-de.jpg"), "--expense", "1", "--no-ocr")
        try app.ok("receipt", "capture", ReceiptSamples.path("restaurant-basel-ch.jpg"), "--expense", "2", "--no-ocr")
        try app.ok("report", "submit", "1")
        try app.ok("--user", "bob", "report", "reject", "1", "--reason", "The hotel bill is missing a page")
        try app.ok("report", "reopen", "1")
        try app.ok("report", "submit", "1")
        try app.ok("--user", "bob", "report", "approve", "1")
        try app.ok("--user", "fiona", "report", "reimburse", "1", "--reference", "TRX-2026-0042")

        let pdf = app.path("report.pdf")
        try app.ok("report", "export", "1", "-o", pdf)
        let text = try Browser.text(pdf: pdf)
        for (fact, words) in [
            ("the traveller's full name, from the setting", "Traveller Erika Mustermann (alice)"),
            ("the header names the reimbursement", "Reimbursed 2026-03-10 09:00:00 UTC by fiona, reference TRX-2026-0042"),
            ("the stops, country by day", "Stops 2026-03-02 to 2026-03-03 DE, 2026-03-04 to 2026-03-06 FR"),
            ("the hotel's nights", "Hotel Astoria 4 nights personal 412.80 EUR"),
            ("the journey", "mileage 42.5 km by car, Walldorf → Frankfurt Airport, 0.30 EUR a km personal 12.75 EUR"),
        ] {
            XCTAssertTrue(text.contains(words), "\(fact): '\(words)' in\n\(text)")
        }
        // The decisions in order, with who and why, and the draft's three changes folded into one line after them.
        let history = [
            "When Who Action From To Note", "alice submit draft submitted",
            "bob reject submitted rejected The hotel bill is missing a page", "alice reopen rejected draft",
            "alice submit draft submitted", "bob approve submitted approved", "fiona reimburse approved reimbursed TRX-2026-0042",
            "3 edits while a draft, on 2026-03-10 09:00:00 UTC by alice: 'expenses report history 1' lists them.",
        ]
        var rest = text[...]
        for step in history {
            let found = try XCTUnwrap(rest.range(of: step), "'\(step)' next in the history:\n\(text)")
            rest = rest[found.upperBound...]
        }
    }
}
