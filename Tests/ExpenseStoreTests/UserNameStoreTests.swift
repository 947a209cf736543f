import ExpenseCore
import ExpenseTestSupport
import XCTest

@testable import ExpenseStore
@testable import ExpenseSupport

/// Names are stored normalised, compared normalised, and those of an older database are
/// normalised by its migration — except in the audit log, which stays as it was written.
final class UserNameStoreTests: TemporaryDatabaseTestCase {
    override class var engines: Engines {
        .fileOnly(because: "an older file's names normalised by its migration; written against a file and not yet run on a team server")
    }

    private let eur = CurrencyTable.standard.currency("EUR")!

    func testAReportsOwnerIsStoredNormalisedOrRefused() throws {
        let store = try Store(path: path(), now: { "2026-03-10T09:00:00Z" })
        let report = try store.write { try store.insertReport(Report(id: 0, title: "Trip", currency: eur, owner: "  ALI\u{301}CE ")) }
        XCTAssertEqual(report.owner, "al\u{ED}ce")
        XCTAssertEqual(try store.db.query("SELECT owner FROM reports") { $0.string(0) }, ["al\u{ED}ce"])
        assertExpenseError(
            try store.write { try store.insertReport(Report(id: 0, title: "Trip", currency: eur, owner: "bob\u{200B}")) },
            kind: .invalidData, code: .invalidUserName)
        XCTAssertEqual(try store.reportCount(), 1, "nothing written for a refused owner")
    }

    func testTheOwnerCannotApproveUnderAnotherSpellingOfHerName() throws {
        let store = try Store(path: path(), now: { "2026-03-10T09:00:00Z" })
        let report = try store.write { try store.insertReport(Report(id: 0, title: "Trip", currency: eur, owner: "alice")) }
        try store.write {
            let amount = Money(minorUnits: 100, currency: eur)
            _ = try store.insertExpense(
                Expense(
                    reportID: report.id, date: CalendarDate(year: 2026, month: 3, day: 2)!,
                    category: "taxi", amount: amount,
                    conversion: Expense.Conversion(rate: .one, source: .same, converted: amount)))
            _ = try store.apply(.submit, to: report.id, by: try UserName(validating: "Alice"))
        }
        for name in ["ALICE", " alice", "alice ", "ali\u{301}ce"] {
            assertExpenseError(
                try store.write { try store.apply(.approve, to: report.id, by: try UserName(validating: name)) },
                kind: .permissionDenied, code: .ownerCannotAct)
        }
        XCTAssertEqual(try store.report(report.id).status, .submitted)
        XCTAssertEqual(try store.write { try store.apply(.approve, to: report.id, by: try UserName(validating: "Bob")) }.status, .approved)
        XCTAssertEqual(try store.db.query("SELECT actor FROM report_events ORDER BY id") { $0.string(0) }, ["alice", "bob"])
    }

    func testTheMigrationNormalisesOwnersButNotTheAuditLog() throws {
        let db = try database(migratedUpTo: "2026-12-02-v8-app-shortcuts")
        for (id, owner) in [(1, "Alice"), (2, "alice\u{200B}"), (3, " BOB "), (4, "\u{200B}"), (5, "ali\u{301}ce")] {
            try db.execute(
                """
                INSERT INTO reports (id, title, currency, owner, created_at, updated_at, status)
                VALUES (?, 'Trip', 'EUR', ?, 'then', 'then', 'submitted')
                """, [.integer(Int64(id)), .text(owner)])
            try db.execute(
                """
                INSERT INTO report_events (report_id, at, actor, action, from_status, to_status) VALUES (?, 'then', ?, 'submit', 'draft', 'submitted')
                """, [.integer(Int64(id)), .text(owner)])
        }
        try db.execute(
            """
            INSERT INTO policy_acknowledgements (report_id, violation, actor, at, reason) VALUES (1, 'x:1', 'Carol ', 'then', 'ok')
            """)

        let store = try Store(path: path(), now: { "2026-03-10T09:00:00Z" })
        XCTAssertEqual(
            try store.db.query("SELECT owner FROM reports ORDER BY id") { $0.string(0) },
            ["alice", "alice", "bob", "\u{200B}", "al\u{ED}ce"],
            "a name of nothing visible stays as it was rather than become empty")
        XCTAssertEqual(try store.db.query("SELECT actor FROM policy_acknowledgements") { $0.string(0) }, ["carol"])
        XCTAssertEqual(
            try store.db.query("SELECT actor FROM report_events ORDER BY id") { $0.string(0) },
            ["Alice", "alice\u{200B}", " BOB ", "\u{200B}", "ali\u{301}ce"], "the audit log is never rewritten")
        // alice's summary now finds the reports she owned as Alice and as alice + U+200B.
        XCTAssertEqual(
            try store.db.scalar("SELECT count(*) FROM reports WHERE owner = ?", [.text(try UserName(validating: "ALICE").value)]), 2)
    }
}
