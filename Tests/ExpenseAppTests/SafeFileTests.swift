import ExpenseTestSupport
import Foundation
import XCTest

/// Files a user names for output — `report export -o`, `receipt export -o`, `shortcuts export -o`,
/// `import --rejects` — and the database: never written through a name someone planted, never
/// over a file the command reads, over an existing file only with --force, and readable by their
/// owner only.
final class SafeFileTests: EngineTestCase {
    override class var engines: Engines { .fileOnly(because: "a file's own path, directory and modes") }

    var app: InProcessApp!
    private var savedUmask: mode_t = 0

    private static let rules = """
        date = Date
        merchant = Merchant
        amount = Amount
        default currency EUR
        default category meals

        """
    private static let statement = "Date,Merchant,Amount\n2026-03-03,Cafe,4.50\n2026-03-32,Bad day,1.00\n"
    private static let rejected =
        "Date,Merchant,Amount,reason\n2026-03-32,Bad day,1.00,%@:3: date: '2026-03-32' is not a day of the calendar\n"

    override func setUpWithError() throws {
        // What a person's shell usually has: without the app's care, new files are readable by all.
        savedUmask = umask(0o022)
        app = try InProcessApp()
        try app.walldorfTrip()
        let capture = try app.run("receipt", "capture", ReceiptSamples.path("taxi-zurich-ch.png"), "--no-ocr")
        XCTAssertEqual(capture.status, 0, capture.stderr)
        try Self.rules.write(toFile: app.path("card.rules"), atomically: true, encoding: .utf8)
        try Self.statement.write(toFile: app.path("march.csv"), atomically: true, encoding: .utf8)
    }

    override func tearDown() {
        app = nil
        umask(savedUmask)
    }

    /// The four ways to write a user-named file, each into `path`, with `extra` arguments.
    private func writers(_ path: String) -> [(name: String, arguments: [String])] {
        [
            ("report export", ["report", "export", "1", "--format", "csv", "-o", path]),
            ("receipt export", ["receipt", "export", "1", "-o", path]),
            ("shortcuts export", ["shortcuts", "export", "-o", path]),
            (
                "import --rejects",
                ["import", app.path("march.csv"), "--rules", app.path("card.rules"), "--skip-invalid", "--rejects", path]
            ),
        ]
    }

