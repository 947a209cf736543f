import ExpenseCore
import ExpenseStore
import XCTest

/// The rows of a crafted laptop file (issue 40 point 7), tried as alice with plain psql against
/// the functions: a journey worth more than its kilometres, an advance netted at a made-up rate,
/// an acknowledgement in bob's name, per diems of her own. `db copy` holds a file's rows to the
/// same computations (`TeamImport`'s check, through `copied_item_fault`, `copied_advance_fault`
/// and, for a report past draft, `copied_per_diem_faults`), which are the administrator's and no
/// member's to call.
final class PostgresCopyAttackTests: PostgresTestCase {
    func testAJourneyWorthMoreThanItsKilometresIsRefused() throws {
        let report = try newReport("alice", "Potsdam")
        // 10 km by car at the server's 0.30 EUR are 3.00 EUR, not 900.00.
        try assertRefused(
            "alice",
            """
            SELECT expenses.expense_add(\(report), '2026-04-02', 'mileage', '', '', 90000, 'EUR', '1', NULL, 'same', 90000, 'personal',
                                        100, 'car', 'Berlin', 'Potsdam', NULL, 'now');
            """,
            "a mileage item's amount is its distance times the rate per km: 300 minor units of EUR, not 90000 EUR")
        XCTAssertEqual(
            try rows(
                "alice",
                """
                SELECT expenses.expense_add(\(report), '2026-04-02', 'mileage', '', '', 300, 'EUR', '1', NULL, 'same', 300, 'personal',
                                            100, 'car', 'Berlin', 'Potsdam', NULL, 'now') > 0;
                """), ["t"])
    }

    func testAnAdvanceNettedAtAMadeUpRateIsRefused() throws {
        let report = try newReport("alice", "Potsdam")
        let advance = { (rate: String, source: String, converted: Int64) in
            "SELECT expenses.advance_add(\(report), '2026-03-30', 10000, 'EUR', '\(rate)', NULL, '\(source)', \(converted), 'now');"
        }
        try assertRefused("alice", advance("1.5", "same", 15_000), "an advance in its report's currency is worth its amount")
        try assertRefused(
            "alice", advance("1.5", "manual", 15_000),
            "an amount in the report's currency (EUR) converts at 1 (rate source 'same'), not at a manual rate")
        XCTAssertEqual(
            try rows("alice", advance("1", "same", 10_000) + " SELECT rate, converted_minor FROM report_advances;").last, "1|10000")
    }

    /// An acknowledgement is the caller's own: the function writes who calls, and no member writes the table.
    func testAnAcknowledgementIsNeverInSomeoneElsesName() throws {
        let report = try newReport("alice", "Potsdam")
        try expectSuccess(
            sql("alice", "SELECT expenses.report_edit(\(report), 'Potsdam', '', '', '2026-05-01', '2026-05-03', 'EUR', 'now');"))
        let outside = try newItem("alice", in: report)  // on 2026-05-04: outside the trip, a warning she may accept
        try expectSuccess(sql("alice", "SELECT expenses.report_acknowledge(\(report), 'outside-trip:\(outside)', 'the taxi home', 'now');"))
        XCTAssertEqual(try rows("alice", "SELECT actor FROM policy_acknowledgements;"), ["alice"])
        try assertRefused(
            "alice",
            "INSERT INTO policy_acknowledgements VALUES (\(report), 'outside-trip:\(outside)', 'bob', 'now', 'fine by me');",
            denied("policy_acknowledgements"))
        try assertRefused("alice", "UPDATE policy_acknowledgements SET actor = 'bob';", denied("policy_acknowledgements"))
        try assertRefused(
            "bob", "SELECT expenses.report_acknowledge(\(report), 'outside-trip:\(outside)', 'fine by me', 'now');",
            "unknown report \(report)")
    }

    /// The checks `db copy` runs on a file's rows are the administrator's: a member learns nothing
    /// of other people's rows through them, and changes nothing.
    func testTheCopysChecksAreNoMembersToCall() throws {
        let report = try newReport("alice", "Potsdam")
        let item = try newItem("alice", in: report)
        for role in ["alice", "bob", "fiona"] {
            try assertRefused(role, "SELECT expenses.copied_item_fault(\(item));", "permission denied for function copied_item_fault")
            try assertRefused(role, "SELECT expenses.copied_advance_fault(1);", "permission denied for function copied_advance_fault")
            try assertRefused(
                role, "SELECT * FROM expenses.copied_per_diem_faults(\(report));", "permission denied for function copied_per_diem_faults")
            try assertRefused(
                role, "SELECT expenses.per_diem_text('full', 'DE', 2800, 'EUR', '2024-01-01', 0, 2800, NULL, NULL, 2800, 'EUR');",
                "permission denied for function per_diem_text")
        }
    }
}
