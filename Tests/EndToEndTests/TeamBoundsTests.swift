import Foundation
import XCTest

/// What the app shows of a team database's bounds (issue 40): an over-long text is refused by
/// the app before the server, naming the field and its limit; `receipt gc` removes a member's own
/// expired unfinished uploads, and the administrator's everyone's.
final class TeamBoundsTests: TeamDatabaseTestCase {
    func testAnOverLongTitleOrReasonIsRefusedByTheAppNamingItsLimit() throws {
        let title = String(repeating: "t", count: 201)
        assertFails(try run(as: "alice", "report", "new", title), 65, "the title is 201 characters long; at most 200 are allowed")
        _ = try ok(as: "alice", "report", "new", String(repeating: "é", count: 200))
        _ = try ok(as: "alice", "expense", "add", "--report", "1", "--date", "2026-03-03", "--amount", "12.00", "--category", "meals")
        _ = try ok(as: "alice", "report", "submit", "1")
        let reason = String(repeating: "r", count: 2_001)
        let refused = try run(as: "bob", "report", "reject", "1", "--reason", reason)
        assertFails(refused, 65, "the reason is 2001 characters long; at most 2000 are allowed")
        // Refused before the server was asked: its own refusal would add "nothing was written".
        XCTAssertFalse(refused.stderr.contains("nothing was written"), refused.stderr)
        XCTAssertTrue(try ok(as: "alice", "report", "show", "1").contains("submitted"))
    }

    func testReceiptGCRemovesExpiredUnfinishedUploads() throws {
        let hash = { (letter: String) in String(repeating: letter, count: 64) }
        try psqlOK(
            """
            INSERT INTO receipt_uploads (sha256, chunk, bytes, owner, started_at) VALUES
                ('\(hash("a"))', 0, '\\x0102', 'alice', now() - interval '25 hours'),
                ('\(hash("b"))', 0, '\\x03', 'bob', now() - interval '25 hours'),
                ('\(hash("c"))', 0, '\\x04', 'alice', now());
            """, in: database)
        let dryRun = try ok(as: "alice", "receipt", "gc", "--dry-run")
        XCTAssertTrue(dryRun.contains("unfinished upload aaaaaaaaaaaa by alice"), dryRun)
        XCTAssertTrue(dryRun.contains("Would remove 1 expired unfinished upload of yours"), dryRun)
        let removed = try ok(as: "alice", "receipt", "gc")
        XCTAssertTrue(removed.contains("Removed 1 expired unfinished upload of yours"), removed)
        XCTAssertFalse(removed.contains("by bob"), "alice sees only her own: \(removed)")
        XCTAssertEqual(try cluster.psql("SELECT owner FROM receipt_uploads ORDER BY owner", database: database).stdout, "alice\nbob\n")

        let admin = try app.run("--db", uri("postgres", cluster.superuserPassword), "receipt", "gc")
        XCTAssertEqual(admin.status, 0, admin.stderr)
        XCTAssertTrue(admin.stdout.contains("unfinished upload bbbbbbbbbbbb by bob"), admin.stdout)
        XCTAssertEqual(try cluster.psql("SELECT owner FROM receipt_uploads", database: database).stdout, "alice\n", "not expired: kept")
    }
}
