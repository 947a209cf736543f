import Foundation
import XCTest

/// The database file: where it is, and what happens when it is not what it should be.
final class DatabaseFileTests: XCTestCase {
    var app: ExpensesProcess!

    override func setUpWithError() throws { app = try ExpensesProcess() }
    override func tearDown() { app = nil }

    func testFileThatIsNotADatabase() throws {
        let path = app.path("notes.txt")
        try String(repeating: "not a database\n", count: 200).write(toFile: path, atomically: true, encoding: .utf8)
        let result = try app.run("--db", path, "report", "list")
        XCTAssertEqual(result.status, 65)
        XCTAssertEqual(result.stderr, "expenses: error: \(path) is not an SQLite database\nhint: check --db or EXPENSES_DB\n")
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), String(repeating: "not a database\n", count: 200))
    }

    func testSQLiteDatabaseOfAnotherApp() throws {
        app.environment["EXPENSES_DB"] = app.path("other.sqlite")
        _ = try app.sqlite("CREATE TABLE songs (title TEXT)")
        let result = try app.run("report", "list")
        XCTAssertEqual(result.status, 65)
        XCTAssertEqual(result.stderr, "expenses: error: \(app.databasePath) is an SQLite database, but not an expenses database\nhint: check --db or EXPENSES_DB\n")
    }

    func testDatabaseFromANewerVersionIsRefusedUntouched() throws {
        try app.ok("report", "new", "Trip")
        _ = try app.sqlite("INSERT INTO schema_migrations VALUES ('2099-01-01-from-the-future', '2099-01-01T00:00:00Z')")
        let before = try app.sqlite("SELECT count(*) FROM reports")
        let result = try app.run("report", "new", "Another")
        XCTAssertEqual(result.status, 65)
        XCTAssertEqual(result.stderr, """
            expenses: error: \(app.databasePath) was written by a newer version of expenses (schema '2099-01-01-from-the-future')
            hint: upgrade expenses to open it; this version left it untouched

            """)
        XCTAssertEqual(try app.sqlite("SELECT count(*) FROM reports"), before)
    }

    func testMissingDirectory() throws {
        let result = try app.run("--db", app.path("no/such/dir/e.sqlite"), "report", "list")
        XCTAssertEqual(result.status, 73)
        XCTAssertEqual(result.stderr, "expenses: error: cannot create the database \(app.path("no/such/dir/e.sqlite")): directory \(app.path("no/such/dir")) does not exist\nhint: create it first, or choose another --db\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: app.path("no")))
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
            result = try app.run(["--reuid=65534", "--regid=65534", "--clear-groups", ExpensesProcess.binary.path] + arguments,
                                 executable: URL(fileURLWithPath: setpriv))
        } else {
            result = try app.run(arguments)
        }
        XCTAssertEqual(result.status, 73, result.stderr)
        XCTAssertEqual(result.stderr, "expenses: error: cannot create the database \(directory)/e.sqlite: directory \(directory) is not writable\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/e.sqlite"))
    }

    func testSchemaIsMigratedAndRecorded() throws {
        try app.ok("category", "list")
        XCTAssertEqual(try app.sqlite("PRAGMA journal_mode"), "wal")
        let applied = try app.sqlite("SELECT group_concat(id) FROM schema_migrations")
        XCTAssertTrue(applied.hasPrefix("2026-11-30-v1-reports-expenses"), applied)
        try app.ok("report", "list")
        XCTAssertEqual(try app.sqlite("SELECT group_concat(id) FROM schema_migrations"), applied, "migrating twice")
        XCTAssertEqual(try app.sqlite("PRAGMA integrity_check"), "ok")
    }
}
