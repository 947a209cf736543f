import ExpenseCore
import ExpenseStore
import XCTest

/// Issue 29's rows tried with plain psql as each member: a mileage item's amount is the server's
/// computation, its rates finance's, and a report's advances its owner's, on their draft only.
final class PostgresAllowanceAttackTests: PostgresTestCase {
    /// `expense_add` of a mileage item in `report` at `minor` cents for `tenths` of a km by car.
    private func mileageSQL(_ report: Int64, amount minor: Int64, tenths: Int64?, category: String = "mileage") -> String {
        """
        SELECT expenses.expense_add(\(report), '2026-05-04', '\(category)', '', '', \(minor), 'EUR', '1', NULL, 'same', \(minor),
                                    'personal', \(tenths.map(String.init) ?? "NULL"), \(tenths == nil ? "NULL" : "'car'"), 'Munich',
                                    'Stuttgart', NULL, '2026-05-04T12:00:00Z');
        """
    }

    private func advanceSQL(_ report: Int64, _ minor: Int64) -> String {
        """
        SELECT expenses.advance_add(\(report), '2026-05-01', \(minor), 'EUR', '1', NULL, 'same', \(minor), '2026-05-01T10:00:00Z');
        """
    }

    private func superuser(_ text: String) throws -> [String] { try expectSuccess(cluster.psql(text, database: database)) }

    func testAMileageItemsAmountIsTheServersComputation() throws {
        let report = try newReport("alice", "Stuttgart")
        // 12.3 km at 0.30 is 3.69: the server agrees.
        XCTAssertEqual(try rows("alice", mileageSQL(report, amount: 369, tenths: 123)).count, 1)
        // A made-up amount, through the new function or the one of the earlier version, is refused.
        try assertRefused(
            "alice", mileageSQL(report, amount: 99_900, tenths: 123),
            "a mileage item's amount is its distance times the rate per km: 369 minor units of EUR, not 99900 EUR")
        try assertRefused(
            "alice",
            """
            SELECT expenses.expense_add(\(report), '2026-05-04', 'mileage', '', '', 99900, 'EUR', '1', NULL, 'same', 99900,
                                        'personal', '2026-05-04T12:00:00Z');
            """, "a mileage item needs its distance and vehicle: its amount is computed from them")
        // So is an edit that raises the amount but keeps the distance, and a distance on another category.
        try assertRefused(
            "alice",
            """
            SELECT expenses.expense_edit(1, \(report), '2026-05-04', 'mileage', '', '', 99900, 'EUR', '1', NULL, 'same', 99900,
                                         'personal', 123, 'car', NULL, NULL, NULL, 'now');
            """, "a mileage item's amount is its distance times the rate per km: 369 minor units of EUR, not 99900 EUR")
        try assertRefused("alice", mileageSQL(report, amount: 369, tenths: 123, category: "taxi"), "only a mileage item has a distance")
        XCTAssertEqual(try superuser("SELECT amount_minor, distance_tenths, vehicle FROM expenses;"), ["369|123|car"])
    }

    func testOnlyFinanceChangesTheMileageRates() throws {
        for traveller in ["alice", "bob"] {
            try assertRefused(
                traveller, "SELECT expenses.mileage_rate_set('car', '2026-01-01', 9000, 'EUR', 1);",
                "only a member of expenses_finance can change mileage rates")
            try assertRefused(
                traveller, "UPDATE mileage_rates SET rate_minor = 9000;", "permission denied for table mileage_rates")
        }
        XCTAssertEqual(try rows("fiona", "SELECT expenses.mileage_rate_set('car', '2026-01-01', 35, 'EUR', 1);"), ["1"])
        XCTAssertEqual(
            try rows("alice", "SELECT vehicle, valid_from, rate_minor FROM mileage_rates WHERE vehicle = 'car' ORDER BY 2;"),
            ["car|2000-01-01|30", "car|2026-01-01|35"])
        // The item then is computed at the new rate, by the server as by the app.
        let report = try newReport("alice")
        try assertRefused(
            "alice", mileageSQL(report, amount: 30, tenths: 10),
            "a mileage item's amount is its distance times the rate per km: 35 minor units of EUR, not 30 EUR")
    }

    func testAdvancesAreTheOwnersOnHerDraftOnly() throws {
        let report = try newReport("alice", "Paris")
        _ = try newItem("alice", in: report, 1_500)
        XCTAssertEqual(try rows("alice", advanceSQL(report, 50_000)), ["1"])
        // Another traveller can neither add to it nor remove from it, nor see it.
        try assertRefused("carol", advanceSQL(report, 100), "unknown report \(report)")
        try assertRefused("carol", "SELECT expenses.advance_remove(1, 'now');", "unknown report \(report)")
        XCTAssertEqual(try rows("carol", "SELECT count(*) FROM report_advances;"), ["0"])
        // Nobody writes the table itself.
        for role in ["alice", "fiona"] {
            try assertRefused(role, "DELETE FROM report_advances;", "permission denied for table report_advances")
            try assertRefused(
                role,
                """
                INSERT INTO report_advances (report_id, date, amount_minor, currency, rate, rate_source, converted_minor, created_at)
                VALUES (\(report), '2026-05-01', 1, 'EUR', '1', 'same', 1, 'now');
                """, "permission denied for table report_advances")
        }
        // An advance in the report's currency is worth its amount.
        try assertRefused(
            "alice",
            "SELECT expenses.advance_add(\(report), '2026-05-01', 100, 'EUR', '1', NULL, 'same', 999, 'now');",
            "an advance in its report's currency is worth its amount")
        // Once submitted, its advances are frozen, also for their owner.
        try take("alice", .submit, report)
        try assertRefused("alice", "SELECT expenses.advance_remove(1, 'now');", "the report is not a draft; its items are frozen")
        try assertRefused("alice", advanceSQL(report, 100), "the report is not a draft; its items are frozen")
        XCTAssertEqual(try rows("bob", "SELECT amount_minor FROM report_advances;"), ["50000"], "the approver sees it with the report")
        XCTAssertEqual(
            try superuser("SELECT action FROM report_events WHERE report_id = \(report) ORDER BY id;"), ["advance 1 added", "submit"])
        // Even the definer's own writes (the functions') meet the trigger.
        XCTAssertTrue(
            try cluster.psql("DELETE FROM report_advances;", database: database).stderr.contains("its items are frozen"))
    }
}
