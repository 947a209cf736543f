import ExpenseCore
import ExpenseTestSupport
import XCTest

@testable import ExpenseStore
@testable import ExpenseSupport

/// The audit log as the store keeps it: each entry chained to the one before by its hash, the
/// chain's end recorded, verified when the log is read, its migration for older databases, and
/// the protective triggers re-created when a database lacks them.
final class AuditLogStoreTests: TemporaryDatabaseTestCase {
    override class var engines: Engines {
        .fileOnly(because: "a file's audit log: its migration for older files, and its rows changed with SQL")
    }

    private let eur = CurrencyTable.standard.currency("EUR")!
    private var store: Store!

    override func setUpWithError() throws {
        try super.setUpWithError()
        store = try Store(path: path(), now: { "2026-03-10T09:00:00Z" })
    }

    override func tearDownWithError() throws {
        store = nil
        try super.tearDownWithError()
    }

    /// A submitted, approved and reimbursed report: three entries.
    private func reimbursedReport() throws -> Report {
        let report = try store.write { try store.insertReport(Report(id: 0, title: "Trip", currency: eur, owner: "ana")) }
        try store.write {
            let amount = Money(minorUnits: 100, currency: eur)
            _ = try store.insertExpense(
                Expense(
                    reportID: report.id, date: CalendarDate(year: 2026, month: 3, day: 2)!, category: "taxi",
                    amount: amount, conversion: Expense.Conversion(rate: .one, source: .same, converted: amount)))
            try store.apply(.submit, to: report.id, by: "ana")
            try store.apply(.approve, to: report.id, by: "ben")
            try store.apply(.reimburse, to: report.id, by: "ben", reason: "PAY-1")
        }
        return report
    }

    /// A file whose chain's end was set to the largest id there is: the next step is refused as
    /// bad data, in words, and writes nothing; the program does not trap.
    func testAnEndAtTheLargestIdIsRefusedNotATrap() throws {
        let report = try store.write { try store.insertReport(Report(id: 0, title: "Trip", currency: eur, owner: "ana")) }
        try tamper("UPDATE report_events_head SET last_id = 9223372036854775807")
        assertExpenseError(
            try store.write { try store.apply(.submit, to: report.id, by: "ana") }, kind: .invalidData,
            messageContains: "the audit log's end is damaged")
        XCTAssertEqual(try store.report(report.id).status, .draft)
    }

    /// Runs SQL as another program would: on a connection of its own, without the app's triggers.
    private func tamper(_ sql: String) throws {
        let other = try openDatabase()
        try other.execute(
            "DROP TRIGGER IF EXISTS report_events_append_only_update; DROP TRIGGER IF EXISTS report_events_append_only_delete; "
                + "DROP TRIGGER IF EXISTS report_events_hashed_insert; DROP TRIGGER IF EXISTS reports_status_change")
        try other.execute(sql)
    }

    private func reopen() throws -> Store { try Store(path: path(), now: { "2026-03-11T09:00:00Z" }) }

    func testEachEntryIsChainedToTheOneBeforeAndTheEndIsRecorded() throws {
        let report = try reimbursedReport()
        let rows = try store.db.query("SELECT \(Store.auditColumns) FROM report_events ORDER BY id", [], Store.auditRecord)
        XCTAssertEqual(rows.map(\.id), [1, 2, 3])
        var previous = AuditChain.start
        for row in rows {
            XCTAssertEqual(row.hash, AuditChain.hash(of: row, after: previous))
            previous = row.hash ?? ""
        }
        XCTAssertEqual(try store.auditHead(), AuditChain.Head(lastID: 3, lastHash: previous))
        XCTAssertEqual(try store.verifyAuditLog(), 3)
        XCTAssertEqual(try store.events(report.id).map(\.actor), ["ana", "ben", "ben"])
        XCTAssertNil(store.triggerRepair)
    }

