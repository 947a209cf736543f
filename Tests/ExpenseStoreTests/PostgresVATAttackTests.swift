import ExpenseCore
import ExpenseStore
import ExpenseSupport
import Foundation
import XCTest

/// An item's VAT on the team server (issue 41): written only through `expense_add` and
/// `expense_edit`, which check every part (a rate of the table for the item's country on its day,
/// the item's sign, together the amount exactly); frozen with the item; and held to the amount at
/// every commit, whoever writes the table.
final class PostgresVATAttackTests: PostgresTestCase {
    /// A 125.00 EUR hotel bill of `report` on `day` with `vat` (the server's text form, or NULL).
    private func hotelAdd(_ report: Int64, vat: String, day: String = "2026-05-04", minor: Int64 = 12_500) -> String {
        """
        SELECT expenses.expense_add(\(report), '\(day)', 'lodging', 'Hotel Adler', '', \(minor), 'EUR', '1', NULL, 'same', \(minor),
                                    'personal', NULL, NULL, NULL, NULL, 1, \(vat), '2026-05-04T12:00:00Z');
        """
    }

    private func hotelEdit(_ item: Int64, _ report: Int64, vat: String, minor: Int64 = 12_500) -> String {
        """
        SELECT expenses.expense_edit(\(item), \(report), '2026-05-04', 'lodging', 'Hotel Adler', '', \(minor), 'EUR', '1', NULL,
                                     'same', \(minor), 'personal', NULL, NULL, NULL, NULL, 1, \(vat), '2026-05-04T12:00:00Z');
        """
    }

    private func parts(_ item: Int64) throws -> [String] {
        try rows(
            "expenses_admin",
            "SELECT rate_hundredths || ':' || gross_minor FROM expense_vat WHERE expense_id = \(item) ORDER BY rate_hundredths;")
    }

    func testASplitThatDoesNotAddUpIsRefused() throws {
        let report = try newReport("alice", "Hamburg")
        try assertRefused(
            "alice", hotelAdd(report, vat: "'700:11000,1900:1400'"),
            "the VAT parts add up to 12400, not the amount 12500: they differ by 100 (minor units)")
        let item = try XCTUnwrap(Int64(try rows("alice", hotelAdd(report, vat: "'700:11000,1900:1500'")).first ?? ""))
        XCTAssertEqual(try parts(item), ["700:11000", "1900:1500"])
        try assertRefused(
            "alice", hotelEdit(item, report, vat: "'700:11000,1900:1500'", minor: 13_000),
            "the VAT parts add up to 12500, not the amount 13000: they differ by 500 (minor units)")
        // A client before VAT keeps the item's parts: a new amount they no longer split is refused.
        try assertRefused(
            "alice",
            """
            SELECT expenses.expense_edit(\(item), \(report), '2026-05-04', 'lodging', 'Hotel Adler', '', 13000, 'EUR', '1', NULL,
                                         'same', 13000, 'personal', NULL, NULL, NULL, NULL, 1, '2026-05-04T12:00:00Z');
            """, "the VAT parts add up to 12500, not the amount 13000: they differ by 500 (minor units)")
        XCTAssertEqual(try parts(item), ["700:11000", "1900:1500"])
        XCTAssertEqual(try rows("alice", "SELECT amount_minor FROM expenses WHERE id = \(item);"), ["12500"])
    }

    func testARateTheTableLacksIsRefusedSayingWhichItHas() throws {
        let report = try newReport("alice", "Köln")
        try assertRefused(
            "alice", hotelAdd(report, vat: "'1600'"), "the VAT is not RATE:GROSS parts (hundredths of a percent, minor units)")
        try assertRefused(
            "alice", hotelAdd(report, vat: "'1600:12500'"),
            "DE has no VAT rate of 16 % on 2026-05-04: its rates that day are 0 %, 7 %, 19 %")
        try assertRefused("alice", hotelAdd(report, vat: "'10001:12500'"), "a VAT rate is at most 100 %, not 100.01")
        // Germany's half-year of 16 % and 5 %: then, and only then, those are its rates.
        XCTAssertEqual(try rows("alice", hotelAdd(report, vat: "'500:12500'", day: "2020-08-03")).count, 1)
        try assertRefused(
            "alice", hotelAdd(report, vat: "'700:12500'", day: "2020-08-03"),
            "DE has no VAT rate of 7 % on 2020-08-03: its rates that day are 0 %, 5 %, 16 %")
        // A trip's stop in France: France's rates, which the table lacks until finance adds them.
        try expectSuccess(
            sql("alice", "SELECT expenses.report_trip(\(report), NULL, NULL, 'FR', '2026-05-01T10:00:00Z');"))
        try assertRefused(
            "alice", hotelAdd(report, vat: "'1900:12500'"), "FR has no VAT rate of 19 % on 2026-05-04: its rates that day are none")
    }

