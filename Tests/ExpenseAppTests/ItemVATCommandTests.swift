import ExpenseTestSupport
import Foundation
import XCTest

/// `expense add|edit --vat` (issue 41): the VAT in an item's amount, by rate, shown by `expense
/// show`, listings, `report show` and their JSON and CSV; checked against the rate table; a
/// policy warning without a receipt. On a file and on a team database.
final class ItemVATCommandTests: EngineTestCase {
    var app: InProcessApp!

    override func setUpWithError() throws {
        app = try InProcessApp()
        try app.ok("report", "new", "Hamburg", "--from", "2026-05-04", "--to", "2026-05-06", "--currency", "EUR")
    }

    override func tearDown() { app = nil }

    private func addHotel(_ vat: String) throws -> CommandResult {
        try app.run(
            "expense", "add", "--report", "1", "--date", "2026-05-04", "--amount", "125.00", "--category", "lodging",
            "--merchant", "Hotel Adler", "--vat", vat)
    }

    func testASplitBillShowsEachRatesTaxEverywhere() throws {
        let added = try addHotel("7:110.00,19:15.00")
        XCTAssertEqual(added.status, 0, added.stderr)
        let shown = try app.ok("expense", "show", "1")
        XCTAssertTrue(shown.contains("VAT:         7 %: 7.20 of 110.00, 19 %: 2.39 of 15.00 EUR (net 115.41, tax 9.59)"), shown)
        let report = try app.ok("report", "show", "1")
        XCTAssertTrue(report.contains("VAT by rate"), report)
        XCTAssertNotNil(report.range(of: #"7 %\s+7\.20\s+102\.80\s+110\.00 EUR"#, options: .regularExpression), report)
        XCTAssertNotNil(report.range(of: #"19 %\s+2\.39\s+12\.61\s+15\.00 EUR"#, options: .regularExpression), report)
        let json = try XCTUnwrap(try app.json("report", "show", "1") as? [String: Any])
        let byRate = try XCTUnwrap((json["totals"] as? [String: Any])?["vatByRate"] as? [[String: Any]])
        XCTAssertEqual(byRate.map { $0["rate"] as? String }, ["7", "19"])
        XCTAssertEqual(byRate.map { ($0["tax"] as? [String: String])?["amount"] }, ["7.20", "2.39"])
        let item = try XCTUnwrap((json["items"] as? [[String: Any]])?.first?["vat"] as? [String: Any])
        XCTAssertEqual(item["text"] as? String, "7:110.00,19:15.00")
        let csv = try app.ok("expense", "list", "--format", "csv")
        XCTAssertTrue(csv.contains(#""7:110.00,19:15.00",9.59,EUR,115.41,EUR"#), csv)
        let table = try app.ok("expense", "list")
        XCTAssertTrue(table.contains("9.59 EUR"), table)
    }

    func testEditKeepsOneRateAndAskedForASplitAgain() throws {
        XCTAssertEqual(try addHotel("19").status, 0)
        try app.ok("expense", "edit", "1", "--amount", "119.00")
        XCTAssertEqual(
            try XCTUnwrap((try app.json("expense", "show", "1") as? [String: Any])?["vat"] as? [String: Any])["text"] as? String, "19")
        try app.ok("expense", "edit", "1", "--vat", "7:100.00,19:19.00")
        let changed = try app.run("expense", "edit", "1", "--amount", "120.00")
        XCTAssertEqual(changed.status, 65, changed.stderr)
        XCTAssertTrue(
            changed.stderr.contains("the VAT parts add up to 119.00 EUR, not the amount 120.00 EUR: they differ by 1.00 EUR"),
            changed.stderr)
        XCTAssertTrue(changed.stderr.contains("hint: "), changed.stderr)
        try app.ok("expense", "edit", "1", "--vat", "none")
        XCTAssertTrue((try app.json("expense", "show", "1") as? [String: Any])?["vat"] is NSNull)
    }

    func testBadVATIsRefusedWithWhatAndWhyAndWritesNothing() throws {
        let rate = try addHotel("16")
        XCTAssertEqual(rate.status, 65, rate.stderr)
        XCTAssertTrue(rate.stderr.contains("DE has no VAT rate of 16 % on 2026-05-04: its rates that day are 0 %, 7 %, 19 %"), rate.stderr)
        let sum = try addHotel("7:110.00,19:14.00")
        XCTAssertEqual(sum.status, 65, sum.stderr)
        XCTAssertTrue(sum.stderr.contains("they differ by 1.00 EUR"), sum.stderr)
        let hostile = try addHotel("7:1\u{1B}[31m0,19:\u{202E}15")
        XCTAssertEqual(hostile.status, 65, hostile.stderr)
        XCTAssertFalse(hostile.stderr.contains("\u{1B}"), hostile.stderr)
        XCTAssertFalse(hostile.stderr.contains("\u{202E}"), hostile.stderr)
        let perDiem = try app.run("expense", "add", "--report", "1", "--amount", "14.00", "--category", "per_diem", "--vat", "0")
        XCTAssertEqual(perDiem.status, 65, perDiem.stderr)
        XCTAssertEqual(try app.query("SELECT count(*) FROM expenses"), "0")
        XCTAssertEqual(try app.query("SELECT count(*) FROM expense_vat"), "0")
    }

    func testVATWithoutAReceiptIsAPolicyWarning() throws {
        XCTAssertEqual(try addHotel("7").status, 0)
        let check = try app.run("report", "check", "1", "--format", "json")
        let rows = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [[String: Any]], check.stderr)
        let finding = try XCTUnwrap(rows.first { ($0["key"] as? String) == "vat-without-receipt:1" })
        XCTAssertEqual(finding["severity"] as? String, "warning")
        XCTAssertTrue((finding["message"] as? String)?.contains("input VAT is reclaimable only with a receipt naming it") ?? false)
    }

    func testTheRateTableIsListedAndAnotherCountrysRateAddedOnAFile() throws {
        let germany = try app.ok("vat-rates", "list", "--country", "DE", "--format", "csv")
        XCTAssertTrue(germany.contains("DE,16,2020-07-01,2020-12-31\r\n"), germany)
        XCTAssertTrue(germany.contains("DE,19,2021-01-01,\r\n"), germany)
        try fileOnly(because: "on a team database only finance sets rates (PostgresVATAttackTests.testOnlyFinanceAddsARate)")
        // An unassigned bill in pounds: the United Kingdom's rates, which the shipped table lacks.
        let add = [
            "expense", "add", "--date", "2026-05-05", "--amount", "12.00", "--currency", "GBP", "--category", "meals", "--vat", "20",
        ]
        let before = try app.run(add)
        XCTAssertEqual(before.status, 65, before.stderr)
        XCTAssertTrue(before.stderr.contains("GB has no VAT rate of 20 % on 2026-05-05: the rate table has none"), before.stderr)
        XCTAssertEqual(try app.ok("vat-rates", "set", "GB", "20", "--from", "2011-01-04"), "VAT rate of GB: 20 % from 2011-01-04 on\n")
        XCTAssertEqual(try app.run(add).status, 0)
        let bad = try app.run("vat-rates", "set", "GB", "120")
        XCTAssertEqual(bad.status, 65, bad.stderr)
    }
}
