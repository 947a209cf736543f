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
        XCTAssertEqual(
            try FileManager.default.destinationOfSymbolicLink(atPath: path(".a.txt.tmp-1")), victim,
            "what someone else left is left alone")
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted(),
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

    func testRunningOutOfRoomIsSaidPlainly() {
        XCTAssertEqual(SystemError.reason(ENOSPC), "no room left on the device")
        XCTAssertEqual(SystemError.reason(EDQUOT), "no room left in the disk quota")
        XCTAssertEqual(SystemError.reason(EFBIG), "file too large")
        XCTAssertEqual(SystemError.reason(EACCES), String(cString: strerror(EACCES)))
        XCTAssertEqual(
            OutputFile.writeFailure("/x/out.csv", ENOSPC), ExpenseError(.io, "cannot write /x/out.csv: no room left on the device"))
    }

    // MARK: - What a user's output must not replace

    private func assertRefused(
        _ body: () throws -> Void, _ message: String, code: ExpenseError.Code? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertThrowsError(try body(), file: file, line: line) { error in
            XCTAssertEqual((error as? ExpenseError)?.kind, .cannotCreate, file: file, line: line)
            XCTAssertEqual((error as? ExpenseError)?.message, message, file: file, line: line)
            XCTAssertEqual((error as? ExpenseError)?.code, code, file: file, line: line)
        }
    }

    func testAnExistingFileIsReplacedOnlyWhenAskedTo() throws {
        try "old\n".write(toFile: path("a.txt"), atomically: false, encoding: .utf8)
        assertRefused(
            { try OutputFile.write("new\n", to: path("a.txt"), replacing: false) }, "\(path("a.txt")) exists", code: .outputExists)
        XCTAssertEqual(try String(contentsOfFile: path("a.txt"), encoding: .utf8), "old\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["a.txt"], "no temporary is left")
        try OutputFile.write("new\n", to: path("a.txt"), replacing: true)
        XCTAssertEqual(try String(contentsOfFile: path("a.txt"), encoding: .utf8), "new\n")
        try OutputFile.write("fresh\n", to: path("b.txt"), replacing: false)
        XCTAssertEqual(try String(contentsOfFile: path("b.txt"), encoding: .utf8), "fresh\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted(), ["a.txt", "b.txt"])
    }

    func testAFileThatAppearsWhileWritingIsNotReplaced() throws {
        // Checked before the work, then placed with link(2): what took the name meanwhile stays.
        try OutputFile.check(path("a.txt"), replacing: false, inputs: [])
        let (descriptor, temporary) = try OutputFile.createTemporary(for: path("a.txt"), mode: 0o600)
        close(descriptor)
        try "someone else's\n".write(toFile: path("a.txt"), atomically: false, encoding: .utf8)
        assertRefused(
            { try OutputFile.place(temporary, at: path("a.txt"), replacing: false) }, "\(path("a.txt")) exists", code: .outputExists)
        XCTAssertEqual(try String(contentsOfFile: path("a.txt"), encoding: .utf8), "someone else's\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["a.txt"], "the temporary is gone")
    }

    func testAnInputIsNeverTheOutputByAnyName() throws {
        let database = path("e.sqlite")
        try "data".write(toFile: database, atomically: false, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: path("sub"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: path("link.sqlite"), withDestinationPath: database)
        XCTAssertEqual(link(database, path("hard.sqlite")), 0)
        let inputs = [
            OutputFile.Input(database, role: "the database"), OutputFile.Input(database + "-wal", role: "the database's write-ahead log"),
        ]
        for name in [database, path("sub/../e.sqlite"), directory.path + "/./e.sqlite", path("link.sqlite"), path("hard.sqlite")] {
            assertRefused(
                { try OutputFile.write("x", to: name, replacing: true, inputs: inputs) },
                "cannot write \(name): it is the database, which this command reads")
        }
        // Not there yet, it is known by its name.
        assertRefused(
            { try OutputFile.write("x", to: path("sub/../e.sqlite-wal"), replacing: true, inputs: inputs) },
            "cannot write \(path("sub/../e.sqlite-wal")): it is the database's write-ahead log, which this command reads")
        // Relative names resolve against the working directory.
        let saved = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(path("sub")))
        defer { _ = FileManager.default.changeCurrentDirectoryPath(saved) }
        assertRefused(
            { try OutputFile.write("x", to: "../e.sqlite", replacing: true, inputs: inputs) },
            "cannot write ../e.sqlite: it is the database, which this command reads")
        XCTAssertEqual(try String(contentsOfFile: database, encoding: .utf8), "data")
        XCTAssertFalse(FileManager.default.fileExists(atPath: database + "-wal"))
        // Another file of the same name elsewhere is no input.
        try OutputFile.write("x", to: "e.sqlite", replacing: false, inputs: inputs)
        XCTAssertEqual(try String(contentsOfFile: path("sub/e.sqlite"), encoding: .utf8), "x")
    }

    func testAnInputKnownByItsOpenDescriptor() throws {
        try "statement".write(toFile: path("s.csv"), atomically: false, encoding: .utf8)
        let descriptor = open(path("s.csv"), O_RDONLY)
        defer { close(descriptor) }
        let stdin = OutputFile.Input("-", role: "a statement", identity: FileIdentity(descriptor: descriptor))
        assertRefused(
            { try OutputFile.check(path("s.csv"), replacing: true, inputs: [stdin]) },
            "cannot write \(path("s.csv")): it is a statement, which this command reads")
        XCTAssertNoThrow(try OutputFile.check(path("t.csv"), replacing: true, inputs: [stdin]))
    }

    func testADirectoryOrADeviceIsNoOutputFile() {
        assertRefused(
            { try OutputFile.write("x", to: directory.path, replacing: true) }, "cannot write \(directory.path): it is a directory")
        assertRefused(
            { try OutputFile.check("/dev/null", replacing: true, inputs: []) }, "cannot write /dev/null: it is not a regular file")
    }

    func testASymlinkAtTheOutputNameIsNeitherReplacedNorFollowed() throws {
        // Renaming over it would replace the link, not what it points to; /dev/stdout is one (and root may write /dev).
        try "theirs\n".write(toFile: path("target.txt"), atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: path("l.txt"), withDestinationPath: path("target.txt"))
        try FileManager.default.createSymbolicLink(atPath: path("d.txt"), withDestinationPath: path("nowhere"))
        for name in ["l.txt", "d.txt"] {
            for replacing in [false, true] {
                assertRefused(
                    { try OutputFile.write("new\n", to: path(name), replacing: replacing) },
                    "cannot write \(path(name)): it is a symbolic link")
            }
        }
        assertRefused(
            { try OutputFile.check("/dev/stdout", replacing: true, inputs: []) }, "cannot write /dev/stdout: it is a symbolic link")
        XCTAssertEqual(try String(contentsOfFile: path("target.txt"), encoding: .utf8), "theirs\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("nowhere")))
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: path("l.txt")), path("target.txt"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted(), ["d.txt", "l.txt", "target.txt"])
    }

    func testTheModeAsked() throws {
        let saved = umask(0o022)
        defer { umask(saved) }
        try OutputFile.write("private\n", to: path("p.txt"), mode: 0o600, replacing: false)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path("p.txt"))[.posixPermissions] as? Int, 0o600)
        // Replacing a file readable by others gives the new one the mode asked, not the old one's.
        try "old".write(toFile: path("q.txt"), atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path("q.txt"))
        try OutputFile.write("new", to: path("q.txt"), mode: 0o600, replacing: true)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path("q.txt"))[.posixPermissions] as? Int, 0o600)
    }
}
