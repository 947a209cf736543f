import ExpenseCore
import ExpenseSupport
import Rendering
import XCTest

/// serve's report page: the facts, items, per diems, advances and totals it is given, laid out
/// as HTML with every text escaped and every figure as given (never computed again).
final class ReportPageTests: XCTestCase {
    /// Markup, both quotes, a quote with a combining mark on it, an ampersand, a line break and
    /// a right-to-left override.
    let hostile = "<script>alert(1)</script>\"><img src=x onerror=alert(2)> O'Brien \"\u{301} & \r\n\u{202E}gpj.exe"
    let escaped =
        "&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img src=x onerror=alert(2)&gt; O&#39;Brien &quot;\u{301} &amp; \r\n\u{202E}gpj.exe"

    private func page(actions: [WebPage.Link] = []) throws -> ReportPage {
        let eur = try XCTUnwrap(CurrencyTable.standard.currency("EUR"))
        let items = Listing(
            columns: [
                .init("date", "date"), .init("merchant", "merchant"), .init("amount", "amount"), .init("hidden", "hidden", inTable: false),
            ],
            rows: [[.text("2026-03-03"), .text(hostile), .money(Money(minorUnits: 123_456, currency: eur)), .text("<never shown>")]])
        let days = Listing(columns: [.init("date", "date"), .init("amount", "amount")], rows: [[.text("2026-03-03"), .text("14.00 EUR")]])
        return ReportPage(
            id: 7, facts: [("Purpose", hostile), ("Status", "draft"), ("Place", "")], items: items,
            sections: [
                .init("Receipts missing (policy warning)", [hostile]), .init("VAT by rate", ["rate  tax", hostile], aligned: true),
            ],
            perDiems: .init(
                heading: "Computed from the trip; frozen when it is submitted.", days: days, lines: ["Per diems total: 14.00 EUR"]),
            advances: .init("Advances", ["#1  2026-03-01  100.00 EUR"]), byCurrency: [("EUR", "1,234.56")],
            totals: [
                .init("Total in EUR:", "1,234.56", "EUR"), .init("  paid personally:", "1,234.56", "EUR"),
                .init("Advances paid:", "100.00", "EUR"), .init("Due to employee:", "at least 1,148.56", "EUR", isDue: true),
            ], incomplete: hostile, actions: actions)
    }

    func testEveryTextIsEscapedEvenAQuoteWithACombiningMark() throws {
        let body = try page().body
        XCTAssertFalse(body.contains("<script"), body)
        XCTAssertFalse(body.contains("<img"), body)
        XCTAssertFalse(body.contains("\"\u{301}"), "a quote with a combining mark ends an attribute: \(body)")
        XCTAssertTrue(body.contains("<dt>Purpose</dt><dd>\(escaped)</dd>"), body)
        XCTAssertTrue(body.contains("<td>\(escaped)</td>"), body)
        XCTAssertTrue(body.contains("<li>\(escaped)</li>"), body)
        XCTAssertTrue(body.contains("<pre style=\"overflow-x:auto\">rate  tax\n\(escaped)</pre>"), body)
        XCTAssertTrue(body.contains("Incomplete: \(escaped)"), body)
        XCTAssertFalse(body.contains("never shown"), "a column for programs only")
        XCTAssertFalse(body.contains("<dt>Place</dt>"), "an empty fact is left out, as report show leaves it")
        XCTAssertEqual(HTML.escape("\"\u{301}"), "&quot;\u{301}")
        XCTAssertEqual(HTML.escape("<\u{338}"), "&lt;\u{338}", "≮ is < with a combining stroke")
    }

    func testTheFiguresAreTheOnesGivenAndWhatIsDueStandsOut() throws {
        let body = try page().body
        XCTAssertTrue(body.contains("<td style=\"text-align:right\">1,234.56 EUR</td>"), "the item's amount as a listing shows it: \(body)")
        XCTAssertTrue(body.contains("<tr><th>Spent in EUR</th><td style=\"text-align:right\">1,234.56 EUR</td></tr>"), body)
        XCTAssertTrue(body.contains("<tr><th>Total in EUR:</th><td style=\"text-align:right\">1,234.56 EUR</td></tr>"), body)
        XCTAssertTrue(body.contains("<tr><th>paid personally:</th>"), body)
        XCTAssertTrue(body.contains("<tr><th>Advances paid:</th><td style=\"text-align:right\">100.00 EUR</td></tr>"), body)
        XCTAssertTrue(
            body.contains(
                "<tr class=\"due\"><th><strong>Due to employee:</strong></th><td style=\"text-align:right\"><strong>at least 1,148.56 EUR</strong></td></tr>"
            ), body)
        XCTAssertTrue(body.contains("<h2>Per diems</h2>\n<p>Computed from the trip; frozen when it is submitted.</p>"), body)
        XCTAssertTrue(body.contains("<p>Per diems total: 14.00 EUR</p>"), body)
        XCTAssertTrue(body.contains("<li>#1  2026-03-01  100.00 EUR</li>"), body)
        XCTAssertTrue(body.contains("<div style=\"overflow-x:auto\"><table>"), "a phone scrolls a wide table sideways: \(body)")
    }

    func testADraftsStepsLinkToTheTakePhotoAndAddExpenseFormsOfItsTrip() throws {
        let body = try page(actions: [.init("Take photo", "/receipts/new?report=7"), .init("Add an expense", "/expenses/new?report=7")])
            .body
        XCTAssertTrue(
            body.contains("<a href=\"/receipts/new?report=7\">Take photo</a> · <a href=\"/expenses/new?report=7\">Add an expense</a>"), body
        )
        XCTAssertFalse(try page().body.contains("class=\"actions\""))
    }
}
