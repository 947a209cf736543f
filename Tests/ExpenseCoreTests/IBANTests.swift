import ExpenseTestSupport
import XCTest

@testable import ExpenseCore
@testable import ExpenseSupport

final class IBANTests: XCTestCase {
    /// The examples the IBAN registry gives for its countries, in their paper form.
    static let registryExamples = [
        "DE89 3704 0044 0532 0130 00", "GB29 NWBK 6016 1331 9268 19", "FR14 2004 1010 0505 0001 3M02 606",
        "AT61 1904 3002 3457 3201", "CH93 0076 2011 6238 5295 7", "NL91 ABNA 0417 1643 00", "BE68 5390 0754 7034",
        "NO93 8601 1117 947", "MT84 MALT 0110 0001 2345 MTLC AST0 01S", "IT60 X054 2811 1010 0000 0123 456",
        "ES91 2100 0418 4502 0005 1332", "PL61 1090 1014 0000 0712 1981 2874", "SE45 5000 0000 0583 9825 7466",
        "FI21 1234 5600 0007 85", "DK50 0040 0440 1162 43", "IE29 AIBK 9311 5212 3456 78", "LU28 0019 4006 4475 0000",
        "GR16 0110 1250 0000 0001 2300 695", "SA03 8000 0000 6080 1016 7519", "TR33 0006 1005 1978 6457 8413 26",
    ]

    func testTheRegistrysExamplesAreValidInEitherForm() throws {
        for example in Self.registryExamples {
            let iban = try IBAN(example)
            XCTAssertEqual(iban.grouped, example)
            XCTAssertEqual(try IBAN(iban.electronic.lowercased()), iban)
            XCTAssertEqual(iban.electronic.count, IBAN.lengths[iban.country])
        }
    }

    func testEachCheckSaysWhichFailed() throws {
        let cases: [(String, String)] = [
            ("DE89 3704 0044 0532 0130 01", "check digits"),  // a mistyped last digit
            ("DE98 3704 0044 0532 0130 00", "check digits"),  // swapped check digits
            ("DE89 3704 0044 0532 0130", "has 20 characters; an IBAN of DE has 22"),
            ("QQ89 3704 0044 0532 0130 00", "'QQ', which is no country"),
            ("DE89-3704-0044-0532-0130-00", "no letter A–Z or digit"),
            ("DEXX 3704 0044 0532 0130 00", "no check digits"),
            ("89DE 3704 0044 0532 0130 00", "country code of two letters"),
            ("", "cannot be empty"),
            ("DE89 3704 0044 0532 0130 0\u{1b}[2J", "no letter A–Z"),
        ]
        for (typed, words) in cases {
            XCTAssertThrowsError(try IBAN(typed), typed) { error in
                let error = error as! ExpenseError
                XCTAssertEqual(error.kind, .invalidData)
                XCTAssertTrue(error.message.contains(words), "\(typed): \(error.message)")
                XCTAssertFalse(error.message.contains("\u{1b}"))
            }
        }
    }

    func testTheRemainderOfAVeryLongNumberNeedsNoBigIntegers() {
        // The registry's longest (Saint Lucia, 32) and every character a Z: no overflow.
        XCTAssertEqual(IBAN.remainder("LC55HEMM000100010012001200023015"), 1)
        XCTAssertLessThan(IBAN.remainder(String(repeating: "Z", count: 34)), 97)
    }

    func testABICHasEightOrElevenCharactersSixLettersFirst() throws {
        XCTAssertEqual(try BIC("cobadeffxxx").code, "COBADEFFXXX")
        XCTAssertEqual(try BIC("DEUTDEFF").country, "DE")
        for bad in ["COBADEF", "COBADEFFXX", "C0BADEFF", "COBADEFF-XX", "", "COBADEFF\u{202e}XX"] {
            XCTAssertThrowsError(try BIC(bad), bad)
        }
    }
}
