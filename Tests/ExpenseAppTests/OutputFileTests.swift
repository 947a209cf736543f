@testable import ExpenseApp
import XCTest
@testable import ExpenseSupport

/// Whole-file writes through a temporary file of our own: never through a name someone else left.
final class OutputFileTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("output-file-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try FileManager.default.removeItem(at: directory) }

    private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    func testReplacesTheFileByRenameAndLeavesNoTemporaryFile() throws {
        try "old\n".write(toFile: path("a.txt"), atomically: false, encoding: .utf8)
        let before = try FileManager.default.attributesOfItem(atPath: path("a.txt"))[.systemFileNumber] as? Int
        try OutputFile.write("new\n", to: path("a.txt"))
        XCTAssertEqual(try String(contentsOfFile: path("a.txt"), encoding: .utf8), "new\n")
        let after = try FileManager.default.attributesOfItem(atPath: path("a.txt"))[.systemFileNumber] as? Int
        XCTAssertNotEqual(before, after, "a new file took the name; the old one was not written over")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["a.txt"])
    }

    func testASymlinkAtTheTemporaryNameIsNotFollowed() throws {
        let victim = path("victim.txt")
        try "precious\n".write(toFile: victim, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: path(".a.txt.tmp-1"), withDestinationPath: victim)
        try FileManager.default.createSymbolicLink(atPath: path(".a.txt.tmp-2"), withDestinationPath: path("missing.txt"))
        try OutputFile.write("new\n", to: path("a.txt"))
        XCTAssertEqual(try String(contentsOfFile: victim, encoding: .utf8), "precious\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("missing.txt")), "a dangling link is not created through either")
        XCTAssertEqual(try String(contentsOfFile: path("a.txt"), encoding: .utf8), "new\n")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: path(".a.txt.tmp-1")), victim,
                       "what someone else left is left alone")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted(),
                       [".a.txt.tmp-1", ".a.txt.tmp-2", "a.txt", "victim.txt"])
    }

    func testATakenTemporaryNameMovesOnToTheNext() throws {
        try "leftover".write(toFile: path(".a.txt.tmp-1"), atomically: false, encoding: .utf8)
        let (descriptor, temporary) = try OutputFile.createTemporary(for: path("a.txt"), mode: 0o644)
        close(descriptor)
        XCTAssertEqual(temporary, path(".a.txt.tmp-2"))
        XCTAssertEqual(try String(contentsOfFile: path(".a.txt.tmp-1"), encoding: .utf8), "leftover")
    }

    func testCreatesMissingDirectoriesWithTheirMode() throws {
        let saved = umask(0o022)
        defer { umask(saved) }
        let file = path("x/y/z.txt")
        try OutputFile.write("z\n", to: file, createDirectories: true, directoryMode: 0o755)
        let mode = try FileManager.default.attributesOfItem(atPath: path("x/y"))[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o755)
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), "z\n")
    }
}
