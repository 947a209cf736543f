import XCTest

@testable import ExpenseSupport

/// What reaches a terminal shows its control, bidi and invisible characters instead of obeying them.
final class TerminalTextTests: XCTestCase {
    func testEscapesAndControlsAreShown() {
        XCTAssertEqual(TerminalText.visible("\u{1B}]0;pwned\u{07}"), "\\x1b]0;pwned\\x07")
        XCTAssertEqual(TerminalText.visible("paid\rrefund\u{08}\u{7F}"), "paid\\rrefund\\x08\\x7f")
        XCTAssertEqual(TerminalText.visible("\u{9B}31m"), "\\x9b31m")  // C1 CSI
        XCTAssertEqual(TerminalText.visible("a\0b"), "a\\x00b")
        XCTAssertEqual(TerminalText.visible("Hotel\r\nExec=touch /tmp/x"), "Hotel\\r\nExec=touch /tmp/x")
    }

    func testBidiAndInvisibleCharactersAreNamed() {
        XCTAssertEqual(TerminalText.visible("invoice\u{202E}fdp.exe"), "invoice<U+202E>fdp.exe")
        XCTAssertEqual(TerminalText.visible("ali\u{200B}ce"), "ali<U+200B>ce")
        XCTAssertEqual(TerminalText.visible("\u{2066}x\u{2069}\u{FEFF}\u{2028}"), "<U+2066>x<U+2069><U+FEFF><U+2028>")
    }

    func testLineBreaksPassInMessagesButNotInCells() {
        XCTAssertEqual(TerminalText.visible("two\nlines\tand a tab"), "two\nlines\tand a tab")
        XCTAssertEqual(TerminalText.visible("two\nlines\tand a tab", keepingLineBreaks: false), "two\\nlines\\tand a tab")
    }

    func testOrdinaryTextOfAnyScriptPassesAsItIs() {
        for text in ["Café Zur Post", "東京 trip 🗼", "日本料理 Sushi", "👨‍👩‍👧 family", "e\u{301}", "Zürich – 12,50 €", ""] {
            XCTAssertEqual(TerminalText.visible(text), text)
            XCTAssertEqual(TerminalText.visible(text, keepingLineBreaks: false), text)
        }
    }
}
