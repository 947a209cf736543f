import ExpenseSupport
import StatementReading
import XCTest

@testable import StatementImport

/// The rejects file: written to a temporary of its own (never through a name someone left), 0600,
/// put in place only when the import commits, never over an input, and over an existing file only
/// when told.
final class RejectsFileTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("rejects-file-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try FileManager.default.removeItem(at: directory) }

    private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    private func names() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() }

    private func make(_ name: String, replacing: Bool = false, inputs: [OutputFile.Input] = []) throws -> RejectsFile {
        try RejectsFile(path: path(name), separator: UInt8(ascii: ","), encoding: .utf8, replacing: replacing, inputs: inputs)
    }

    private func write(_ rejects: RejectsFile, row: String) throws {
        rejects.start(preamble: [], header: Array("Date,Amount".utf8), crlf: false)
        try Array(row.utf8).withUnsafeBytes { try rejects.append(record: $0, reason: Array("bad".utf8), crlf: false) }
    }

    func testWrittenThroughAPrivateTemporaryAndPlacedOnCommit() throws {
        let saved = umask(0o022)
        defer { umask(saved) }
        let rejects = try make("r.csv")
        try write(rejects, row: "2026-03-32,1.00")
        XCTAssertEqual(try names(), [".r.csv.tmp-1"], "nothing at the name before the import commits")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path(".r.csv.tmp-1"))[.posixPermissions] as? Int, 0o600)
        try rejects.prepare()
        try rejects.commit()
        XCTAssertEqual(try names(), ["r.csv"])
        XCTAssertEqual(try String(contentsOfFile: path("r.csv"), encoding: .utf8), "Date,Amount,reason\n2026-03-32,1.00,bad\n")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path("r.csv"))[.posixPermissions] as? Int, 0o600)
    }

    func testSymlinksAtTheTemporaryNamesAreNotFollowed() throws {
        let victim = path("victim.txt")
        try "precious\n".write(toFile: victim, atomically: false, encoding: .utf8)
        // The name the rejects file used to be written under, and the one it is written under now.
        try FileManager.default.createSymbolicLink(atPath: path("r.csv.part"), withDestinationPath: victim)
        try FileManager.default.createSymbolicLink(atPath: path(".r.csv.tmp-1"), withDestinationPath: victim)
        try FileManager.default.createSymbolicLink(atPath: path(".r.csv.tmp-2"), withDestinationPath: path("missing.txt"))
        var rejects: RejectsFile? = try make("r.csv")
        try write(rejects!, row: "2026-03-32,1.00")
        try rejects!.prepare()
        try rejects!.commit()
        rejects = nil
        XCTAssertEqual(try String(contentsOfFile: victim, encoding: .utf8), "precious\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("missing.txt")))
        XCTAssertEqual(try String(contentsOfFile: path("r.csv"), encoding: .utf8), "Date,Amount,reason\n2026-03-32,1.00,bad\n")
        XCTAssertEqual(try names(), [".r.csv.tmp-1", ".r.csv.tmp-2", "r.csv", "r.csv.part", "victim.txt"])
    }

    func testAnImportThatDoesNotCommitLeavesNothing() throws {
        try "old\n".write(toFile: path("kept.csv"), atomically: false, encoding: .utf8)
        for (name, replacing) in [("r.csv", false), ("kept.csv", true)] {
            // Failed before its end, and failed after prepare (the database's commit failed).
            var unprepared: RejectsFile? = try make(name, replacing: replacing)
            try write(unprepared!, row: "x,1")
            unprepared = nil
            var prepared: RejectsFile? = try make(name, replacing: replacing)
            try write(prepared!, row: "x,1")
            try prepared!.prepare()
            prepared = nil
        }
        XCTAssertEqual(try names(), ["kept.csv"])
        XCTAssertEqual(try String(contentsOfFile: path("kept.csv"), encoding: .utf8), "old\n")
    }

    func testAnExistingFileIsReplacedOnlyWhenAskedTo() throws {
        try "old\n".write(toFile: path("r.csv"), atomically: false, encoding: .utf8)
        XCTAssertThrowsError(try make("r.csv")) { error in
            XCTAssertEqual(error as? ExpenseError, ExpenseError(.cannotCreate, .outputExists, "\(path("r.csv")) exists"))
        }
        XCTAssertEqual(try names(), ["r.csv"], "refused before a temporary is made")
        let rejects = try make("r.csv", replacing: true)
        try write(rejects, row: "x,1")
        try rejects.prepare()
        try rejects.commit()
        XCTAssertEqual(try String(contentsOfFile: path("r.csv"), encoding: .utf8), "Date,Amount,reason\nx,1,bad\n")
    }

    func testAFileThatTakesTheNameMeanwhileFailsTheImportBeforeItCommits() throws {
        let rejects = try make("r.csv")
        try write(rejects, row: "x,1")
        try "someone else's\n".write(toFile: path("r.csv"), atomically: false, encoding: .utf8)
        XCTAssertThrowsError(try rejects.prepare()) { error in
            XCTAssertEqual((error as? ExpenseError)?.code, .outputExists)
        }
        XCTAssertEqual(try String(contentsOfFile: path("r.csv"), encoding: .utf8), "someone else's\n")
    }

    func testAnInputIsNeverTheRejectsFile() throws {
        try "Date,Amount\nx,1\n".write(toFile: path("s.csv"), atomically: false, encoding: .utf8)
        let descriptor = open(path("s.csv"), O_RDONLY)
        defer { close(descriptor) }
        let statement = OutputFile.Input("-", role: "a statement", identity: FileIdentity(descriptor: descriptor))
        for replacing in [false, true] {
            XCTAssertThrowsError(try make("s.csv", replacing: replacing, inputs: [statement])) { error in
                XCTAssertEqual(
                    (error as? ExpenseError)?.message, "cannot write \(path("s.csv")): it is a statement, which this command reads")
            }
        }
        XCTAssertEqual(try String(contentsOfFile: path("s.csv"), encoding: .utf8), "Date,Amount\nx,1\n")
        XCTAssertEqual(try names(), ["s.csv"])
    }
}
