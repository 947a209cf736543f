import ExpenseTestSupport
import Foundation
import XCTest

/// The checks of `DatabaseFileTests` that need the built binary as a process of its own.
extension DatabaseFileTests {

    /// A URI of another kind names no database: refused before anything is made of it (no
    /// directory named after its scheme), whether --db or EXPENSES_DB says it.
    func testAnotherKindOfURIIsRefusedAsUsage() throws {
        let result = try app.run("--db", "mysql://db/expenses", "report", "list")
        XCTAssertEqual(result.status, 64)
        XCTAssertEqual(
            result.stderr,
            "expenses: error: 'mysql://db/expenses' is a mysql URI, not a database expenses can use\n"
                + "hint: give a file, or a team database on PostgreSQL (postgresql://USER@HOST/DB, service=NAME)\n")
        app.environment["EXPENSES_DB"] = "sqlite:///" + app.path("e.sqlite")
        XCTAssertEqual(try app.run("report", "list").status, 64)
        // Help reads no database: it is not stopped by one that is none.
        XCTAssertEqual(try app.run("help").status, 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: app.directory.path), [])
    }

    /// The `database` setting, like a shell, takes `~/` for the home directory; `=` and spaces
    /// are a file's name like any other.
    func testTheDatabaseSettingsTildeIsTheHomeDirectory() throws {
        app.environment["EXPENSES_DB"] = nil
        try app.ok("config", "set", "database", "~/my trips=2026.sqlite")
        try app.ok("report", "new", "Trip")
        XCTAssertTrue(FileManager.default.fileExists(atPath: app.path("my trips=2026.sqlite")))
        XCTAssertEqual(try app.run("config", "set", "database", "mysql://db/x").status, 65)
    }

    func testUnwritableDirectory() throws {
        let directory = app.path("locked")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: directory)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory) }
        let arguments = ["--db", directory + "/e.sqlite", "report", "new", "Trip"]
        let result: ExpensesProcess.Result
        if getuid() == 0 {
            // root writes where the mode allows nothing: the binary runs as nobody, whom it stops.
            let setpriv = "/usr/bin/setpriv"
            guard FileManager.default.isExecutableFile(atPath: setpriv) else {
                throw MissingTool("\(setpriv) is missing: Debian always has it (util-linux, an essential package)")
            }
            result = try app.run(
                ["--reuid=65534", "--regid=65534", "--clear-groups", ExpensesProcess.binary.path] + arguments,
                executable: URL(fileURLWithPath: setpriv))
        } else {
            result = try app.run(arguments)
        }
        XCTAssertEqual(result.status, 73, result.stderr)
        XCTAssertEqual(
            result.stderr, "expenses: error: cannot create the database \(directory)/e.sqlite: directory \(directory) is not writable\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/e.sqlite"))
    }

    func testSchemaIsMigratedAndRecorded() throws {
        try app.ok("category", "list")
        XCTAssertEqual(try app.query("PRAGMA journal_mode"), "wal")
        let applied = try app.query("SELECT group_concat(id) FROM schema_migrations")
        XCTAssertTrue(applied.hasPrefix("2026-11-30-v1-reports-expenses"), applied)
        try app.ok("report", "list")
        XCTAssertEqual(try app.query("SELECT group_concat(id) FROM schema_migrations"), applied, "migrating twice")
        XCTAssertEqual(try app.query("PRAGMA integrity_check"), "ok")
    }
}

extension DatabaseFileTests {
    /// Runs the binary as a user the file modes hold: as root (CI), as nobody through setpriv,
    /// since root reads and writes whatever the modes say.
    private func runAsUser(_ arguments: [String]) throws -> ExpensesProcess.Result {
        guard getuid() == 0 else { return try app.run(arguments) }
        let setpriv = "/usr/bin/setpriv"
        guard FileManager.default.isExecutableFile(atPath: setpriv) else {
            throw MissingTool("\(setpriv) is missing: Debian always has it (util-linux, an essential package)")
        }
        return try app.run(
            ["--reuid=65534", "--regid=65534", "--clear-groups", ExpensesProcess.binary.path] + arguments,
            executable: URL(fileURLWithPath: setpriv))
    }

    /// A database file mode 0444 (or another user's) could not even be listed: every open was
    /// read-write. Reading commands read it; writing ones say it is read-only (73). Both where
    /// the directory can be written (SQLite makes its -shm file there) and where it cannot.
    func testAReadOnlyDatabaseIsReadAndWritesAreRefused() throws {
        for writableDirectory in [false, true] {
            let directory = app.path(writableDirectory ? "shared" : "locked")
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let db = directory + "/e.sqlite"
            try app.ok("--db", db, "report", "new", "Walldorf", "--from", "2026-03-02", "--to", "2026-03-06")
            try app.ok("--db", db, "expense", "add", "--report", "1", "--date", "2026-03-03", "--amount", "12.00", "--category", "meals")
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: db)
            // Root's directory is the locked one for nobody; another user locks it by its mode.
            let directoryMode: Int16 = writableDirectory ? 0o777 : (getuid() == 0 ? 0o755 : 0o555)
            try FileManager.default.setAttributes([.posixPermissions: directoryMode], ofItemAtPath: directory)
            defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory) }
            let before = try Data(contentsOf: URL(fileURLWithPath: db))
            let place = writableDirectory ? "writable directory" : "locked directory"

            let list = try runAsUser(["--db", db, "report", "list", "--format", "json"])
            XCTAssertEqual(list.status, 0, "\(place): \(list.stderr)")
            XCTAssertTrue(list.stdout.contains("\"title\": \"Walldorf\""), "\(place): \(list.stdout)")
            for reading in [
                ["report", "show", "1"], ["report", "check", "1"], ["report", "summary"], ["expense", "list"],
                ["report", "history", "1"],
            ] {
                let result = try runAsUser(["--db", db] + reading)
                XCTAssertEqual(result.status, 0, "\(place): \(reading.joined(separator: " ")): \(result.stderr)")
            }
            for writing in [
                ["report", "new", "Another"],
                [
                    "expense", "add", "--report", "1", "--date", "2026-03-04", "--amount", "5",
                    "--category", "meals",
                ], ["policy", "set", "duplicate", "off"],
            ] {
                let result = try runAsUser(["--db", db] + writing)
                XCTAssertEqual(result.status, 73, "\(place): \(writing.joined(separator: " "))")
                XCTAssertEqual(
                    result.stderr,
                    """
                    expenses: error: the database \(db) is read-only: nothing was written
                    hint: reading it works; to change it, make the file writable, or work on a copy

                    """, place)
            }
            let receipt = app.path("receipt.png")
            try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0, count: 64)).write(
                to: URL(fileURLWithPath: receipt))
            let capture = try runAsUser(["--db", db, "receipt", "capture", receipt])
            XCTAssertEqual(capture.status, 73, "\(place): \(capture.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/e.receipts"), "\(place): nothing went into a vault")
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: db)), before, "\(place): the file is untouched")
        }
    }
}
