import ExpenseTestSupport
import Foundation
import XCTest

/// The audit log against tampering with the real sqlite3 program: each protective trigger dropped
/// is re-created when expenses next opens the database, and said so once; an entry changed,
/// removed or inserted is named by `report history` and `db check`, exit 65.
final class AuditLogTests: EngineTestCase {
    override class var engines: Engines { .fileOnly(because: "tampering with a file through the real sqlite3 program") }

    var app: InProcessApp!

    static let protectiveTriggers = [
        "report_events_append_only_update", "report_events_append_only_delete", "report_events_hashed_insert",
        "reports_status_change", "expenses_frozen_insert", "expenses_frozen_update", "expenses_frozen_delete",
        "expense_receipts_frozen_insert", "expense_receipts_frozen_delete",
        "report_stops_frozen_insert", "report_stops_frozen_update", "report_stops_frozen_delete",
        "report_meals_frozen_insert", "report_meals_frozen_update", "report_meals_frozen_delete",
        "report_allowances_frozen_insert", "report_allowances_frozen_update", "report_allowances_frozen_delete",
        "report_advances_frozen_insert", "report_advances_frozen_update", "report_advances_frozen_delete",
        "expense_vat_frozen_insert", "expense_vat_frozen_update", "expense_vat_frozen_delete", "expense_vat_within_amount",
        "expenses_amount_keeps_vat",
    ]

    override func setUpWithError() throws {
        app = try InProcessApp()  // EXPENSES_USER=alice
        try app.ok("report", "new", "Trip", "--from", "2026-03-02", "--to", "2026-03-06")
        try app.ok("expense", "add", "--report", "1", "--date", "2026-03-03", "--amount", "20", "--category", "taxi")
        try app.ok("report", "submit", "1")  // event 1
        try app.ok("--user", "bob", "report", "approve", "1", "--note", "ok")  // event 2
        try app.ok("--user", "carol", "report", "reimburse", "1", "--reference", "PAY-1")  // event 3
    }

    override func tearDown() { app = nil }

    /// Runs SQL with the sqlite3 program, which must succeed.
    private func sqlite3(_ sql: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try Tool.run("/usr/bin/sqlite3", app.databasePath, sql)
        XCTAssertEqual(result.status, 0, "sqlite3 \(sql)", file: file, line: line)
    }

    private func triggers() throws -> Set<String> {
        Set(try app.query("SELECT name FROM sqlite_master WHERE type = 'trigger'").split(separator: "\n").map(String.init))
    }

    /// `report history 1` and `db check` both refuse with 65, naming `text`, and print nothing on stdout.
    private func assertBroken(naming text: String, file: StaticString = #filePath, line: UInt = #line) throws {
        for arguments in [["report", "history", "1"], ["db", "check"], ["report", "history", "1", "--format", "json"]] {
            let result = try app.run(arguments)
            XCTAssertEqual(result.status, 65, "\(arguments): \(result.stderr)", file: file, line: line)
            XCTAssertTrue(
                result.stderr.contains("expenses: error: the audit log was altered outside expenses: \(text)"),
                "\(arguments): \(result.stderr)", file: file, line: line)
            XCTAssertTrue(result.stderr.contains("hint: restore the database from a backup"), result.stderr, file: file, line: line)
            XCTAssertEqual(result.stdout, "", "\(arguments)", file: file, line: line)
        }
    }

    func testAnIntactDatabaseChecksOut() throws {
        let result = try app.run("db", "check")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(
            result.stdout,
            "\(app.databasePath): the file is sound; the audit log's 3 events are chained without a break; "
                + "every report's status is the one its log ends with; the 38 protective triggers are in place.\n")
        XCTAssertEqual(try app.run("db").status, 0, "check is the group's default")
        XCTAssertEqual(try app.run("report", "history", "1").status, 0)
        XCTAssertTrue(try triggers().isSuperset(of: Self.protectiveTriggers))
    }

