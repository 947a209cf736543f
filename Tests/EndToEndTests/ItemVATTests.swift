import ExpenseTestSupport
import Foundation
import XCTest

/// A hotel bill split 7/19 with the built binary, as a traveller enters it (issue 41): the room
/// at 7 %, its breakfast at 19 %, its receipt attached; `report show`, its JSON and the printed
/// report say each rate's tax. On a file and on a team database.
final class ItemVATTests: EngineTestCase {
    var app: ExpensesProcess!

    override func setUpWithError() throws { app = try ExpensesProcess() }
    override func tearDown() { app = nil }

    func testAHotelBillSplitByRateShowsEachRatesTax() throws {
        try app.ok("report", "new", "Walldorf workshop", "--from", "2026-05-04", "--to", "2026-05-05")
        XCTAssertEqual(
            try app.ok(
                "expense", "add", "--report", "1", "--date", "2026-05-04", "--amount", "125.00", "--category", "lodging",
                "--merchant", "Hotel Adler", "--vat", "7:110.00,19:15.00"),
            "Added expense 1 to report 1: 125.00 EUR lodging\n")
        let receipt = app.path("hotel.jpg")
        try FileManager.default.copyItem(atPath: ReceiptSamples.path("hotel-walldorf-de.jpg"), toPath: receipt)
        try app.ok("receipt", "capture", receipt, "--no-ocr", "--no-match")
        try app.ok("receipt", "attach", "1", "--expense", "1")

        let shown = try app.ok("report", "show", "1")
        XCTAssertNotNil(shown.range(of: #"\n  7 %\s+7\.20\s+102\.80\s+110\.00 EUR\n"#, options: .regularExpression), shown)
        XCTAssertNotNil(shown.range(of: #"\n  19 %\s+2\.39\s+12\.61\s+15\.00 EUR\n"#, options: .regularExpression), shown)
        XCTAssertFalse(shown.contains("vat-without-receipt"), "its receipt is attached")

        let json = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(try app.ok("report", "show", "1", "--format", "json").utf8)) as? [String: Any])
        let byRate = try XCTUnwrap((json["totals"] as? [String: Any])?["vatByRate"] as? [[String: Any]])
        XCTAssertEqual(byRate.map { $0["rate"] as? String }, ["7", "19"])
        XCTAssertEqual(byRate.map { ($0["tax"] as? [String: String])?["amount"] }, ["7.20", "2.39"])
        XCTAssertEqual(byRate.map { ($0["net"] as? [String: String])?["amount"] }, ["102.80", "12.61"])
        let parts = try XCTUnwrap(((json["items"] as? [[String: Any]])?.first?["vat"] as? [String: Any])?["parts"] as? [[String: Any]])
        XCTAssertEqual(parts.map { ($0["tax"] as? [String: String])?["amount"] }, ["7.20", "2.39"])

        try app.ok("report", "export", "1", "--format", "html", "-o", app.path("trip.html"))
        let html = try String(contentsOfFile: app.path("trip.html"), encoding: .utf8)
        XCTAssertTrue(html.contains("<h2>VAT</h2>"), html)
        XCTAssertTrue(html.contains("<tr><td>7 %</td><td class=\"num\">102.80 EUR</td><td class=\"num\">7.20 EUR</td>"), html)
        XCTAssertTrue(html.contains("<tr><td>19 %</td><td class=\"num\">12.61 EUR</td><td class=\"num\">2.39 EUR</td>"), html)
        let pdf = app.path("trip.pdf")
        try app.ok("report", "export", "1", "-o", pdf)
        let text = try Browser.run("/usr/bin/pdftotext", "-layout", pdf, "-")
        XCTAssertNotNil(text.range(of: #"\b7\s*%\s+102\.80 EUR\s+7\.20 EUR\s+110\.00 EUR"#, options: .regularExpression), text)
        XCTAssertNotNil(text.range(of: #"19\s*%\s+12\.61 EUR\s+2\.39 EUR\s+15\.00 EUR"#, options: .regularExpression), text)
    }
}
