import XCTest

@testable import ExpenseSupport

final class XMLEscapingTests: XCTestCase {
    func testEscapesTheFourSpecialCharactersAndNothingElse() {
        XCTAssertEqual("Café <b>\"Zur Post\"</b> & Co".xmlEscaped, "Café &lt;b&gt;&quot;Zur Post&quot;&lt;/b&gt; &amp; Co")
        XCTAssertEqual("plain 'text'".xmlEscaped, "plain 'text'")
        XCTAssertEqual("&amp;".xmlEscaped, "&amp;amp;", "escaping twice is visible, never silently undone")
    }

    func testASpecialCharacterFollowedByACombiningMarkIsStillEscaped() {
        // "&" + U+0301 is one Character, not equal to "&": compared that way, it was written raw.
        XCTAssertEqual("A &\u{301} B".xmlEscaped, "A &amp;\u{301} B")
        XCTAssertEqual("<\u{301}\"\u{20DD}>".xmlEscaped, "&lt;\u{301}&quot;\u{20DD}&gt;")
    }
}
