@testable import ExpenseStore
import ExpenseSupport
import XCTest

/// What the PostgreSQL connection decides before it talks to a server: which locations are
/// servers, passwords kept out of messages, `?` numbered, and old servers refused.
final class PostgresConnectionTests: XCTestCase {
    func testConnectionStringsAreToldFromFiles() {
        for server in ["postgresql://alice@db/x", "postgres://db", "service=team", "host=/tmp dbname=x", "dbname=x"] {
            XCTAssertTrue(PostgresDatabase.isConnectionString(server), server)
        }
        for file in ["expenses.sqlite", "/home/a/postgresql/x.sqlite", ":memory:", "service.sqlite", "a=b.sqlite", ""] {
            XCTAssertFalse(PostgresDatabase.isConnectionString(file), file)
        }
    }

    func testPasswordsStayOutOfMessages() {
        XCTAssertEqual(PostgresDatabase.withoutPassword("postgresql://bob:s3cret@db:5432/x?sslmode=verify-full"),
                       "postgresql://bob@db:5432/x?sslmode=verify-full")
        XCTAssertEqual(PostgresDatabase.withoutPassword("postgresql://bob:p%40ss@db/x"), "postgresql://bob@db/x")
        XCTAssertEqual(PostgresDatabase.withoutPassword("host=db user=bob password=s3cret dbname=x"),
                       "host=db user=bob password=... dbname=x")
        XCTAssertEqual(PostgresDatabase.withoutPassword("postgresql://db/x?user=bob&password=s3cret&sslmode=require"),
                       "postgresql://db/x?user=bob&password=...&sslmode=require")
        XCTAssertEqual(PostgresDatabase.withoutPassword("postgresql://bob@db/x"), "postgresql://bob@db/x")
        // A quoted password is hidden whole, not up to its first space.
        XCTAssertEqual(PostgresDatabase.withoutPassword(#"host=db password='a secret phrase' dbname=x"#),
                       "host=db password=... dbname=x")
    }

    /// What a launcher is given connects the same way with no password in it, however written.
    func testALaunchersConnectionStringLeavesThePasswordOut() {
        XCTAssertEqual(PostgresDatabase.withPasswordLeftOut("postgresql://bob:s3cret@db:5432/x?sslmode=verify-full"),
                       "postgresql://bob@db:5432/x?sslmode=verify-full")
        XCTAssertEqual(PostgresDatabase.withPasswordLeftOut("postgresql://db/x?user=bob&password=s3cret&sslmode=require"),
                       "postgresql://db/x?user=bob&sslmode=require")
        XCTAssertEqual(PostgresDatabase.withPasswordLeftOut("postgres://db/x?password=s3cret"), "postgres://db/x")
        XCTAssertEqual(PostgresDatabase.withPasswordLeftOut("host=db user=bob password=s3cret dbname=x"), "host=db user=bob dbname=x")
        XCTAssertEqual(PostgresDatabase.withPasswordLeftOut(#"host=db password = 'it\'s a secret' dbname='my db'"#),
                       "host=db dbname='my db'")
        XCTAssertEqual(PostgresDatabase.withPasswordLeftOut("service=team"), "service=team")
    }

    /// Without libpq a team database is unavailable (69) with what to install; a file still works.
    func testAMissingLibpqSaysWhatToInstall() {
        XCTAssertThrowsError(try LibPQ(library: "libpq-that-is-not-installed.so.5")) { error in
            let error = error as? ExpenseError
            XCTAssertEqual(error?.kind, .unavailable)
            XCTAssertTrue(error?.message.hasPrefix("a team database needs libpq, PostgreSQL's client library: ") == true, "\(String(describing: error))")
            XCTAssertEqual(error?.hint, "install it (Debian: apt-get install libpq5), or use a database file")
        }
    }

    func testQuestionMarksAreNumberedOutsideQuotesAndComments() {
        XCTAssertEqual(PostgresDatabase.numberingParameters("SELECT a FROM t WHERE b = ? AND c = ?"),
                       "SELECT a FROM t WHERE b = $1 AND c = $2")
        XCTAssertEqual(PostgresDatabase.numberingParameters("SELECT '?', \"a?\" FROM t -- why?\nWHERE x = ?"),
                       "SELECT '?', \"a?\" FROM t -- why?\nWHERE x = $1")
        XCTAssertEqual(PostgresDatabase.numberingParameters("WHERE (CAST(?1 AS INTEGER) IS NULL OR s = ?1) AND t = ?2"),
                       "WHERE (CAST($1 AS INTEGER) IS NULL OR s = $1) AND t = $2")
        XCTAssertEqual(PostgresDatabase.numberingParameters("SELECT 1"), "SELECT 1")
    }

    func testAServerOlderThanSupportedIsRefused() {
        XCTAssertNoThrow(try PostgresDatabase.requireSupported(serverVersion: 150_004, path: "service=team"))
        XCTAssertNoThrow(try PostgresDatabase.requireSupported(serverVersion: PostgresDatabase.oldestServer.version, path: "x"))
        XCTAssertThrowsError(try PostgresDatabase.requireSupported(serverVersion: 130_011, path: "service=team")) { error in
            let failure = error as? ExpenseError
            XCTAssertEqual(failure?.kind, .unavailable)
            XCTAssertEqual(failure?.message, "the database server service=team runs PostgreSQL 13, older than 14, the oldest expenses can use")
        }
    }
}
