import XCTest

@testable import PropertyList

/// A file holds at most `PropertyListLimits.values` values, in either form: a binary plist counts
/// each use of a shared object, so a small file cannot name one value millions of times.
final class ValueLimitTests: XCTestCase {
    /// A bplist00 array of `count` references (2 bytes each) to one `true`: 1 + `count` values.
    private func binaryArray(referencing count: Int) -> [UInt8] {
        var data = Array("bplist00".utf8)
        data += [0xAF, 0x12] + bigEndian(UInt64(count), size: 4)
        data += [UInt8](repeating: 0, count: count * 2).enumerated().map { $0.offset % 2 == 1 ? 1 : 0 }
        let boolean = data.count
        data.append(0x09)
        let table = data.count
        data += bigEndian(8, size: 4) + bigEndian(UInt64(boolean), size: 4)
        data += [0, 0, 0, 0, 0, 0, 4, 2]
        data += bigEndian(2, size: 8) + bigEndian(0, size: 8) + bigEndian(UInt64(table), size: 8)
        return data
    }

    private func bigEndian(_ value: UInt64, size: Int) -> [UInt8] {
        (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64(size - 1 - $0))) }
    }

    func testABinaryPlistSharingOneValueUpToTheLimitReadsAndOneMoreIsRefused() throws {
        let limit = PropertyListLimits.values
        guard case .array(let items) = try PropertyList.parse(binaryArray(referencing: limit - 1)) else { return XCTFail("not an array") }
        XCTAssertEqual(items.count, limit - 1)
        XCTAssertThrowsError(try PropertyList.parse(binaryArray(referencing: limit))) { error in
            XCTAssertEqual((error as? PropertyListError)?.message, "binary property list expands to more than 1000000 values")
        }
    }

    func testAnXMLPlistOfMoreValuesThanTheLimitIsRefusedWithItsLine() {
        let xml = "<plist><array>\n" + String(repeating: "<true/>", count: PropertyListLimits.values) + "\n</array></plist>"
        XCTAssertThrowsError(try PropertyList.parse(Array(xml.utf8))) { error in
            XCTAssertEqual((error as? PropertyListError)?.message, "the property list holds more than 1000000 values")
            XCTAssertEqual((error as? PropertyListError)?.line, 2)
        }
    }
}