    func testNoMemberWritesVATIntoAnothersItem() throws {
        let report = try newReport("bob", "Bremen")
        let bobs = try XCTUnwrap(Int64(try rows("bob", hotelAdd(report, vat: "NULL")).first ?? ""))
        try assertRefused("alice", hotelEdit(bobs, report, vat: "'1900:12500'"), "unknown expense \(bobs)")
        try assertRefused(
            "alice", "INSERT INTO expense_vat (expense_id, rate_hundredths, gross_minor) VALUES (\(bobs), 1900, 12500);",
            denied("expense_vat"))
        try assertRefused("alice", "DELETE FROM expense_vat;", denied("expense_vat"))
        XCTAssertEqual(try parts(bobs), [])
    }

    func testASubmittedItemIsFrozenWithItsVAT() throws {
        let report = try newReport("alice", "Leipzig")
        let item = try newItem("alice", in: report)
        try take("alice", .submit, report)
        try assertRefused(
            "alice",
            """
            SELECT expenses.expense_edit(\(item), \(report), '2026-05-04', 'per_diem', '', '', 1500, 'EUR', '1', NULL, 'same', 1500,
                                         'personal', NULL, NULL, NULL, NULL, NULL, '1900:1500', '2026-05-04T12:00:00Z');
            """, "the report is not a draft; its items are frozen")
        // Whoever writes the table: the owner of the schema too.
        try assertRefused(
            "expenses_admin", "INSERT INTO expense_vat (expense_id, rate_hundredths, gross_minor) VALUES (\(item), 1900, 1500);",
            "the report is not a draft; its items are frozen")
        XCTAssertEqual(try parts(item), [])
    }

    func testANegativePartIsRefused() throws {
        let report = try newReport("alice", "Dresden")
        try assertRefused(
            "alice", hotelAdd(report, vat: "'700:13500,1900:-1000'"), "the VAT part at 19 % has the other sign than the amount")
        try assertRefused("alice", hotelAdd(report, vat: "'700:12500,700:0'"), "the VAT rate 7 % is given twice")
        try assertRefused(
            "alice",
            """
            SELECT expenses.expense_add(\(report), '2026-05-04', 'per_diem', '', '', 1500, 'EUR', '1', NULL, 'same', 1500, 'personal',
                                        NULL, NULL, NULL, NULL, NULL, '0:1500', '2026-05-04T12:00:00Z');
            """, "a per diem or mileage carries no VAT")
    }

    /// The parts add up to the amount at every commit, also for the owner writing the tables.
    func testTheTableHoldsPartsToTheAmountWhoeverWritesIt() throws {
        let report = try newReport("alice", "Essen")
        let item = try XCTUnwrap(Int64(try rows("alice", hotelAdd(report, vat: "'700:12500'")).first ?? ""))
        try assertRefused(
            "expenses_admin", "UPDATE expense_vat SET gross_minor = 12000 WHERE expense_id = \(item);",
            "the VAT parts of expense \(item) add up to 12000, not its amount 12500")
        try assertRefused(
            "expenses_admin", "INSERT INTO expense_vat (expense_id, rate_hundredths, gross_minor) VALUES (\(item), 20000, 0);",
            "new row for relation \"expense_vat\" violates check constraint \"expense_vat_rate_hundredths_check\"")
        XCTAssertEqual(try parts(item), ["700:12500"])
    }

    /// Finance keeps the table; a traveller adding a rate to pass her split is refused.
    func testOnlyFinanceAddsARate() throws {
        let add = "SELECT expenses.vat_rate_set('DE', 1600, '2026-01-01', NULL);"
        try assertRefused("alice", add, "only a member of expenses_finance can change VAT rates")
        try assertRefused(
            "alice", "INSERT INTO vat_rates (country, valid_from, rate_hundredths) VALUES ('DE', '2026-01-01', 1600);",
            denied("vat_rates"))
        XCTAssertEqual(try rows("fiona", add), ["1"])
        XCTAssertEqual(try rows("fiona", "SELECT expenses.vat_rate_set('FR', 2000, '2014-01-01', NULL);"), ["1"])
    }
}
