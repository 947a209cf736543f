import ExpenseTestSupport
import Foundation
import XCTest

/// Files crafted to crash a reader (issue 13) reach the binary as a user would hand them over:
/// each is bad data, exit 65, with one line on stderr that says where — never a trap, a stack
/// overflow or a backtrace.
final class HostileFileTests: EngineTestCase {
    override class var engines: Engines { .fileOnly(because: "written against a file and not yet run on a team server") }

    var app: ExpensesProcess!

    override func setUpWithError() throws { app = try ExpensesProcess() }
    override func tearDown() { app = nil }

    private func write(_ bytes: [UInt8], _ name: String) throws -> String {
        let path = app.path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func assertBadData(_ arguments: [String], stderr expected: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try app.run(arguments)
        XCTAssertEqual(result.status, 65, result.stderr, file: file, line: line)
        XCTAssertEqual(result.stderr, expected, file: file, line: line)
        for sign in ["Fatal error", "Program crashed", "Backtrace", "Current stack trace"] {
            XCTAssertFalse(result.stderr.contains(sign), "a crash: \(result.stderr)", file: file, line: line)
        }
        XCTAssertEqual(result.stdout, "", file: file, line: line)
    }

    /// The 57 bytes: a bplist00 array whose one 8-byte object reference is 0xFFFFFFFFFFFFFFFF
    /// (it trapped in an Int conversion, SIGILL).
    static let referenceBeyondEveryObject: [UInt8] =
        Array("bplist00".utf8)
        + [0xA1] + [UInt8](repeating: 0xFF, count: 8)  // object 0 at 8: an array of one reference
        + [0x55] + Array("abcde".utf8)  // object 1 at 17: a string
        + [8, 17]  // the offset table, at 23
        + [0, 0, 0, 0, 0, 0, 1, 8]  // trailer: offsets of 1 byte, references of 8
        + [0, 0, 0, 0, 0, 0, 0, 2] + [0, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0, 23]

    /// An offset-table entry near 2^64.
    static let offsetNear2To64: [UInt8] =
        Array("bplist00".utf8)
        + [0x55] + Array("abcde".utf8)
        + [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xF0]
        + [0, 0, 0, 0, 0, 0, 8, 1]
        + [0, 0, 0, 0, 0, 0, 0, 1] + [0, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0, 14]

    func testACraftedBinaryPlistIsBadDataNotACrash() throws {
        XCTAssertEqual(Self.referenceBeyondEveryObject.count, 57)
        let path = try write(Self.referenceBeyondEveryObject, "Crafted.plist")
        try assertBadData(
            ["shortcuts", "check", "--catalog", path],
            stderr: """
                expenses: error: \(path): malformed property list: binary property list container at offset 8 refers to object \
                18446744073709551615; the file has 2

                """)
        let offset = try write(Self.offsetNear2To64, "Offset.plist")
        try assertBadData(
            ["shortcuts", "check", "--catalog", offset],
            stderr: """
                expenses: error: \(offset): malformed property list: binary property list object 0 is outside the object area \
                (offset 18446744073709551600)

                """)
    }

    func testAnXMLPlistNested50000DeepIsBadDataNotAStackOverflow() throws {
        let text =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n"
            + String(repeating: "<array>", count: 50_000) + String(repeating: "</array>", count: 50_000) + "\n</plist>\n"
        let path = try write(Array(text.utf8), "Deep.plist")
        try assertBadData(
            ["shortcuts", "check", "--catalog", path],
            stderr: """
                expenses: error: \(path):3: malformed property list: arrays and dictionaries nest more than 512 levels deep

                """)
    }

    func testARulesFileWhoseRegularExpressionWouldTakeGigabytesIsBadData() throws {
        // 70 bytes of condition for which glibc's regcomp allocated more than 2 GB.
        let statement = try write(Array("Date,Merchant,Amount\n2026-03-02,UBER,5.00\n".utf8), "card.csv")
        let rules = try write(
            Array(
                """
                date = Date
                merchant = Merchant
                amount = Amount
                default currency EUR
                default category other
                if merchant matches ((((a{1,100}){1,100}){1,100}){1,100}) then skip

                """.utf8), "card.rules")
        try assertBadData(
            ["import", statement, "--rules", rules],
            stderr: """
                expenses: error: \(rules):6: invalid regular expression '((((a{1,100}){1,100}){1,100}){1,100})': its repetitions ({m,n} and +) \
                expand it to more than 10000 elements
                hint: POSIX extended syntax, as in hledger rules: ^UBER|LYFT, [0-9]+, (a|b)

                """)
    }
}