    func testAChangedActorIsNamedWhenTheLogIsRead() throws {
        let report = try reimbursedReport()
        try tamper("UPDATE report_events SET actor = 'mallory' WHERE id = 2")
        let reopened = try reopen()
        XCTAssertEqual(
            reopened.triggerRepair?.names.sorted(),
            [
                "report_events_append_only_delete", "report_events_append_only_update",
                "report_events_hashed_insert", "reports_status_change",
            ])
        XCTAssertEqual(reopened.triggerRepair?.restored, true)
        assertExpenseError(
            try reopened.events(report.id), kind: .invalidData,
            messageContains: "event 2 (report \(report.id): approve by mallory at 2026-03-10T09:00:00Z) was changed",
            code: .auditLogAltered(event: 2))
        assertExpenseError(try reopened.verifyAuditLog(), kind: .invalidData, code: .auditLogAltered(event: 2))
    }

    func testRemovedAndAddedEntriesAreNamed() throws {
        _ = try reimbursedReport()
        try tamper("DELETE FROM report_events WHERE id = 2")
        assertExpenseError(
            try reopen().verifyAuditLog(), kind: .invalidData, messageContains: "event 2 was removed",
            code: .auditLogAltered(event: 2))
        // The app goes on writing after the gap; the gap stays.
        let next = try reopen()
        let other = try next.write { try next.insertReport(Report(id: 0, title: "Next", currency: eur, owner: "ana")) }
        try next.write { try next.logEvent(other.id, actor: "ana", action: "acknowledge x", from: .draft, to: .draft, reason: "ok") }
        assertExpenseError(try next.verifyAuditLog(), kind: .invalidData, code: .auditLogAltered(event: 2))
    }

    func testAnEntryRemovedFromTheEndIsNamedAndItsIdNotReused() throws {
        let report = try reimbursedReport()
        try tamper("DELETE FROM report_events WHERE id = 3")
        let reopened = try reopen()
        assertExpenseError(
            try reopened.verifyAuditLog(), kind: .invalidData, messageContains: "event 3 was removed from its end",
            code: .auditLogAltered(event: 3))
        try reopened.write {
            try reopened.logEvent(
                report.id, actor: "ana", action: "acknowledge x", from: .approved, to: .approved,
                reason: "ok")
        }
        XCTAssertEqual(try reopened.db.query("SELECT id FROM report_events ORDER BY id") { $0.int64(0) }, [1, 2, 4])
        assertExpenseError(
            try reopened.verifyAuditLog(), kind: .invalidData, messageContains: "event 3 was removed (the log goes on with event 4",
            code: .auditLogAltered(event: 3))
    }

    func testAnEntryInsertedByAnotherProgramIsNamed() throws {
        let report = try reimbursedReport()
        // With the triggers in place, another program cannot even insert one without a hash.
        let other = try openDatabase()
        assertDatabaseError(
            try other.execute(
                """
                INSERT INTO report_events (report_id, at, actor, action, from_status, to_status) VALUES (\(report.id), 't', 'mallory', 'approve', 'submitted', 'approved')
                """), resultCode: 19)
        try tamper(
            """
            INSERT INTO report_events (report_id, at, actor, action, from_status, to_status) VALUES (\(report.id), 't', 'mallory', 'approve', 'submitted', 'approved')
            """)
        assertExpenseError(
            try reopen().verifyAuditLog(), kind: .invalidData,
            messageContains: "event 4 (report \(report.id): approve by mallory at t) was added (it has no hash)",
            code: .auditLogAltered(event: 4))
    }

    func testTheEndsRecordRemovedIsABreakAndWritingGoesOn() throws {
        let report = try reimbursedReport()
        try tamper("DROP TABLE report_events_head")
        let reopened = try reopen()
        assertExpenseError(
            try reopened.verifyAuditLog(), kind: .invalidData, messageContains: "the record of its last event was removed",
            code: .auditLogAltered(event: 3))
        try reopened.write {
            try reopened.logEvent(
                report.id, actor: "ana", action: "acknowledge x", from: .reimbursed, to: .reimbursed,
                reason: "ok")
        }
        XCTAssertEqual(try reopened.verifyAuditLog(), 4)
    }

