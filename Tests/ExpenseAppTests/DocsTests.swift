import Foundation
import XCTest

/// README is what a newcomer reads to the end (issue 31, point 13): short, with the reference in
/// docs/ pages it links to, and every link of README and docs/ names a file that is there.
final class DocsTests: XCTestCase {
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

    func testEveryLinkNamesAFileThatIsThere() throws {
        let docs = root.appendingPathComponent("docs")
        var files = [root.appendingPathComponent("README.md")]
        files += try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }.map {
            docs.appendingPathComponent($0)
        }
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: /\]\(([^)#\s]+\.md)(#[^)]*)?\)/) {
                let target = file.deletingLastPathComponent().appendingPathComponent(String(match.1)).path
                XCTAssertTrue(FileManager.default.fileExists(atPath: target), "\(file.lastPathComponent) links \(match.1)")
            }
        }
    }
}
