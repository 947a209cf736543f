import XCTest

@testable import StatementReading

#if canImport(Glibc)
import Glibc
#endif

/// `if FIELD matches REGEX` is case-insensitive in every script, not in ASCII only: `CAFÉ`
/// missed "Café Schäfer".
final class CaseFoldingTests: XCTestCase {
    private func matches(_ pattern: String, _ text: String, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        do {
            return try POSIXRegex(pattern).matches(text)
        } catch {
            XCTFail("'\(pattern)' does not compile: \(error.message)", file: file, line: line)
            return false
        }
    }

    func testLettersBeyondASCIIMatchInEitherCase() {
        XCTAssertTrue(matches("CAFÉ", "Café Schäfer"))
        XCTAssertTrue(matches("café", "CAFÉ"))
        XCTAssertTrue(matches("schäfer", "CAFÉ SCHÄFER"))
        XCTAssertTrue(matches("^ÜBERNACHTUNG", "übernachtung 1.-2.3."))
        XCTAssertFalse(matches("CAFÉ", "Cafe Schafer"), "an accent is not a case")
    }

    func testSharpSMatchesSSAndGreekSigmaInEveryForm() {
        XCTAssertTrue(matches("straße", "HAUPTSTRASSE 5"))
        XCTAssertTrue(matches("STRASSE", "Hauptstraße 5"))
        XCTAssertTrue(matches("ẞ", "ß"), "the capital sharp s")
        XCTAssertTrue(matches("^stra(ß)+e$", "STRASSE"), "a letter that folds to two stays one atom")
        XCTAssertTrue(matches("ΟΔΌΣ", "οδός"), "final sigma")
        XCTAssertTrue(matches("οδόσ", "ΟΔΌΣ"))
        XCTAssertTrue(matches("ΣΟΦΊΑ", "σοφία"))
        XCTAssertTrue(matches("K", "\u{212A}"), "the Kelvin sign folds to k")
        XCTAssertTrue(matches("ﬁle", "FILE"), "a ligature folds to its letters")
    }

    func testComposedAndDecomposedTextAreOne() {
        XCTAssertTrue(matches("CAFÉ", "Cafe\u{301} am Markt"))
        XCTAssertTrue(matches("CAFE\u{301}", "café"))
        // Both forms are one String key; the rule's answer for one is the answer for the other.
        let regex = try? POSIXRegex("^café$")
        XCTAssertEqual(regex?.matches("CAFE\u{301}"), regex?.matches("CAFÉ"))
    }

    func testDotAndBracketsAreCharactersNotBytes() {
        XCTAssertTrue(matches("^caf.$", "CAFÉ"))
        XCTAssertTrue(matches("^[éè]$", "É"))
        XCTAssertFalse(matches("[éè]", "Ã"), "é and Ã share their first byte")
        XCTAssertTrue(matches("^[À-Ö]+$", "äÖ"))
        XCTAssertTrue(matches("^[a-é]$", "É"), "a range from ASCII beyond it")
        XCTAssertTrue(matches("^[aß]$", "A"))
        XCTAssertTrue(matches("^[aß]$", "SS"), "a letter that folds to two is an alternative beside the brackets")
        XCTAssertTrue(matches("^[ßx^]$", "^"), "a '^' left first stays a character")
        XCTAssertTrue(matches("^[^é]$", "x"))
        XCTAssertFalse(matches("^[^é]$", "É"))
        XCTAssertTrue(matches("[[:upper:]]", "é"), "REG_ICASE: classes match either case")
        XCTAssertTrue(matches("\\É", "é"), "an escaped letter is the letter")
        XCTAssertTrue(matches("^\\.\\w+$", ".Éa"))
    }

    func testRangesBeyondASCIIAreBounded() {
        XCTAssertThrowsError(try POSIXRegex("[一-龥]")) { error in
            XCTAssertEqual(
                (error as? POSIXRegex.Failure)?.message,
                "the range 一-龥 holds 20902 characters; a range beyond ASCII may hold at most 1000")
        }
        XCTAssertNoThrow(try POSIXRegex("[\u{80}-\u{467}]"), "1,000 characters")
        XCTAssertThrowsError(try POSIXRegex("[ö-à]"), "a range backwards is regcomp's error")
        XCTAssertThrowsError(try POSIXRegex("[é"), "an unclosed bracket too")
        XCTAssertThrowsError(try POSIXRegex("é\\"), "and a trailing backslash")
    }

    /// The process's locale does not change what matches: the REPL sets LC_CTYPE to C.UTF-8 for
    /// libedit, a one-shot command runs in C.
    func testTheProcessLocaleChangesNothing() throws {
        let regex = try POSIXRegex("^[é]$")
        let previous = String(cString: setlocale(LC_CTYPE, nil))
        defer { setlocale(LC_CTYPE, previous) }
        for locale in ["C", "C.UTF-8"] {
            XCTAssertNotNil(setlocale(LC_CTYPE, locale), locale)
            XCTAssertTrue(regex.matches("É"), locale)
            XCTAssertFalse(regex.matches("\u{C3}"), locale)
        }
    }

    func testASCIITextIsLeftToREGICASE() {
        XCTAssertEqual(CaseFolding.fold("UBER *TRIP"), "UBER *TRIP")
        XCTAssertEqual(CaseFolding.fold("Straße"), "strasse")
        XCTAssertTrue(CaseFolding.FoldedText("K\u{212A}").isASCII)
        XCTAssertFalse(CaseFolding.FoldedText("É").isASCII)
    }
}
