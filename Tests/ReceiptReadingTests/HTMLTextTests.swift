import XCTest

@testable import ReceiptReading

/// HTML bodies as the text a person reads: what is not shown is dropped, tables keep their rows.
final class HTMLTextTests: XCTestCase {
    func testDropsWhatIsNotShown() {
        let html = """
            <!DOCTYPE html><html><head><style>td { color: red }</style><title>T</title></head>
            <body><!-- a <td>comment</td> --><SCRIPT>if (a < b) { x = "</p>" }</Script ><p>Shown</p>
            <noscript>enable js</noscript></body></html>
            """
        XCTAssertEqual(HTMLText.text(of: html), "Shown")
    }

    func testBlocksBreaksAndCells() {
        let html =
            "<div>Hotel&nbsp;Astoria</div>Line<br>next<br/><table>\n<tr>\n<th> Item </th>\n<th>Price</th></tr>"
            + "<tr><td>MwSt 19 %</td><td>4,31</td></tr><tr><td><b>Total</b></td><td>&#8364;&#x20AC; 27,00</td></tr></table>"
        XCTAssertEqual(HTMLText.text(of: html), "Hotel Astoria\nLine\nnext\nItem  Price\nMwSt 19 %  4,31\nTotal  €€ 27,00")
    }

    func testEntitiesAndStrayMarks() {
        XCTAssertEqual(
            HTMLText.text(of: "a &lt; b &amp;&amp; c &gt; d &quot;e&quot; &unknown; &#0; &#xFFFFFFFF; 1 < 2"),
            "a < b && c > d \"e\" &unknown; \u{FFFD} &#xFFFFFFFF; 1 < 2")
        XCTAssertEqual(HTMLText.text(of: "<p>unclosed <a href=\"x>y"), "unclosed")
        XCTAssertEqual(HTMLText.text(of: "<script>never closed"), "")
        XCTAssertEqual(HTMLText.text(of: "M&uuml;nchen &Eacute;t&eacute;"), "München Été")
    }
}
