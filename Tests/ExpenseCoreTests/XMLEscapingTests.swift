import XCTest
import ExpenseCore
@testable import ExpenseSupport

final class XMLEscapingTests: XCTestCase {
    func testEscapesTheFourSpecialCharactersAndNothingElse() {
        XCTAssertEqual("Café <b>\"Zur Post\"</b> & Co".xmlEscaped, "Café &lt;b&gt;&quot;Zur Post&quot;&lt;/b&gt; &amp; Co")
        XCTAssertEqual("plain 'text'".xmlEscaped, "plain 'text'")
        XCTAssertEqual("&amp;".xmlEscaped, "&amp;amp;", "escaping twice is visible, never silently undone")
    }
}
