import ExpenseSupport
import ExpenseTestSupport
import XCTest

@testable import ExpenseStore

/// What the PostgreSQL connection decides before it talks to a server: libpq found, `?`
/// numbered, and old servers refused. (Which locations are servers, and passwords kept out of
/// messages: `DatabaseLocationTests`.)
final class PostgresConnectionTests: EngineTestCase {
    override class var engines: Engines { .once(because: "what the connection decides before it talks to a server") }

    /// Without libpq a team database is unavailable (69) with what to install; a file still works.
    func testAMissingLibpqSaysWhatToInstall() {
        XCTAssertThrowsError(try LibPQ(library: "libpq-that-is-not-installed.so.5")) { error in
            let error = error as? ExpenseError
            XCTAssertEqual(error?.kind, .unavailable)
            XCTAssertTrue(
                error?.message.hasPrefix("a team database needs libpq, PostgreSQL's client library: ") == true,
                "\(String(describing: error))")
            XCTAssertEqual(error?.hint, "install it (Debian: apt-get install libpq5), or use a database file")
        }
    }

    func testQuestionMarksAreNumberedOutsideQuotesAndComments() {
        XCTAssertEqual(
            PostgresDatabase.numberingParameters("SELECT a FROM t WHERE b = ? AND c = ?"),
            "SELECT a FROM t WHERE b = $1 AND c = $2")
        XCTAssertEqual(
            PostgresDatabase.numberingParameters("SELECT '?', \"a?\" FROM t -- why?\nWHERE x = ?"),
            "SELECT '?', \"a?\" FROM t -- why?\nWHERE x = $1")
        XCTAssertEqual(
            PostgresDatabase.numberingParameters("WHERE (CAST(?1 AS INTEGER) IS NULL OR s = ?1) AND t = ?2"),
            "WHERE (CAST($1 AS INTEGER) IS NULL OR s = $1) AND t = $2")
        XCTAssertEqual(PostgresDatabase.numberingParameters("SELECT 1"), "SELECT 1")
    }

    func testAServerOlderThanSupportedIsRefused() {
        XCTAssertNoThrow(try PostgresDatabase.requireSupported(serverVersion: 150_004, path: "service=team"))
        XCTAssertNoThrow(try PostgresDatabase.requireSupported(serverVersion: PostgresDatabase.oldestServer.version, path: "x"))
        XCTAssertThrowsError(try PostgresDatabase.requireSupported(serverVersion: 130_011, path: "service=team")) { error in
            let failure = error as? ExpenseError
            XCTAssertEqual(failure?.kind, .unavailable)
            XCTAssertEqual(
                failure?.message, "the database server service=team runs PostgreSQL 13, older than 14, the oldest expenses can use")
        }
    }
}
