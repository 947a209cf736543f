import ExpenseCore
import ExpenseSupport
import ExpenseTestSupport
import XCTest

/// Names that look alike are one name: normalised (NFC, case-folded, trimmed) or refused.
final class UserNameTests: XCTestCase {
    func testLookAlikesOfAliceAreAlice() throws {
        for name in ["alice", "Alice", "ALICE", " alice", "alice ", "aLiCe", "alice\u{A0}", "\u{3000}alice"] {
            XCTAssertEqual(try UserName(validating: name).value, "alice", "'\(name)'")
        }
        // Composed and decomposed accents are one name.
        XCTAssertEqual(try UserName(validating: "ali\u{301}ce").value, "al\u{ED}ce")
        XCTAssertEqual(try UserName(validating: "AL\u{CD}CE").value, "al\u{ED}ce")
        XCTAssertEqual(try UserName(validating: "ali\u{301}ce"), try UserName(validating: "al\u{ED}ce"))
        // Full case folding, not lower-casing: ß is ss, final sigma is sigma.
        XCTAssertEqual(try UserName(validating: "Straße").value, "strasse")
        XCTAssertEqual(try UserName(validating: "STRASSE"), try UserName(validating: "straße"))
        XCTAssertEqual(try UserName(validating: "ΟΔΥΣΣΕΥΣ"), try UserName(validating: "οδυσσευς"))
        // Spaces inside are kept, one of them.
        XCTAssertEqual(try UserName(validating: "  Ana   Maria ").value, "ana maria")
        XCTAssertEqual(try UserName(validating: "ana\u{2003}maria").value, "ana maria")
    }

    func testInvisibleAndControlCharactersAreRefused() {
        let refused: [(String, String)] = [
            ("alice\u{200B}", "U+200B (ZERO WIDTH SPACE)"), ("\u{200B}alice", "U+200B"), ("al\u{200C}ice", "U+200C"),
            ("al\u{200D}ice", "U+200D"), ("alice\u{200E}", "U+200E"), ("alice\u{200F}", "U+200F"),
            ("alice\u{2060}", "U+2060 (WORD JOINER)"), ("alice\u{2061}", "U+2061"), ("alice\u{2064}", "U+2064"),
            ("\u{FEFF}alice", "U+FEFF"), ("\u{202A}alice", "U+202A"), ("\u{202E}ecila", "U+202E (RIGHT-TO-LEFT OVERRIDE)"),
            ("\u{2066}alice\u{2069}", "U+2066"), ("alice\u{2069}", "U+2069"), ("al\u{AD}ice", "U+00AD (SOFT HYPHEN)"),
            ("alice\u{FE0F}", "U+FE0F"), ("a\u{34F}lice", "U+034F"), ("\u{3164}alice", "U+3164"),
            ("alice\n", "U+000A"), ("\talice", "U+0009"), ("alice\u{1B}[31m", "U+001B"), ("ali\u{0}ce", "U+0000"),
            ("alice\u{7F}", "U+007F"), ("alice\u{85}", "U+0085"), ("alice\u{2028}", "U+2028"), ("\u{E000}alice", "U+E000"),
        ]
        for (name, named) in refused {
            let error = assertExpenseError(
                try UserName(validating: name), kind: .invalidData, messageContains: named, code: .invalidUserName)
            XCTAssertFalse(
                error?.message.unicodeScalars.contains { $0 == "\u{200B}" || $0 == "\u{1B}" || $0 == "\u{202E}" } ?? true,
                "the message shows the character visibly: \(error?.message ?? "")")
        }
        let shown = assertExpenseError(try UserName(validating: "alice\u{200B}"), kind: .invalidData)
        XCTAssertEqual(shown?.message, "the user name 'alice<U+200B>' contains an invisible character, U+200B (ZERO WIDTH SPACE)")
        let control = assertExpenseError(try UserName(validating: "alice\u{1B}"), kind: .invalidData)
        XCTAssertEqual(control?.message, "the user name 'alice<U+001B>' contains a control character, U+001B")
    }

    func testEmptyOverlongAndStrayCombiningMarksAreRefused() {
        assertExpenseError(try UserName(validating: ""), kind: .invalidData, messageContains: "empty", code: .invalidUserName)
        assertExpenseError(try UserName(validating: "   "), kind: .invalidData, messageContains: "empty", code: .invalidUserName)
        assertExpenseError(try UserName(validating: "\u{301}alice"), kind: .invalidData, messageContains: "U+0301", code: .invalidUserName)
        assertExpenseError(try UserName(validating: "alice \u{301}"), kind: .invalidData, messageContains: "U+0301", code: .invalidUserName)
        XCTAssertNoThrow(try UserName(validating: String(repeating: "a", count: UserName.maxLength)))
        assertExpenseError(
            try UserName(validating: String(repeating: "a", count: UserName.maxLength + 1)), kind: .invalidData,
            messageContains: "at most 64", code: .invalidUserName)
    }

    func testAStoredNameComparesNormalisedWithoutBeingRefused() throws {
        XCTAssertEqual(UserName(normalizing: "Alice\u{200B} ").value, "alice")
        XCTAssertEqual(UserName(normalizing: "ali\u{301}ce").value, try UserName(validating: "al\u{ED}ce").value)
        XCTAssertTrue(try UserName(validating: "alice").isSame(as: "ALICE\u{FEFF}"))
        XCTAssertFalse(try UserName(validating: "alice").isSame(as: "alicia"))
        XCTAssertTrue(try UserName(validating: "Zoe").isSame(as: "zo\u{EB}"), "accents do not make another person")
        XCTAssertEqual(try UserName(validating: "Zo\u{EB}").value, "zo\u{EB}", "but they are kept in the name")
        XCTAssertEqual(try UserName(validating: "ZO\u{CB}").skeleton, "zoe")
        for valid in ["bob", "Ana Maria", "ZOË", "Straße"] {
            XCTAssertEqual(UserName(normalizing: valid), try UserName(validating: valid), "stored and given agree on a valid name")
        }
    }

    /// The owner cannot approve her own report under another spelling of her name.
    func testTheOwnerCannotApproveUnderALookAlikeName() throws {
        let report = Report(id: 1, title: "Trip", currency: try currency("EUR"), status: .submitted, owner: "alice")
        for name in ["Alice", "ALICE", " alice", "alice ", "ali\u{301}ce", "al\u{ED}ce", "\u{C1}LICE"] {
            assertExpenseError(
                try ReportAction.approve.check(report, by: try UserName(validating: name)), kind: .permissionDenied, code: .ownerCannotAct)
        }
        // The other way round: the owner's name has the accent.
        let accented = Report(id: 2, title: "Trip", currency: try currency("EUR"), status: .submitted, owner: "\u{E1}lice")
        for name in ["a\u{301}lice", "alice"] {
            assertExpenseError(
                try ReportAction.approve.check(accented, by: try UserName(validating: name)), kind: .permissionDenied, code: .ownerCannotAct
            )
        }
        // An owner stored before names were normalised still is the person.
        let legacy = Report(id: 3, title: "Trip", currency: try currency("EUR"), status: .submitted, owner: "Alice\u{200B}")
        assertExpenseError(
            try ReportAction.approve.check(legacy, by: try UserName(validating: "alice")), kind: .permissionDenied, code: .ownerCannotAct)
        XCTAssertNoThrow(try ReportAction.approve.check(report, by: try UserName(validating: "bob")))
        var draft = report
        draft.status = .draft
        XCTAssertNoThrow(try ReportAction.submit.check(draft, by: try UserName(validating: "ALICE ")))
    }
}
