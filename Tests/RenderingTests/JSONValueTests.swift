import Foundation
import XCTest

@testable import Rendering

/// The JSON the app prints: escaped where JSON needs it and nowhere else, so that any parser
/// reads back exactly the text that was stored.
final class JSONValueTests: XCTestCase {
    func testEveryControlCharacterQuoteAndBackslashIsEscapedAndReadsBack() throws {
        let controls = String(String.UnicodeScalarView((0..<0x20).map { Unicode.Scalar(UInt8($0)) }))
        let texts = [controls, "say \"hi\" \\ then", "Zürich e\u{301} 東京 🧾", "\u{202E}evil\u{7F}", "", "plain"]
        for text in texts {
            let document = JSONValue.object([("text", .string(text))]).serialized()
            let parsed = try JSONSerialization.jsonObject(with: Data(document.utf8)) as? [String: String]
            XCTAssertEqual(parsed?["text"], text, document)
        }
        XCTAssertEqual(JSONValue.quote("a\u{1B}[31m\tb\r\n\"\\"), #""a\u001b[31m\tb\r\n\"\\""#)
        XCTAssertEqual(JSONValue.quote("Zürich"), "\"Zürich\"", "no escape beyond what JSON needs")
    }

    func testNestedDocumentsAreIndentedTwoSpacesAKeyInTheOrderWritten() {
        let document = JSONValue.object([("b", .array([.int(1), .null, .bool(true)])), ("a", .object([])), ("c", .array([]))])
        XCTAssertEqual(
            document.serialized(),
            """
            {
              "b": [
                1,
                null,
                true
              ],
              "a": {},
              "c": []
            }
            """)
        var text = "x: "
        JSONValue.array([.string("y")]).write(to: &text, indent: 1)
        XCTAssertEqual(text, "x: [\n    \"y\"\n  ]")
    }
}
