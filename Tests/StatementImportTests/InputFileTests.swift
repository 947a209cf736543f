import Foundation
@testable import ExpenseSupport
@testable import StatementImport
import XCTest

/// Files read whole as text (rules files) are bounded: a file of megabytes named as rules is
/// bad data, not an allocation of its size.
final class InputFileTests: XCTestCase {
    private var path = ""

    override func setUpWithError() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("input-\(UUID().uuidString).rules").path
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: path) }

    func testTextUpToTheLimitIsRead() throws {
        try Data(repeating: UInt8(ascii: "#"), count: InputFile.maximumTextBytes).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(try InputFile(path, role: "rules file").text().utf8.count, 1 << 20)
    }

    func testTextBeyondTheLimitIsBadData() throws {
        try Data(repeating: UInt8(ascii: "#"), count: (1 << 20) + 1).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try InputFile(path, role: "rules file").text()) { error in
            XCTAssertEqual((error as? ExpenseError)?.kind, .invalidData)
            XCTAssertEqual((error as? ExpenseError)?.message, "\(self.path) is larger than 1 MiB, more than any rules file")
        }
    }
}
