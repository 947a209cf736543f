import XCTest

@testable import ExpenseSupport

/// Columns as a terminal draws them, not Characters: what tables pad and cut by.
final class TerminalWidthTests: XCTestCase {
    func testWideCombiningAndEmojiColumns() {
        XCTAssertEqual(TerminalWidth.columns("Hotel"), 5)
        XCTAssertEqual(TerminalWidth.columns("東京 trip 🗼"), 12)  // 2 + 2, 6, 2
        XCTAssertEqual(TerminalWidth.columns("日本料理 Sushi"), 14)
        XCTAssertEqual(TerminalWidth.columns("Cafe\u{301}"), 4)  // a combining accent takes none
        XCTAssertEqual(TerminalWidth.columns("\u{301}"), 0)
        XCTAssertEqual(TerminalWidth.columns("ＡＢ"), 4)  // fullwidth
        XCTAssertEqual(TerminalWidth.columns("한국"), 4)
        XCTAssertEqual(TerminalWidth.columns("👨‍👩‍👧"), 2)  // one ZWJ sequence
        XCTAssertEqual(TerminalWidth.columns("🇩🇪"), 2)  // a flag
        XCTAssertEqual(TerminalWidth.columns("❤"), 1)  // text presentation...
        XCTAssertEqual(TerminalWidth.columns("❤\u{FE0F}"), 2)  // ...unless asked for emoji
        XCTAssertEqual(TerminalWidth.columns("a\u{200B}b"), 2)  // zero-width space
    }

    func testTruncatedFitsTheColumnsAndSaysSo() {
        XCTAssertEqual(TerminalWidth.truncated("Hotel Astoria", to: 20), "Hotel Astoria")
        XCTAssertEqual(TerminalWidth.truncated("Hotel Astoria", to: 6), "Hotel…")
        XCTAssertEqual(TerminalWidth.truncated("日本料理 Sushi", to: 6), "日本…")  // 4 + 1, not half a 料
        XCTAssertEqual(TerminalWidth.truncated("日本料理 Sushi", to: 5), "日本…")
        XCTAssertEqual(TerminalWidth.truncated("Cafe\u{301} Scha\u{308}fer", to: 5), "Cafe\u{301}…")
        for limit in 1...14 {
            XCTAssertLessThanOrEqual(TerminalWidth.columns(TerminalWidth.truncated("日本料理 Sushi", to: limit)), limit)
        }
        XCTAssertEqual(TerminalWidth.truncated("x", to: 0), "")
    }
}
