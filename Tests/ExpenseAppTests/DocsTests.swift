import ExpenseTestSupport
import Foundation
import XCTest

/// README is what a newcomer reads to the end (issue 31, point 13): short, with the reference in
/// docs/ pages it links to, and every link of README and docs/ names a file that is there.
final class DocsTests: EngineTestCase {
    override class var engines: Engines { .once(because: "touches no database: the same on either engine") }

    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    func testTheREADMEIsShortAndLinksTheGuides() throws {
        let readme = try Data(contentsOf: root.appendingPathComponent("README.md"))
        XCTAssertLessThan(readme.count, 12_000, "README.md is \(readme.count) bytes")
        let text = String(decoding: readme, as: UTF8.self)
        for page in ["GUIDE", "RECEIPTS", "IMPORTS", "QUICK-ACTIONS", "AUDIT-LOG", "TEAM", "PER-DIEMS"] {
            XCTAssertTrue(text.contains("(docs/\(page).md)"), "README links docs/\(page).md")
        }
    }

    /// README and every page of docs/.
    private func pages() throws -> [URL] {
        let docs = root.appendingPathComponent("docs")
        return try [root.appendingPathComponent("README.md")]
            + FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }.sorted().map {
                docs.appendingPathComponent($0)
            }
    }

    func testEveryLinkNamesAFileThatIsThere() throws {
        for file in try pages() {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: /\]\(([^)#\s]+\.md)(#[^)]*)?\)/) {
                let target = file.deletingLastPathComponent().appendingPathComponent(String(match.1)).path
                XCTAssertTrue(FileManager.default.fileExists(atPath: target), "\(file.lastPathComponent) links \(match.1)")
            }
        }
    }

    /// A section starts with a sentence, not the middle of one: moved out of README, whose
    /// paragraphs began with a bold word, sections read "of this machine live in ..." and
    /// ", the same for every command" under headings that had taken their first words.
    func testEverySectionStartsWithASentence() throws {
        for file in try pages() {
            let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
            var inCode = false
            for (index, line) in lines.enumerated() {
                if line.hasPrefix("```") { inCode.toggle() }
                guard !inCode, line.hasPrefix("#"),
                    let next = lines.dropFirst(index + 1).first(where: { !$0.isEmpty }), let first = next.first
                else { continue }
                XCTAssertFalse(first.isLowercase || ",;:)".contains(first), "\(file.lastPathComponent): after '\(line)': \(next)")
            }
        }
    }
}
