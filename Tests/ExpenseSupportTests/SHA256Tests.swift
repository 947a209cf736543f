import Foundation
import XCTest

@testable import ExpenseSupport

/// The vault's hash must be exactly SHA-256: the FIPS 180-4 examples, message lengths around the
/// padding boundaries, streaming in odd pieces, and agreement with coreutils' sha256sum.
final class SHA256Tests: XCTestCase {
    func testFIPSExamples() {
        XCTAssertEqual(SHA256.hex([]), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(SHA256.hex(Array("abc".utf8)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(
            SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        XCTAssertEqual(
            SHA256.hex(
                Array(
                    "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu".utf8)
            ),
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
    }

    func testOneMillionAsStreamedInPieces() {
        var hasher = SHA256()
        let piece = [UInt8](repeating: UInt8(ascii: "a"), count: 1000)
        for _ in 0..<1000 { hasher.update(piece) }
        XCTAssertEqual(SHA256.hex(digest: hasher.finalize()), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// Lengths 55, 56, 63, 64 and 65 put the padding on either side of a block boundary.
    func testPaddingBoundaries() {
        let expected = [
            55: "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318",
            56: "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a",
            63: "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34",
            64: "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb",
            65: "635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0",
        ]
        for (count, hash) in expected {
            XCTAssertEqual(SHA256.hex([UInt8](repeating: UInt8(ascii: "a"), count: count)), hash, "\(count) bytes")
        }
    }

    func testStreamingInAnyPiecesEqualsOneShot() {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<10_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        for pieceSize in [1, 3, 63, 64, 65, 1000, 9999] {
            var hasher = SHA256()
            var offset = 0
            while offset < bytes.count {
                hasher.update(Array(bytes[offset..<min(offset + pieceSize, bytes.count)]))
                offset += pieceSize
            }
            XCTAssertEqual(SHA256.hex(digest: hasher.finalize()), SHA256.hex(bytes), "pieces of \(pieceSize)")
        }
    }

    func testAgreesWithSha256sum() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sha256-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var generator = SystemRandomNumberGenerator()
        for count in [0, 1, 119, 4096, 1_000_003] {
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let file = directory.appendingPathComponent("\(count).bin")
            try Data(bytes).write(to: file)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
            process.arguments = [file.path]
            let out = Pipe()
            process.standardOutput = out
            try process.run()
            let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(String(output.prefix(64)), SHA256.hex(bytes), "\(count) random bytes")
        }
    }
}
