import XCTest

@testable import ExpenseSupport
@testable import PropertyList

/// `.strings` tables as Xcode writes them: comments, escapes, UTF-16, the compiled binary form.
final class StringsFileTests: XCTestCase {
    func testReadsQuotedAndBareKeysCommentsAndEscapes() throws {
        let table = try StringsFile.parse(
            bytes(
                """
                /* The Apple sample's form */
                shortcutTitle1 = "Search";
                "Show Reports" = "Berichte \\"anzeigen\\"";   // a line comment
                "Multi" = "line\\none";
                "Unicode" = "\\U00FC";
                "Same";
                """))
        XCTAssertEqual(table["shortcutTitle1"], "Search")
        XCTAssertEqual(table["Show Reports"], "Berichte \"anzeigen\"")
        XCTAssertEqual(table["Multi"], "line\none")
        XCTAssertEqual(table["Unicode"], "ü")
        XCTAssertEqual(table["Same"], "Same")
    }

    func testReadsUTF16WithByteOrderMark() throws {
        let text = "\"Show Reports\" = \"Berichte anzeigen\";"
        var data: [UInt8] = [0xFE, 0xFF]
        for unit in text.utf16 { data += [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        XCTAssertEqual(try StringsFile.parse(data)["Show Reports"], "Berichte anzeigen")
    }

    func testErrorsNameTheirLine() {
        let cases: [(String, Int, String)] = [
            ("\"a\" = \"b\";\n\"c\" = \"d\"\n\"e\" = \"f\";", 3, "expected ';'"),
            ("\"a\" \"b\";", 1, "expected '='"),
            ("\n\"a\" = \"unterminated;", 2, "unterminated string"),
            ("/* open", 1, "unterminated comment"),
        ]
        for (text, line, message) in cases {
            XCTAssertThrowsError(try StringsFile.parse(bytes(text)), text) { error in
                guard let error = error as? PropertyListError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.line, line, "\(text): \(error)")
                XCTAssertTrue(error.message.contains(message), "\(text): \(error.message)")
            }
        }
    }
}
