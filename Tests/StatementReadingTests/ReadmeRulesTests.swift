import Foundation
import XCTest

@testable import ExpenseSupport
@testable import StatementReading

/// The rules files docs/IMPORTS.md shows (the import guide README links to) are the import tests' fixtures, and they parse.
final class ReadmeRulesTests: XCTestCase {
    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The text of each ```rules block of docs/IMPORTS.md.
    private func readmeRules() throws -> [String] {
        let readme = try String(contentsOf: root.appendingPathComponent("docs/IMPORTS.md"), encoding: .utf8)
        var blocks: [String] = []
        var current: [Substring]?
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```rules" {
                current = []
            } else if let lines = current, line == "```" {
                blocks.append(lines.joined(separator: "\n") + "\n")
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    func testTheREADMEExamplesAreTheFixturesAndParse() throws {
        let blocks = try readmeRules()
        XCTAssertEqual(blocks.count, 2, "an English card export and a German bank export")
        for (block, fixture) in zip(blocks, ["amex.rules", "bank-de.rules"]) {
            let file = try String(contentsOf: root.appendingPathComponent("Tests/Fixtures/import/\(fixture)"), encoding: .utf8)
            XCTAssertEqual(block, file, "README's \(fixture)")
            XCTAssertNoThrow(try ImportRules.parse(block, path: fixture), fixture)
        }
    }
}
