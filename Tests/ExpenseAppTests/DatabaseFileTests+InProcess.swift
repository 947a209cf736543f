import ExpenseTestSupport
import Foundation
import XCTest

/// The checks of `DatabaseFileTests` that need no process of their own: run in this one, fast.
extension DatabaseFileTests {

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
        _ = try app.query("CREATE TABLE songs (title TEXT)")
        let result = try app.run("report", "list")
        XCTAssertEqual(result.status, 65)
        XCTAssertEqual(
            result.stderr,
            "expenses: error: \(app.databasePath) is an SQLite database, but not an expenses database\nhint: check --db or EXPENSES_DB\n")
    }

    func testDatabaseFromANewerVersionIsRefusedUntouched() throws {
        try app.ok("report", "new", "Trip")
        _ = try app.query("INSERT INTO schema_migrations VALUES ('2099-01-01-from-the-future', '2099-01-01T00:00:00Z')")
        let before = try app.query("SELECT count(*) FROM reports")
        let result = try app.run("report", "new", "Another")
        XCTAssertEqual(result.status, 65)
        XCTAssertEqual(
            result.stderr,
            """
            expenses: error: \(app.databasePath) was written by a newer version of expenses (schema '2099-01-01-from-the-future')
            hint: upgrade expenses to open it; this version left it untouched

            """)
        XCTAssertEqual(try app.query("SELECT count(*) FROM reports"), before)
    }

    func testMissingDirectory() throws {
        let result = try app.run("--db", app.path("no/such/dir/e.sqlite"), "report", "list")
        XCTAssertEqual(result.status, 73)
        XCTAssertEqual(
            result.stderr,
            "expenses: error: cannot create the database \(app.path("no/such/dir/e.sqlite")): directory \(app.path("no/such/dir")) does not exist\nhint: create it first, or choose another --db\n"
        )
        XCTAssertFalse(FileManager.default.fileExists(atPath: app.path("no")))
    }
}
