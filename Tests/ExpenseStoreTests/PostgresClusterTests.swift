import ExpenseSupport
import ExpenseTestSupport
import Foundation
import XCTest

/// The throwaway cluster the PostgreSQL tests run on: reached only through its socket, by
/// password, with the URI the app will be given, and gone without a trace when stopped.
final class PostgresClusterTests: PostgresTestCase {
    func testServerListensOnlyOnItsOwnSocket() throws {
        XCTAssertEqual(
            try expectSuccess(cluster.psql("SHOW listen_addresses; SHOW unix_socket_directories; SHOW fsync;")),
            ["", cluster.directory, "off"])
        let wrong = try cluster.psql(as: "alice", password: "not alice's", sql: "SELECT 1;")
        XCTAssertNotEqual(wrong.status, 0)
        XCTAssertTrue(wrong.stderr.contains(#"password authentication failed for user "alice""#), wrong.stderr)
    }

    func testConnectionURIReachesTheDatabaseAsTheUser() throws {
        let uri = cluster.connectionURI(user: "alice", password: password("alice"), database: database)
        XCTAssertTrue(uri.hasPrefix("postgresql://alice:"), uri)
        XCTAssertTrue(uri.hasSuffix("@/expenses?host=" + cluster.directory.replacingOccurrences(of: "/", with: "%2F")), uri)
        let result = try Subprocess([PostgresCluster.psqlPath, "-X", "-At", "-c", "SELECT session_user, current_database();", uri]).run()
        XCTAssertTrue(result.succeeded, result.stderrText)
        XCTAssertEqual(result.stdoutText, "alice|expenses\n")
    }

    func testStopRemovesTheDirectory() throws {
        let other = try PostgresCluster()
        XCTAssertEqual(try other.psql("SELECT 1;").stdout, "1\n")
        XCTAssertTrue(FileManager.default.fileExists(atPath: other.directory + "/.s.PGSQL.5432"))
        other.stop()
        XCTAssertFalse(FileManager.default.fileExists(atPath: other.directory))
        other.stop()
    }
}
