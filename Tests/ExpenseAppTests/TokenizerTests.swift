import ExpenseTestSupport
import XCTest

@testable import ExpenseApp
@testable import ExpenseSupport

final class TokenizerTests: EngineTestCase {
    override class var engines: Engines { .once(because: "touches no database: the same on either engine") }

    func testQuotesEscapesAndComments() throws {
        XCTAssertEqual(
            try Tokenizer.words(#"expense add --merchant "Hotel Astoria" --description 'a "b" c'"#),
            ["expense", "add", "--merchant", "Hotel Astoria", "--description", #"a "b" c"#])
        XCTAssertEqual(try Tokenizer.words(#"echo a\ b "x\"y" 'it''s' # trailing comment"#), ["echo", "a b", #"x"y"#, "its"])
        XCTAssertEqual(try Tokenizer.words(#"echo "" ''"#), ["echo", "", ""])
        XCTAssertEqual(try Tokenizer.words("echo a#b"), ["echo", "a#b"])
        XCTAssertEqual(try Tokenizer.words("   # only a comment"), [])
        XCTAssertEqual(try Tokenizer.words("report new \\\n  Trip"), ["report", "new", "Trip"])
        XCTAssertEqual(try Tokenizer.words(#"echo "keep \n as typed""#), ["echo", #"keep \n as typed"#])
    }

    func testUnterminatedQuote() {
        XCTAssertThrowsError(try Tokenizer.words("echo \"open")) { error in
            XCTAssertEqual(error as? Tokenizer.Failure, .unterminatedQuote("\""))
        }
    }

    func testContinuation() {
        XCTAssertEqual(Tokenizer.continuation(of: "report new \\"), .backslash)
        XCTAssertEqual(Tokenizer.continuation(of: "report new \\\\"), nil)
        XCTAssertEqual(Tokenizer.continuation(of: "echo \"two"), .quote("\""))
        XCTAssertEqual(Tokenizer.continuation(of: "echo 'it\\"), .quote("'"))
        XCTAssertEqual(Tokenizer.continuation(of: "echo done # it's fine"), nil)
        XCTAssertEqual(Tokenizer.continuation(of: "echo \"two\nlines\""), nil)
        // Found by Fuzz/CommandTokenizer: a '#' inside a word is no comment for words(_:), so the
        // quote after it is open, and the line needs another (it was called complete, then failed).
        XCTAssertEqual(Tokenizer.continuation(of: "echo a#b 'c"), .quote("'"))
        XCTAssertEqual(Tokenizer.continuation(of: "echo ''#x \"y"), .quote("\""))
        XCTAssertEqual(Tokenizer.continuation(of: "echo \\#x 'y"), .quote("'"))
        XCTAssertEqual(Tokenizer.continuation(of: "echo x #'y"), nil)
    }

    func testScriptLogicalLinesKeepPhysicalNumbers() {
        let lines = Tokenizer.logicalLines("#!/usr/bin/env -S expenses run\necho a\r\nreport new \\\n  X\n\necho \"b\nc\"\necho d")
        XCTAssertEqual(lines.map(\.number), [2, 3, 5, 6, 8])
        XCTAssertEqual(lines[1].text, "report new \\\n  X")
        XCTAssertEqual(lines[0].text, "echo a")
    }

    func testLogicalLinesCarryTheirStateAcrossLines() {
        // A backslash at the end of a line, a quote open over three lines, a comment that ends
        // with its line, and a quote that never closes: the rest of the script is one line.
        let lines = Tokenizer.logicalLines(
            "echo a \\\nb\necho 'x\ny\nz' # it's\necho \"open\n" + String(repeating: "more\n", count: 3) + "end")
        XCTAssertEqual(lines.map(\.number), [1, 3, 6])
        XCTAssertEqual(lines.map(\.text), ["echo a \\\nb", "echo 'x\ny\nz' # it's", "echo \"open\nmore\nmore\nmore\nend"])
        XCTAssertThrowsError(try Tokenizer.words(lines[2].text))
        for line in lines { XCTAssertEqual(Tokenizer.continuation(of: line.text) == nil, line.number != 6, line.text) }
    }
}