    private func text(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    private func mode(_ path: String) -> Int? { (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int }

    private func expenses() throws -> String { try app.query("SELECT count(*) FROM expenses") }

    // MARK: - Temporary names

    func testASymlinkAtEveryTemporaryNameLeavesItsTargetAlone() throws {
        let victim = app.path("victim.txt")
        try "precious\n".write(toFile: victim, atomically: false, encoding: .utf8)
        for (index, name) in ["out.csv", "r.png", "s.desktop", "rejects.csv"].enumerated() {
            // The first temporary name of OutputFile to a file, the second to a file not there yet.
            try FileManager.default.createSymbolicLink(atPath: app.path(".\(name).tmp-1"), withDestinationPath: victim)
            try FileManager.default.createSymbolicLink(atPath: app.path(".\(name).tmp-2"), withDestinationPath: app.path("ghost-\(index)"))
        }
        // The name the rejects file was written under before.
        try FileManager.default.createSymbolicLink(atPath: app.path("rejects.csv.part"), withDestinationPath: victim)
        for (index, name) in ["out.csv", "r.png", "s.desktop", "rejects.csv"].enumerated() {
            let writer = writers(app.path(name))[index]
            let result = try app.run(writer.arguments)
            XCTAssertEqual(result.status, 0, "\(writer.name): \(result.stderr)")
            XCTAssertEqual(text(victim), "precious\n", "\(writer.name) wrote through a planted symlink")
            XCTAssertFalse(
                FileManager.default.fileExists(atPath: app.path("ghost-\(index)")), "\(writer.name) created a file through a symlink")
            XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: app.path(".\(name).tmp-1")), victim)
            XCTAssertFalse(FileManager.default.fileExists(atPath: app.path(".\(name).tmp-3")), "\(writer.name) left its temporary")
        }
        XCTAssertTrue(text(app.path("out.csv"))?.hasPrefix("id,reportId,date,") ?? false)
        XCTAssertTrue(text(app.path("out.csv"))?.contains(",Hotel Astoria,") ?? false)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: app.path("r.png"))), try ReceiptSamples.bytes("taxi-zurich-ch.png"))
        XCTAssertTrue(text(app.path("s.desktop"))?.hasPrefix("[Desktop Entry]\n") ?? false)
        XCTAssertEqual(text(app.path("rejects.csv")), String(format: Self.rejected, app.path("march.csv")))
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: app.path("rejects.csv.part")), victim)
    }

    // MARK: - Inputs

    func testAnOutputOntoTheDatabaseIsRefusedEvenWithForce() throws {
        let database = app.databasePath
        let refusals: [(arguments: [String], message: String)] = [
            (["report", "export", "1", "--format", "csv", "-o", database], "it is the database"),
            (["report", "export", "1", "--format", "json", "-o", database, "--force"], "it is the database"),
            (["report", "export", "1", "--format", "csv", "-o", database + "-wal", "--force"], "it is the database's write-ahead log"),
            (["receipt", "export", "1", "-o", database, "--force"], "it is the database"),
            (["shortcuts", "export", "-o", database + "-shm", "--force"], "it is the database's shared-memory file"),
            (
                ["import", app.path("march.csv"), "--rules", app.path("card.rules"), "--skip-invalid", "--rejects", database, "--force"],
                "it is the database"
            ),
        ]
        for refusal in refusals {
            let result = try app.run(refusal.arguments)
            XCTAssertEqual(result.status, 73, "\(refusal.arguments): \(result.stderr)")
            XCTAssertEqual(
                result.stderr,
                "expenses: error: cannot write \(refusal.arguments[refusal.arguments.firstIndex { $0 == "-o" || $0 == "--rejects" }! + 1]): "
                    + "\(refusal.message), which this command reads\nhint: choose another file to write to\n")
        }
        XCTAssertEqual(try app.query("PRAGMA integrity_check"), "ok")
        XCTAssertEqual(try expenses(), "3")
        XCTAssertFalse(FileManager.default.fileExists(atPath: database + "-wal"))
        // The receipt's own file in the vault is an input of its export.
        let hash = try app.query("SELECT sha256 FROM receipts WHERE id = 1")
        let stored = app.vaultPath + "/\(hash.prefix(2))/\(hash.dropFirst(2).prefix(2))/\(hash)"
        let result = try app.run("receipt", "export", "1", "-o", stored, "--force")
        XCTAssertEqual(result.status, 73, result.stderr)
        XCTAssertTrue(
            result.stderr.hasPrefix("expenses: error: cannot write \(stored): it is the file of receipt 1 in the vault"), result.stderr)
    }

    // MARK: - Existing files

    func testAnExistingFileIsReplacedOnlyWithForce() throws {
        let target = app.path("mine.txt")
        for writer in writers(target) {
            try "mine\n".write(toFile: target, atomically: false, encoding: .utf8)
            let refused = try app.run(writer.arguments)
            XCTAssertEqual(refused.status, 73, "\(writer.name): \(refused.stderr)")
            XCTAssertEqual(refused.stderr, "expenses: error: \(target) exists\nhint: give --force to replace it\n", writer.name)
            XCTAssertEqual(text(target), "mine\n", writer.name)
            let forced = try app.run(writer.arguments + ["--force"])
            XCTAssertEqual(forced.status, 0, "\(writer.name): \(forced.stderr)")
            XCTAssertNotEqual(try Data(contentsOf: URL(fileURLWithPath: target)), Data("mine\n".utf8), "\(writer.name) --force")
        }
        XCTAssertEqual(try expenses(), "4", "the refused import wrote nothing; the forced ones added the valid row once")
        // A receipt exported into a folder names its file itself: that one is not replaced either.
        let folder = app.path("out")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "mine\n".write(toFile: folder + "/receipt-1.png", atomically: false, encoding: .utf8)
        XCTAssertEqual(try app.run("receipt", "export", "1", "-o", folder).status, 73)
        XCTAssertEqual(text(folder + "/receipt-1.png"), "mine\n")
        // A symlink at the name is refused even with --force: a rename would replace the link, not its file.
        let linked = app.path("linked.csv")
        try FileManager.default.createSymbolicLink(atPath: linked, withDestinationPath: target)
        let symlink = try app.run("report", "export", "1", "--format", "csv", "-o", linked, "--force")
        XCTAssertEqual(symlink.status, 73, symlink.stderr)
        XCTAssertEqual(symlink.stderr, "expenses: error: cannot write \(linked): it is a symbolic link\nhint: name the file it points to\n")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: linked), target)
        // --force says which file may be replaced: without one it is a usage error.
        for arguments in [
            ["report", "export", "1", "--format", "csv", "--force"], ["shortcuts", "export", "--force"],
            ["import", app.path("march.csv"), "--rules", app.path("card.rules"), "--force"],
        ] {
            let result = try app.run(arguments)
            XCTAssertEqual(result.status, 64, "\(arguments): \(result.stderr)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: app.directory.path).filter { $0.contains(".tmp-") }, [])
    }

    // MARK: - Modes
}
