import ExpenseStore
import ExpenseSupport
import ExpenseTestSupport
import Foundation
import XCTest

/// What --db, EXPENSES_DB, the `database` setting and `db copy --to` name, parsed once: a file or
/// a team's server, or refused; and what a location shows of itself (never a password).
final class DatabaseLocationTests: EngineTestCase {
    override class var engines: Engines { .once(because: "parses locations and opens no database") }

    private func parse(_ text: String, home: String? = "/home/ana") throws -> DatabaseLocation {
        try DatabaseLocation(parsing: text, home: home)
    }

    func testFilesAreTakenAsWrittenHoweverOdd() throws {
        for path in [
            "expenses.sqlite", "./trips.sqlite", "../team/team.sqlite", "/var/lib/expenses/e.sqlite",
            "/home/ana/My Trips/2026 spring.sqlite", "a=b.sqlite", "/data/key=value/e.sqlite", "service.sqlite",
            "/home/a/postgresql/x.sqlite", "hostname=x.sqlite", "~ana/e.sqlite", "postgresql.sqlite", ":memory:",
            "file:e.sqlite", "  spaced  .sqlite",
        ] {
            XCTAssertEqual(try parse(path), .file(path), path)
            XCTAssertFalse(try parse(path).isServer, path)
        }
    }

    func testATildeIsTheHomeDirectoryWhenThereIsOne() throws {
        XCTAssertEqual(try parse("~/trips.sqlite"), .file("/home/ana/trips.sqlite"))
        XCTAssertEqual(try parse("~"), .file("/home/ana"))
        XCTAssertEqual(try parse("~/trips.sqlite", home: nil), .file("~/trips.sqlite"))
        // Another user's home is not looked up: a relative name that starts with '~'.
        XCTAssertEqual(try parse("~bob/trips.sqlite"), .file("~bob/trips.sqlite"))
    }

    func testServersAreURIsAndKeywordValueStrings() throws {
        for connection in [
            "postgresql://alice@db/x", "postgresql://alice:s3cret@db.example.com:5433/expenses?sslmode=require",
            "postgres://db", "postgresql:///expenses?host=/var/run/postgresql", "service=team",
            "host=/tmp dbname=x", "host=db.example.com port=5432 dbname=expenses user=alice", "dbname=x",
            "hostaddr=10.0.0.5 dbname=x", "user=alice dbname='my db'", "port=5433",
        ] {
            XCTAssertEqual(try parse(connection), .server(connection: connection), connection)
            XCTAssertTrue(try parse(connection).isServer, connection)
        }
    }

    func testNothingAndOtherKindsOfURIAreRefusedAsUsage() {
        assertExpenseError(try parse(""), kind: .usage, messageContains: "no database given")
        for uri in ["mysql://db/expenses", "sqlite:///home/ana/e.sqlite", "https://example.com/e.sqlite", "PostgreSQL+psycopg://db/x"] {
            assertExpenseError(try parse(uri), kind: .usage, messageContains: "URI, not a database expenses can use")
        }
        XCTAssertThrowsError(try parse("mysql://db/x")) { error in
            XCTAssertEqual((error as? ExpenseError)?.message, "'mysql://db/x' is a mysql URI, not a database expenses can use")
            XCTAssertEqual(
                (error as? ExpenseError)?.hint,
                "give a file, or a team database on PostgreSQL (postgresql://USER@HOST/DB, service=NAME)")
        }
        // What is not a URI's scheme is a file's name: a colon and slashes further on.
        XCTAssertEqual(try parse("trips 2026: spring://x"), .file("trips 2026: spring://x"))
    }

    func testPasswordsStayOutOfMessages() {
        func name(_ connection: String) -> String { DatabaseLocation.server(connection: connection).name }
        XCTAssertEqual(name("postgresql://bob:s3cret@db:5432/x?sslmode=verify-full"), "postgresql://bob@db:5432/x?sslmode=verify-full")
        XCTAssertEqual(name("postgresql://bob:p%40ss@db/x"), "postgresql://bob@db/x")
        XCTAssertEqual(name("host=db user=bob password=s3cret dbname=x"), "host=db user=bob password=... dbname=x")
        XCTAssertEqual(
            name("postgresql://db/x?user=bob&password=s3cret&sslmode=require"),
            "postgresql://db/x?user=bob&password=...&sslmode=require")
        XCTAssertEqual(name("postgresql://bob@db/x"), "postgresql://bob@db/x")
        // A quoted password is hidden whole, not up to its first space.
        XCTAssertEqual(name(#"host=db password='a secret phrase' dbname=x"#), "host=db password=... dbname=x")
        XCTAssertEqual(DatabaseLocation.file("/a/b c.sqlite").name, "/a/b c.sqlite")
    }

    /// What a launcher is given connects the same way with no password in it, however written;
    /// a file by its absolute path.
    func testAPortableLocationLeavesThePasswordOutAndMakesAFileAbsolute() {
        func portable(_ connection: String) -> String { DatabaseLocation.server(connection: connection).portable }
        XCTAssertEqual(portable("postgresql://bob:s3cret@db:5432/x?sslmode=verify-full"), "postgresql://bob@db:5432/x?sslmode=verify-full")
        XCTAssertEqual(portable("postgresql://db/x?user=bob&password=s3cret&sslmode=require"), "postgresql://db/x?user=bob&sslmode=require")
        XCTAssertEqual(portable("postgres://db/x?password=s3cret"), "postgres://db/x")
        XCTAssertEqual(portable("host=db user=bob password=s3cret dbname=x"), "host=db user=bob dbname=x")
        XCTAssertEqual(portable(#"host=db password = 'it\'s a secret' dbname='my db'"#), "host=db dbname='my db'")
        XCTAssertEqual(portable("service=team"), "service=team")
        let here = FileManager.default.currentDirectoryPath
        XCTAssertEqual(DatabaseLocation.file("trips.sqlite").portable, here + "/trips.sqlite")
        XCTAssertEqual(DatabaseLocation.file("./a b.sqlite").portable, here + "/a b.sqlite")
        XCTAssertEqual(DatabaseLocation.file("/abs/e.sqlite").portable, "/abs/e.sqlite")
        XCTAssertEqual(DatabaseLocation.file(":memory:").portable, ":memory:")
    }

    func testTheFilesOfADatabaseAreAFilesOnly() {
        XCTAssertEqual(
            DatabaseLocation.file("/d/e.sqlite").files.map(\.path),
            ["/d/e.sqlite", "/d/e.sqlite-wal", "/d/e.sqlite-shm", "/d/e.sqlite-journal"])
        XCTAssertEqual(DatabaseLocation.file(":memory:").files, [])
        XCTAssertEqual(DatabaseLocation.server(connection: "host=/d/e.sqlite dbname=x").files, [])
    }

    func testOnlyAFileThatIsNotThereIsMissing() {
        XCTAssertTrue(DatabaseLocation.file("/no/such/dir/e.sqlite").isMissingFile)
        XCTAssertFalse(DatabaseLocation.file("/").isMissingFile)
        XCTAssertFalse(DatabaseLocation.file(":memory:").isMissingFile)
        XCTAssertFalse(DatabaseLocation.server(connection: "service=team").isMissingFile)
    }
}
