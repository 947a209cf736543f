import ExpenseTestSupport
import Foundation
import XCTest

/// The checks of `SafeFileTests` that need no process of their own: run in this one, fast.
extension SafeFileTests {

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