    func testAForgedStatusIsFound() throws {
        let report = try store.write { try store.insertReport(Report(id: 0, title: "Trip", currency: eur, owner: "ana")) }
        XCTAssertTrue(try store.unloggedStatuses().isEmpty)
        try tamper("UPDATE reports SET status = 'approved' WHERE id = \(report.id)")
        let found = try reopen().unloggedStatuses()
        XCTAssertEqual(found.map { "\($0.report) \($0.status) \($0.logged)" }, ["\(report.id) approved draft"])
    }

    func testEveryProtectiveTriggerDroppedOrChangedIsRecreatedOnOpen() throws {
        let names = Schema.protectiveTriggers.map(\.name)
        XCTAssertEqual(
            names.count, 38,
            "the log's, the items', and a trip's stops, meals, nights, office time and per diems, advances, items' VAT, cost centres")
        XCTAssertEqual(try Schema.damagedTriggers(store.db), [], "a new database has them all, as the app writes them")
        for name in names {
            let other = try openDatabase()
            try other.execute("DROP TRIGGER \(name)")
            let reopened = try reopen()
            XCTAssertEqual(reopened.triggerRepair?.names, [name])
            XCTAssertEqual(try Schema.damagedTriggers(reopened.db), [])
            XCTAssertNil(try reopen().triggerRepair, "said once: the next open finds it in place")
        }
        // Replaced by one of the same name that does nothing.
        let other = try openDatabase()
        try other.execute(
            """
            DROP TRIGGER report_events_append_only_delete;
            CREATE TRIGGER report_events_append_only_delete BEFORE DELETE ON report_events BEGIN SELECT 1; END
            """)
        XCTAssertEqual(try reopen().triggerRepair?.names, ["report_events_append_only_delete"])
        _ = try reimbursedReport()
        assertDatabaseError(try openDatabase().execute("DELETE FROM report_events"), resultCode: 19)
    }

    /// A database of the version before the chain: its entries get their hashes, in order, and
    /// the chain verifies; the triggers are the app's own text afterwards.
    func testTheMigrationChainsTheEntriesAnOlderVersionWrote() throws {
        store = nil
        try FileManager.default.removeItem(atPath: path())
        var older = Migrator()
        for migration in Schema.migrator.migrations {
            older.register(migration.id, migration.apply)
            if migration.id == "2026-12-03-v9-normalised-user-names" { break }
        }
        let db = try openDatabase()
        try older.migrate(db, now: "then")
        try db.execute(
            "INSERT INTO reports (id, title, currency, owner, created_at, updated_at) VALUES (1, 'Trip', 'EUR', 'ana', 't', 't')")
        for (action, from, to, actor) in [("submit", "draft", "submitted", "ana"), ("approve", "submitted", "approved", "ben")] {
            try db.execute(
                """
                INSERT INTO report_events (report_id, at, actor, action, from_status, to_status) VALUES (1, 't', ?, ?, ?, ?)
                """, [.text(actor), .text(action), .text(from), .text(to)])
            try db.execute("UPDATE reports SET status = ? WHERE id = 1", [.text(to)])
        }
        let migrated = try reopen()
        XCTAssertNil(migrated.triggerRepair)
        XCTAssertEqual(try migrated.verifyAuditLog(), 2)
        XCTAssertEqual(try migrated.auditHead()?.lastID, 2)
        XCTAssertEqual(try migrated.db.scalar("SELECT count(*) FROM report_events WHERE length(hash) = 64"), 2)
        assertDatabaseError(try db.execute("UPDATE report_events SET actor = 'x'"), resultCode: 19)
        _ = try migrated.write { try migrated.apply(.reimburse, to: 1, by: "ben", reason: "PAY") }
        XCTAssertEqual(try migrated.verifyAuditLog(), 3)
    }
}