    func testEachProtectiveTriggerDroppedIsRecreatedOnOpenAndSaidOnce() throws {
        for name in Self.protectiveTriggers {
            try sqlite3("DROP TRIGGER \(name)")
            XCTAssertFalse(try triggers().contains(name))
            let result = try app.run("report", "list")
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(
                result.stderr,
                """
                expenses: warning: the database lacked the protective trigger \(name) (dropped or changed outside expenses); re-created
                hint: 'expenses db check' tells whether the audit log was altered meanwhile

                """)
            XCTAssertTrue(try triggers().contains(name), "\(name) is back")
            XCTAssertEqual(try app.run("report", "list").stderr, "", "said once")
        }
        // All at once, in one line; and a trigger replaced by a harmless one of the same name.
        try sqlite3(Self.protectiveTriggers.map { "DROP TRIGGER \($0);" }.joined(separator: " "))
        let all = try app.run("db", "check")
        XCTAssertEqual(all.status, 0, all.stderr)
        XCTAssertTrue(all.stderr.contains("the protective triggers \(Self.protectiveTriggers.joined(separator: ", "))"), all.stderr)
        XCTAssertTrue(all.stdout.contains("the 38 protective triggers were re-created"), all.stdout)
        try sqlite3(
            "DROP TRIGGER reports_status_change; CREATE TRIGGER reports_status_change BEFORE UPDATE ON reports BEGIN SELECT 1; END;")
        XCTAssertTrue(try app.run("report", "list").stderr.contains("protective trigger reports_status_change"))
        // Back in place, they hold again.
        XCTAssertNotEqual(try Tool.run("/usr/bin/sqlite3", app.databasePath, "UPDATE report_events SET actor = 'mallory'").status, 0)
        XCTAssertNotEqual(try Tool.run("/usr/bin/sqlite3", app.databasePath, "UPDATE reports SET status = 'draft'").status, 0)
        XCTAssertEqual(try app.run("db", "check").status, 0)
    }

    func testAnActorRewrittenIsNamed() throws {
        try sqlite3("DROP TRIGGER report_events_append_only_update; UPDATE report_events SET actor = 'mallory' WHERE id = 2;")
        let first = try app.run("report", "history", "1")
        XCTAssertEqual(first.status, 65)
        XCTAssertEqual(
            first.stderr,
            """
            expenses: warning: the database lacked the protective trigger report_events_append_only_update (dropped or changed outside expenses); re-created
            hint: 'expenses db check' tells whether the audit log was altered meanwhile
            expenses: error: the audit log was altered outside expenses: event 2 (report 1: approve by mallory at 2026-03-10T09:00:00Z) was changed
            hint: restore the database from a backup; 'expenses db check' checks the whole file

            """)
        try assertBroken(naming: "event 2 (report 1: approve by mallory at 2026-03-10T09:00:00Z) was changed")
    }

    func testAReasonRewrittenIsNamed() throws {
        try sqlite3("DROP TRIGGER report_events_append_only_update; UPDATE report_events SET reason = 'PAY-2' WHERE id = 3;")
        try assertBroken(naming: "event 3 (report 1: reimburse by carol at 2026-03-10T09:00:00Z) was changed")
    }

    func testAnEventDeletedIsNamed() throws {
        try sqlite3("DROP TRIGGER report_events_append_only_delete; DELETE FROM report_events WHERE id = 2;")
        try assertBroken(naming: "event 2 was removed (the log goes on with event 3 (report 1: reimburse by carol")
    }

    func testTheLastEventDeletedIsNamed() throws {
        try sqlite3("DROP TRIGGER report_events_append_only_delete; DELETE FROM report_events WHERE id = 3;")
        try assertBroken(naming: "event 3 was removed from its end")
    }

    func testAnEventInsertedIsNamed() throws {
        // With the triggers in place, sqlite3 cannot insert one without a hash.
        let refused = try Tool.run(
            "/usr/bin/sqlite3", app.databasePath,
            """
            INSERT INTO report_events (report_id, at, actor, action, from_status, to_status) VALUES (1, 't', 'mallory', 'approve', 'submitted', 'approved')
            """)
        XCTAssertNotEqual(refused.status, 0)
        try sqlite3(
            """
            DROP TRIGGER report_events_hashed_insert;
            INSERT INTO report_events (report_id, at, actor, action, from_status, to_status)
            VALUES (1, '2026-03-11T10:00:00Z', 'mallory', 'note', 'reimbursed', 'reimbursed');
            """)
        try assertBroken(naming: "event 4 (report 1: note by mallory at 2026-03-11T10:00:00Z) was added (it has no hash)")
    }

    func testAnEventInsertedWithAHashIsNamed() throws {
        try sqlite3(
            """
            INSERT INTO report_events (report_id, at, actor, action, from_status, to_status, hash)
            VALUES (1, '2026-03-11T10:00:00Z', 'mallory', 'note', 'reimbursed', 'reimbursed', (SELECT hash FROM report_events WHERE id = 3));
            """)
        try assertBroken(naming: "event 4 (report 1: note by mallory at 2026-03-11T10:00:00Z) was added")
    }

    func testAStatusForgedPastItsTriggerIsFound() throws {
        try app.ok("report", "new", "Second")
        try sqlite3("DROP TRIGGER reports_status_change; UPDATE reports SET status = 'approved' WHERE id = 2;")
        let result = try app.run("db", "check")
        XCTAssertEqual(result.status, 65)
        XCTAssertTrue(
            result.stderr.hasSuffix(
                """
                expenses: error: report 2 is approved, but its audit log ends with draft: its status was changed outside expenses
                hint: restore the database from a backup

                """), result.stderr)
    }
}
