import Foundation
import XCTest

@testable import ExpenseSupport

/// Whole small files read with plain POSIX calls: bounded, and a FIFO or a device refused before
/// it can block or fill memory.
final class FileBytesTests: XCTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "filebytes-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: directory) }

    private func file(_ name: String, bytes count: Int) throws -> String {
        let path = directory + "/" + name
        try Data(repeating: 0x61, count: count).write(to: URL(fileURLWithPath: path))
        return path
    }

    func testAFileOfExactlyTheLimitReadsAndOneByteMoreIsRefused() throws {
        // Past the 64 KiB read buffer, so that the limit is checked across reads.
        let limit = 100_000
        XCTAssertEqual(try FileBytes.read(try file("fits", bytes: limit), limit: limit).count, limit)
        XCTAssertThrowsError(try FileBytes.read(try file("over", bytes: limit + 1), limit: limit)) { error in
            XCTAssertEqual(error as? FileBytes.Failure, .unreadable("it is larger than 100000 bytes"))
        }
        XCTAssertEqual(try FileBytes.read(try file("empty", bytes: 0), limit: 0), [])
    }

    func testTheLimitIsSaidInUnitsAPersonReads() {
        XCTAssertEqual(FileBytes.describe(16 << 20), "16 MiB")
        XCTAssertEqual(FileBytes.describe(64 << 10), "64 KiB")
        XCTAssertEqual(FileBytes.describe(100), "100 bytes")
    }

    func testAMissingFileAPathThroughAFileAndADirectory() throws {
        XCTAssertThrowsError(try FileBytes.read(directory + "/none")) { XCTAssertEqual($0 as? FileBytes.Failure, .missing) }
        let plain = try file("plain", bytes: 1)
        XCTAssertThrowsError(try FileBytes.read(plain + "/below")) { XCTAssertEqual($0 as? FileBytes.Failure, .missing) }
        XCTAssertThrowsError(try FileBytes.read(directory)) {
            XCTAssertEqual($0 as? FileBytes.Failure, .unreadable("it is a directory"))
        }
    }

    func testOnlyARegularFileIsReadWhenAskedAndAFIFOIsRefusedWithoutWaitingForAWriter() throws {
        let fifo = directory + "/fifo"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        // Without O_NONBLOCK this open would wait for a writer forever.
        XCTAssertThrowsError(try FileBytes.read(fifo, regularOnly: true)) {
            XCTAssertEqual($0 as? FileBytes.Failure, .unreadable("it is a FIFO, not a regular file"))
        }
        XCTAssertThrowsError(try FileBytes.read("/dev/zero", limit: 10, regularOnly: true)) {
            XCTAssertEqual($0 as? FileBytes.Failure, .unreadable("it is a character device, not a regular file"))
        }
        // Not asked: a device is read, up to the limit.
        XCTAssertThrowsError(try FileBytes.read("/dev/zero", limit: 10)) {
            XCTAssertEqual($0 as? FileBytes.Failure, .unreadable("it is larger than 10 bytes"))
        }
    }
}
