import ExpenseTestSupport
import XCTest

@testable import ExpenseApp
@testable import ExpenseSupport

/// Arguments, path variables and scripts whose bytes are not UTF-8: refused, never changed.
final class ProcessArgumentsTests: EngineTestCase {
    override class var engines: Engines { .once(because: "touches no database: the same on either engine") }

    func testUTF8ArgumentsKeepTheirBytes() throws {
        let arguments = [Array("--db".utf8), Array("/tmp/café ✓.sqlite".utf8)]
        XCTAssertEqual(try ProcessArguments.decode(arguments).get(), ["--db", "/tmp/café ✓.sqlite"])
    }

    func testAnArgumentThatIsNotUTF8IsRefusedShowingItsBytes() {
        // "café" in Latin-1: decoding made it "caf\u{FFFD}", another file.
        let result = ProcessArguments.decode([Array("--db".utf8), Array("caf".utf8) + [0xE9] + Array(".sqlite".utf8)])
        guard case .failure(let error) = result else { return XCTFail("accepted \(result)") }
        XCTAssertEqual(error.kind, .usage)
        XCTAssertEqual(error.message, "argument 2 is not valid UTF-8: 'caf\\xE9.sqlite'")
        XCTAssertEqual(
            error.hint,
            "expenses takes its arguments as UTF-8 text; for a file whose name is not, rename it "
                + "(convmv -f latin1 -t utf-8 does) or give a link to it with a UTF-8 name")
    }

    func testBytesAreShownVisibly() {
        XCTAssertEqual(ProcessArguments.visible(Array("ok é".utf8)), "ok é")
        XCTAssertEqual(ProcessArguments.visible([0x61, 0xE9, 0x1B, 0x5B, 0xC3]), "a\\xE9\\x1B[\\xC3", "bad, control and cut-off bytes")
        XCTAssertEqual(
            ProcessArguments.visible([0xF0, 0x9F, 0x98, 0x80, 0xED, 0xA0, 0x80]), "😀\\xED\\xA0\\x80", "a surrogate is not UTF-8")
    }

    func testAPathVariableThatIsNotUTF8IsRefused() {
        let values: [String: [UInt8]] = ["HOME": Array("/home/ana".utf8), "EXPENSES_DB": Array("/tmp/".utf8) + [0xFF] + Array(".db".utf8)]
        let error = ProcessArguments.checkEnvironment { values[$0] }
        XCTAssertEqual(error?.message, "EXPENSES_DB is not valid UTF-8: '/tmp/\\xFF.db'")
        XCTAssertEqual(error?.kind, .usage)
        XCTAssertNil(ProcessArguments.checkEnvironment { $0 == "HOME" ? values["HOME"] : nil })
    }

    func testAScriptLineThatIsNotUTF8IsRefusedWithItsLocation() throws {
        XCTAssertEqual(try ScriptText.decode(Array("report list\nreport show 1".utf8), name: "a.expenses"), "report list\nreport show 1")
        let bytes = Array("report list\nreport export 1 -o caf".utf8) + [0xE9] + Array(".html\nreport list\n".utf8)
        do {
            _ = try ScriptText.decode(bytes, name: "a.expenses")
            XCTFail("accepted")
        } catch {
            XCTAssertEqual(error.kind, .invalidData)
            XCTAssertEqual(error.location, "a.expenses:2")
            XCTAssertEqual(error.message, "not valid UTF-8: 'report export 1 -o caf\\xE9.html'")
        }
    }
}
