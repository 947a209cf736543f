import Foundation

/// The camt.053 and OFX statements of Tests/Fixtures/import, as bytes.
enum StatementFixtures {
    static func bytes(_ name: String) throws -> [UInt8] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/import/\(name)")
        return Array(try Data(contentsOf: url))
    }
}
