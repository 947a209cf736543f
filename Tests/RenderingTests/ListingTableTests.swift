import ExpenseCore
import Rendering
import XCTest

/// `report list`'s rows as the web's table: every cell text, and at a phone's width each row of
/// a listing of pages a card of "column: value" lines that the layout's CSS makes from the cells'
/// labels.
final class ListingTableTests: XCTestCase {
    static let euro = CurrencyTable.standard.currency("EUR")!
    let listing = Listing(
        columns: [.init("id", "id"), .init("title", "<b>title</b>"), .init("total", "total")],
        rows: [[.int(1), .text("<script>x</script> & \"Co\""), .money(Money(minorUnits: 3600, currency: ListingTableTests.euro))]])

    func testEachCellCarriesItsColumnsTitleAsItsLabelAndIsText() {
        let html = ListingTable.html(listing) { "/reports/\($0 + 1)" }
        XCTAssertTrue(html.contains(#"<table class="cards">"#), html)
        XCTAssertTrue(html.contains(#"<td data-label="id" style="text-align:right"><a href="/reports/1">1</a></td>"#), html)
        XCTAssertTrue(
            html.contains(#"<td data-label="&lt;b&gt;title&lt;/b&gt;">&lt;script&gt;x&lt;/script&gt; &amp; &quot;Co&quot;</td>"#), html)
        XCTAssertTrue(html.contains(#"<td data-label="total" style="text-align:right">36.00 EUR</td>"#), html)
        XCTAssertFalse(html.contains("<script>"), html)
    }

    /// A table of figures, no row a page of its own, keeps its columns side by side on a phone
    /// too, for comparing them: no cards, no labels.
    func testATableOfFiguresStaysATable() {
        let html = ListingTable.html(listing)
        XCTAssertTrue(html.hasPrefix("<div style=\"overflow-x:auto\"><table>\n"), html)
        XCTAssertTrue(html.contains(#"<td style="text-align:right">36.00 EUR</td>"#), html)
        XCTAssertFalse(html.contains("data-label"), html)
        XCTAssertFalse(html.contains("<a "), html)
    }

    /// The layout stacks a listing's rows below a phone's width, each cell labelled by its column
    /// and the whole row its link's tap target (WebBrowserTests sees both in Chromium at 390 px:
    /// nothing reaches past the screen's edge, a tap on a row's title opens it).
    func testTheLayoutStacksAListingsRowsOnAPhone() throws {
        let page = WebPage.layout(title: "Reports", body: ListingTable.html(listing))
        let narrow = try XCTUnwrap(page.range(of: "@media (max-width: 40rem) {"), page)
        let rules = page[narrow.upperBound...]
        XCTAssertTrue(rules.contains("table.cards thead { display: none; }"), page)
        XCTAssertTrue(rules.contains("table.cards tr { display: block;"), page)
        XCTAssertTrue(rules.contains("table.cards td::before { content: attr(data-label);"), page)
        XCTAssertTrue(
            rules.contains("table.cards td a::after { content: \"\"; position: absolute; inset: 0; }"), "the row is the link: \(page)")
    }
}
