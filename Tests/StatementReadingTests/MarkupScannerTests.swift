import XCTest

@testable import StatementReading

/// The bounded markup scanner under camt.053 and OFX: tags, attributes, text, entities, lines,
/// and what it refuses.
final class MarkupScannerTests: XCTestCase, StatementTextReading {
    func read(_ text: String) throws(StatementFailure) -> [MarkupScanner.Token] {
        try tokens(text)
    }

    private func tokens(_ text: String, encoding: TextEncoding = .utf8) throws(StatementFailure) -> [MarkupScanner.Token] {
        var scanner = MarkupScanner(Array(text.utf8), encoding: encoding)
        var tokens: [MarkupScanner.Token] = []
        while let token = try scanner.next() { tokens.append(token) }
        return tokens
    }

    func testTagsAttributesAndTextWithPrefixesDropped() throws {
        let tokens = try tokens(
            """
            <?xml version="1.0"?>
            <!-- a comment -->
            <c:Doc xmlns:c='urn:x' a = "1"><Amt Ccy="EUR"> 12.50 </Amt><Empty/></c:Doc>
            """)
        XCTAssertEqual(
            tokens,
            [
                .open(name: "Doc", attributes: ["xmlns:c": "urn:x", "a": "1"], empty: false),
                .open(name: "Amt", attributes: ["Ccy": "EUR"], empty: false), .text("12.50"), .close(name: "Amt"),
                .open(name: "Empty", attributes: [:], empty: true), .close(name: "Doc"),
            ])
    }

    func testEntitiesCharacterReferencesAndCDATA() throws {
        XCTAssertEqual(try tokens("<a>AT&amp;T &lt;&gt; &#233;&#x20AC; &quot;&apos;</a>")[1], .text("AT&T <> é€ \"'"))
        XCTAssertEqual(
            try tokens("<a>AT&T &bogus; &#0; &#xZZ;</a>")[1], .text("AT&T &bogus; &#0; &#xZZ;"),
            "an & that starts no reference stays, as OFX 1.x writes it bare")
        XCTAssertEqual(try tokens("<a><![CDATA[ <not a tag> ]]></a>")[1], .text("<not a tag>"))
    }

    func testTextInTheDeclaredSingleByteEncoding() throws {
        var scanner = MarkupScanner([0x3C, 0x61, 0x3E, 0x43, 0x61, 0x66, 0xE9], encoding: .windows1252)
        _ = try scanner.next()
        XCTAssertEqual(try scanner.next(), .text("Café"))
        var utf8 = MarkupScanner([0x3C, 0x61, 0x3E, 0x43, 0x61, 0x66, 0xE9], encoding: .utf8)
        _ = try utf8.next()
        XCTAssertThrowsError(try utf8.next()) { XCTAssertEqual(($0 as? StatementFailure)?.message, "text that is not valid utf-8") }
    }

    func testLinesOfTokens() throws {
        var scanner = MarkupScanner(Array("<a>\n\n<b\nc='1'>\n<!--\n-->x</b></a>".utf8), encoding: .utf8)
        var lines: [Int] = []
        while try scanner.next() != nil { lines.append(scanner.tokenLine) }
        XCTAssertEqual(lines, [1, 3, 6, 6, 6])
    }

    func testWhatItRefusesAndWhere() {
        XCTAssertEqual(failure("<a>\n<!DOCTYPE a [<!ENTITY x \"y\">]>")?.line, 2, "no DTD: no entity expansion")
        XCTAssertEqual(failure("<a>\n<!-- never closed")?.message, "the file ends inside a comment that starts here")
        XCTAssertEqual(failure("<a>\n<b c=\"1")?.message, "the value of the attribute 'c' of <b> is not closed")
        XCTAssertEqual(failure("<a><b c>")?.message, "the attribute 'c' of <b> has no value")
        XCTAssertEqual(failure("<a><b c=1>")?.message, "the value of the attribute 'c' of <b> is not quoted")
        XCTAssertEqual(failure("<a>< b>")?.message, "a '<' that starts no tag")
        XCTAssertEqual(failure("<a")?.message, "the file ends inside the tag <a>")
        XCTAssertEqual(failure("<" + String(repeating: "n", count: 300) + ">")?.message, "a tag name longer than 256 bytes")
        let manyAttributes = "<a " + (0..<70).map { "x\($0)=\"1\"" }.joined(separator: " ") + ">"
        XCTAssertEqual(failure(manyAttributes)?.message, "<a> has more than 64 attributes")
    }
}
