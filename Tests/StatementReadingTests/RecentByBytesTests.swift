import XCTest

@testable import StatementReading

/// The bounded table of texts by their bytes: a value is found only for the very bytes it was
/// kept for, and a full table starts again empty.
final class RecentByBytesTests: XCTestCase {
    private func find(_ cache: RecentByBytes<String?>, _ text: [UInt8]) -> (value: String??, place: RecentByBytes<String?>.Place) {
        text.withUnsafeBytes { cache.find($0) }
    }

    private func isKept(_ cache: RecentByBytes<String?>, _ text: [UInt8]) -> Bool { find(cache, text).value != nil }

    func testOnlyTheBytesKeptFindTheirValue() {
        var cache = RecentByBytes<String?>(limit: 8)
        let empty: [UInt8] = []
        let a = Array("Hotel".utf8)
        let b = Array("Hotel ".utf8)
        let invalid: [UInt8] = [0xC3]
        XCTAssertFalse(isKept(cache, empty), "an empty slot holds nothing, not the empty text")
        for (bytes, value) in [(a, "Hotel"), (b, "Hotel "), (invalid, nil), (empty, "")] as [([UInt8], String?)] {
            XCTAssertFalse(isKept(cache, bytes))
            bytes.withUnsafeBytes { cache.keep(value, for: $0, at: find(cache, bytes).place) }
            XCTAssertEqual(find(cache, bytes).value, .some(value))
        }
        XCTAssertEqual(find(cache, a).value, "Hotel", "kept beside the others")
        XCTAssertFalse(isKept(cache, Array("Hotem".utf8)))
    }

    func testAFullTableStartsAgain() {
        var cache = RecentByBytes<String?>(limit: 100)
        let texts = (0..<250).map { Array("Merchant \($0)".utf8) }
        for text in texts { text.withUnsafeBytes { cache.keep(String(decoding: $0, as: UTF8.self), for: $0, at: cache.find($0).place) } }
        let kept = texts.indices.filter { isKept(cache, texts[$0]) }
        XCTAssertEqual(kept, Array(200..<250), "the texts since it was last full")
        XCTAssertTrue(kept.allSatisfy { find(cache, texts[$0]).value == .some("Merchant \($0)") })
    }
}
