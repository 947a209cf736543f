import Foundation
import XCTest

@testable import ExpenseSupport
@testable import StatementImport

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

/// A statement's first bytes, read to tell its format, are read again by its reader.
final class InputFileFormatTests: XCTestCase {
    func testTheBytesReadToTellTheFormatAreReadAgain() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("input-\(UUID().uuidString).csv").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let csv = "Date,Amount\n" + (1...1_000).map { "2026-03-01,\($0).00\n" }.joined()
        try Data(csv.utf8).write(to: URL(fileURLWithPath: path))
        let input = try InputFile(path, role: "statement")
        XCTAssertEqual(try input.statementFormat(), .csv)
        XCTAssertEqual(try input.statementFormat(), .csv, "asked twice, read once")
        let reader = input.csvReader(separator: UInt8(ascii: ","))
        var records = 0
        var last = ""
        while try reader.next() {
            records += 1
            last = String(decoding: reader.field(1), as: UTF8.self)
        }
        XCTAssertEqual(records, 1_001)
        XCTAssertEqual(last, "1000.00")
        let ofx = try InputFile(
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Fixtures/import/bank-ofx220.ofx").path, role: "statement")
        XCTAssertEqual(try ofx.statementFormat(), .entries(.ofx))
        XCTAssertEqual(try ofx.wholeStatement(.ofx).count, ofx.size)
    }
}

extension InputFileFormatTests {
    func testAStatementOfEntriesBeyondItsLimitIsBadData() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("input-\(UUID().uuidString).ofx").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data("OFXHEADER:100\n".utf8)))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: UInt64(InputFile.maximumMarkupBytes + 1))  // sparse: no disk is used
        try handle.close()
        let input = try InputFile(path, role: "statement")
        XCTAssertEqual(try input.statementFormat(), .entries(.ofx))
        XCTAssertThrowsError(try input.wholeStatement(.ofx)) { error in
            XCTAssertEqual((error as? ExpenseError)?.kind, .invalidData)
            XCTAssertEqual((error as? ExpenseError)?.message, "\(path) is larger than 64 MiB, more than an OFX statement holds")
        }
    }
}
