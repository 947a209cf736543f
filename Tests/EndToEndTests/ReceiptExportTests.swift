import ExpenseTestSupport
import Foundation
import XCTest

/// The printable report with its receipts, checked in headless Chromium: one page for the report,
/// then one page per receipt, each receipt once even when two items share it.
final class ReceiptExportTests: EngineTestCase {
    var app: ExpensesProcess!

    override func setUpWithError() throws {
        app = try ExpensesProcess()
        try app.walldorfTrip()
    }

    override func tearDown() { app = nil }

    func testAReportWithTwoReceiptsPrintsOnThreePages() throws {
        for (sample, expense) in [("hotel-walldorf-de.jpg", "1"), ("restaurant-basel-ch.jpg", "2"), ("restaurant-basel-ch.jpg", "3")] {
            let result = try app.run("receipt", "capture", ReceiptSamples.path(sample), "--expense", expense, "--no-ocr")
            XCTAssertEqual(result.status, 0, result.stderr)
        }
        let html = app.path("report.html")
        let pdf = app.path("report.pdf")
        try app.ok("report", "export", "1", "--format", "html", "-o", html)
        let text = try String(contentsOfFile: html, encoding: .utf8)
        XCTAssertEqual(text.components(separatedBy: "<section class=\"receipt\">").count - 1, 2, "each receipt once")
        XCTAssertTrue(text.contains("Receipt 2 — item 2, item 3 — restaurant-basel-ch.jpg"), "the shared one names both items")
        XCTAssertTrue(text.contains("data:image/jpeg;base64,"))
        XCTAssertTrue(text.contains("2 receipts attached."))

        XCTAssertEqual(try Browser.printToPDF(html: html, pdf: pdf), 3, "1 page of report + 2 receipts")
        XCTAssertGreaterThan(try Browser.inkedFraction(pdf: pdf, page: 2), 0.02, "the first receipt's page came out blank")
        // A copy under another name: each rendering is found by the PDF's name.
        let copy = app.path("report-copy.pdf")
        try FileManager.default.copyItem(atPath: pdf, toPath: copy)
        XCTAssertGreaterThan(try Browser.inkedFraction(pdf: copy, page: 3), 0.02, "the second receipt's page came out blank")
    }
}
