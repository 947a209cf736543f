import ExpenseCore
import ExpenseTestSupport
import XCTest

@testable import ExpenseApp

/// The locale's decimal mark, by its name: it must not depend on which locales a machine has.
final class DecimalMarkTests: EngineTestCase {
    override class var engines: Engines { .once(because: "touches no database: the same on either engine") }

    private func mark(_ variables: [String: String]) -> DecimalMark { Environment(variables: variables).decimalMark }

    func testTheLocaleNameDecides() {
        XCTAssertEqual(mark(["LANG": "de_DE.UTF-8"]), .comma)
        XCTAssertEqual(mark(["LANG": "fr_FR.UTF-8"]), .comma)
        XCTAssertEqual(mark(["LANG": "pt_BR.UTF-8"]), .comma)
        XCTAssertEqual(mark(["LANG": "de_AT@euro"]), .comma)
        XCTAssertEqual(mark(["LANG": "de"]), .comma)
        XCTAssertEqual(mark(["LANG": "en_US.UTF-8"]), .point)
        XCTAssertEqual(mark(["LANG": "en_GB.UTF-8"]), .point)
        XCTAssertEqual(mark(["LANG": "de_CH.UTF-8"]), .point)  // Switzerland writes 1'234.56
        XCTAssertEqual(mark(["LANG": "es_MX.UTF-8"]), .point)
        XCTAssertEqual(mark(["LANG": "ja_JP.UTF-8"]), .point)
        XCTAssertEqual(mark(["LANG": "C.UTF-8"]), .point)
        XCTAssertEqual(mark(["LANG": "POSIX"]), .point)
        XCTAssertEqual(mark([:]), .point)
    }

    func testLCAllThenLCNumericWinOverLang() {
        XCTAssertEqual(mark(["LANG": "en_US.UTF-8", "LC_NUMERIC": "de_DE.UTF-8"]), .comma)
        XCTAssertEqual(mark(["LANG": "de_DE.UTF-8", "LC_ALL": "C"]), .point)
        XCTAssertEqual(mark(["LANG": "de_DE.UTF-8", "LC_ALL": ""]), .comma)  // empty is unset
    }
}
