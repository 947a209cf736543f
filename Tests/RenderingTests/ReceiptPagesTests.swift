import Rendering
import XCTest

/// The take-photo path's pages: the form that opens the camera, what happened to the upload,
/// the add-expense form. Every text from a person or a receipt is shown as text.
final class ReceiptPagesTests: XCTestCase {
    /// Markup, both quotes, an ampersand, a combining mark and an emoji.
    let hostile = #"<script>alert("x")</script> O'Brien & Söhne 🧾 e\#u{301}"#
    let escaped = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; O&#39;Brien &amp; Söhne 🧾 e\u{301}"

    func testEscapeKeepsCombiningMarksAndEmojiAndEscapesTheFiveCharacters() {
        XCTAssertEqual(HTML.escape(hostile), escaped)
        XCTAssertEqual(HTML.escape("e\u{301}").unicodeScalars.count, 2, "the combining mark is not composed or dropped")
    }

    /// A quote or a bracket with a combining mark after it is one Character, but the browser
    /// still reads the quote that ends the attribute: escaped all the same.
    func testAQuoteOrABracketFollowedByACombiningMarkIsEscaped() {
        XCTAssertEqual(
            HTML.escape("x\"\u{301} onfocus=alert(1) autofocus \"\u{301}"), "x&quot;\u{301} onfocus=alert(1) autofocus &quot;\u{301}")
        XCTAssertEqual(HTML.escape("<\u{338}img>\u{338}'\u{301}&\u{301}"), "&lt;\u{338}img&gt;\u{338}&#39;\u{301}&amp;\u{301}")
    }

    func testTheTakePhotoPageOpensTheCameraAndPostsWithTheToken() {
        let page = TakePhotoPage.body(csrfToken: #"t"><b>"#, reportTitle: hostile)
        XCTAssertTrue(page.contains(#"<form method="post" action="/receipts" enctype="multipart/form-data">"#), page)
        let field = #"<input type="file" id="receipt" name="receipt" accept="image/*,application/pdf" capture="environment" required>"#
        XCTAssertTrue(page.contains(field), page)
        XCTAssertTrue(page.contains(#"<input type="hidden" name="csrf" value="t&quot;&gt;&lt;b&gt;">"#), page)
        XCTAssertTrue(page.contains("<strong>\(escaped)</strong>"), page)
        XCTAssertFalse(page.contains("<script"), page)
        XCTAssertFalse(TakePhotoPage.body(csrfToken: "t").contains("trip"), "no trip, no line about it")
    }

    func testAnAttachedReceiptSaysWhereAndLinksTheReport() {
        let page = CaptureResultPage.body(
            .attached(receiptName: hostile, expenseID: 2, reportID: 7, reportTitle: hostile), csrfToken: "t")
        XCTAssertTrue(page.contains("<p>\(escaped) is attached to expense 2 of report 7 (\(escaped)).</p>"), page)
        XCTAssertTrue(page.contains(#"<a href="/reports/7">Open the report</a>"#), page)
        XCTAssertFalse(page.contains("<script"), page)
        let loose = CaptureResultPage.body(.attached(receiptName: "r", expenseID: 3, reportID: nil, reportTitle: nil), csrfToken: "t")
        XCTAssertTrue(loose.contains("is attached to expense 3, which is in no report yet."), loose)
    }

    func testAKeptReceiptOffersItsPrefilledExpenseWithItsDoubts() {
        let fields = ExpenseFormPage.Fields(
            date: "2026-03-04", amount: "34.00", currency: "EUR", merchant: hostile, category: "meals", reportID: 1, receiptID: 9)
        let page = CaptureResultPage.body(
            .draft(receiptName: "Receipt 9 (bill.pdf)", fields: fields, doubts: ["the items add up to 31.00 <b>"]), csrfToken: "tok")
        XCTAssertTrue(page.contains("Receipt 9 (bill.pdf) is kept; no expense matched it."), page)
        XCTAssertTrue(page.contains("<li>the items add up to 31.00 &lt;b&gt;</li>"), page)
        XCTAssertTrue(page.contains(#"<input type="text" id="merchant" name="merchant" value="\#(escaped)">"#), page)
        XCTAssertTrue(page.contains(#"<input type="date" id="date" name="date" value="2026-03-04" required>"#), page)
        XCTAssertTrue(page.contains(#"<input type="hidden" name="receipt" value="9">"#), page)
        XCTAssertTrue(page.contains(#"<input type="hidden" name="report" value="1">"#), page)
        XCTAssertTrue(page.contains(#"<input type="hidden" name="csrf" value="tok">"#), page)
        XCTAssertFalse(page.contains("<script"), page)
    }

    func testARefusalSaysWhyAndWhatToDo() {
        let page = CaptureResultPage.body(.refused(message: hostile, hint: "a receipt can be a JPEG & a PDF"), csrfToken: "t")
        XCTAssertTrue(page.contains("<h1>Not captured</h1>\n<p>\(escaped)</p>\n<p>a receipt can be a JPEG &amp; a PDF</p>"), page)
        XCTAssertFalse(page.contains("<script"), page)
    }

    func testTheEmptyAddExpenseFormHasNoDoubtsAndPostsToExpenses() {
        let page = ExpenseFormPage.body(ExpenseFormPage.Fields(), csrfToken: "t")
        XCTAssertTrue(page.hasPrefix("<h1>Add an expense</h1>\n<form method=\"post\" action=\"/expenses\">"), page)
        XCTAssertFalse(page.contains("doubts"), page)
        XCTAssertFalse(page.contains(#"name="receipt""#), page)
        for name in ["date", "amount", "currency", "merchant", "category", "description"] {
            XCTAssertTrue(page.contains(#"name="\#(name)" value="""#), name)
        }
    }
}
