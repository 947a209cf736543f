import ExpenseTestSupport
import Foundation
import XCTest

/// The foundation's commands, each run as the binary runs it.
final class ReportCommandTests: EngineTestCase {
    var app: InProcessApp!

    override func setUpWithError() throws { app = try InProcessApp() }
    override func tearDown() { app = nil }

    func testReportListShowsTotalsInReportCurrency() throws {
        try app.walldorfTrip()
        // 412.80 + 38.50 CHF × 1.0412 (= 40.0862 → 40.09) + 12.00
        XCTAssertEqual(
            try app.ok("report", "list"),
            """
            ID  TITLE                       FROM        TO          STATUS  ITEMS       TOTAL
             1  Walldorf customer workshop  2026-03-02  2026-03-06  draft       3  464.89 EUR

            """)
    }

    func testReportShowSplitsTotalsByCurrencyAndPayer() throws {
        try app.walldorfTrip()
        let text = try app.ok("report", "show", "1")
        XCTAssertTrue(text.hasPrefix("Report 1: Walldorf customer workshop\n"), text)
        XCTAssertTrue(text.contains("  Purpose:     Workshop prep\n"), text)
        XCTAssertTrue(text.contains(" 2  2026-03-03  meals     Bahnhof Buffet  company    38.50 CHF  1.0412   40.09 EUR"), text)
        XCTAssertTrue(text.contains("  CHF   38.50\n  EUR  424.80\n"), text)
        // Items paid personally, and the per diems of five days in Germany (new reports go to the
        // home country): 14.00 + 3 × 28.00 + 14.00.
        XCTAssertTrue(
            text.contains(
                """
                Total in EUR:         464.89 EUR
                  paid personally:    424.80 EUR
                  paid by company:     40.09 EUR
                Per diems:            112.00 EUR
                Due to employee:      536.80 EUR

                """), text)

        let json = try XCTUnwrap(app.json("report", "show", "1") as? [String: Any])
        let totals = try XCTUnwrap(json["totals"] as? [String: Any])
        XCTAssertEqual(totals["total"] as? [String: String], ["amount": "464.89", "currency": "EUR"])
        XCTAssertEqual(totals["paidByCompany"] as? [String: String], ["amount": "40.09", "currency": "EUR"])
        XCTAssertEqual(totals["dueToEmployee"] as? [String: String], ["amount": "536.80", "currency": "EUR"])
        XCTAssertEqual(totals["perDiems"] as? [String: String], ["amount": "112.00", "currency": "EUR"])
        XCTAssertEqual((totals["byCurrency"] as? [[String: String]])?.map { $0["currency"] }, ["CHF", "EUR"])
        let items = try XCTUnwrap(json["items"] as? [[String: Any]])
        XCTAssertEqual(items[1]["rate"] as? String, "1.0412")
        XCTAssertEqual(items[1]["rateSource"] as? String, "manual")
    }

    func testReportListJSONAndCSV() throws {
        try app.walldorfTrip()
        let reports = try XCTUnwrap(app.json("report", "list") as? [[String: Any]])
        XCTAssertEqual(reports.count, 1)
        XCTAssertEqual(reports[0]["id"] as? Int, 1)
        XCTAssertEqual(reports[0]["itemCount"] as? Int, 3)
        XCTAssertEqual(reports[0]["total"] as? [String: String], ["amount": "464.89", "currency": "EUR"])
        XCTAssertEqual(
            try app.ok("report", "list", "--format", "csv"),
            """
            id,title,from,to,status,itemCount,total,totalCurrency\r
            1,Walldorf customer workshop,2026-03-02,2026-03-06,draft,3,464.89,EUR\r

            """)
    }

    func testListPutsOpenReportsFirstAndLimits() throws {
        for month in 1...3 {
            try app.ok("report", "new", "Trip \(month)", "--from", "2026-0\(month)-01", "--to", "2026-0\(month)-02")
        }
        try app.ok("policy", "set", "missing-receipt", "off")
        try app.ok("expense", "add", "--report", "3", "--date", "2026-03-01", "--amount", "5", "--category", "meals")
        try app.ok("report", "submit", "3")
        try app.ok("--user", "bob", "report", "approve", "3")
        try app.ok("--user", "bob", "report", "reimburse", "3", "--reference", "PAY-1")
        let titles = try XCTUnwrap(app.json("report", "list") as? [[String: Any]]).map { $0["title"] as? String }
        XCTAssertEqual(titles, ["Trip 2", "Trip 1", "Trip 3"])
        let limited = try app.run("report", "list", "--limit", "2")
        XCTAssertTrue(limited.stdout.hasSuffix("(2 of 3 reports; --all shows every one, --limit N the first N)\n"), limited.stdout)
    }

    func testExpenseListEditAndDelete() throws {
        try app.walldorfTrip()
        try app.ok("expense", "add", "--date", "2026-03-09", "--amount", "7.50", "--category", "meals")
        XCTAssertEqual(try XCTUnwrap(app.json("expense", "list") as? [Any]).count, 4)
        XCTAssertEqual(try XCTUnwrap(app.json("expense", "list", "--report", "1") as? [Any]).count, 3)
        let unassigned = try XCTUnwrap(app.json("expense", "list", "--unassigned") as? [[String: Any]])
        XCTAssertEqual(unassigned.map { $0["id"] as? Int }, [4])

        // Editing the CHF item's amount keeps the rate the user gave and updates the report total.
        try app.ok("expense", "edit", "2", "--amount", "40.00")
        let item = try XCTUnwrap(app.json("expense", "show", "2") as? [String: Any])
        XCTAssertEqual(item["converted"] as? [String: String], ["amount": "41.65", "currency": "EUR"])
        XCTAssertTrue(try app.ok("report", "list").contains("466.45 EUR"))

        try app.ok("expense", "delete", "1")
        let report = try XCTUnwrap(app.json("report", "list") as? [[String: Any]]).first
        XCTAssertEqual(report?["itemCount"] as? Int, 2)
        XCTAssertEqual(report?["total"] as? [String: String], ["amount": "53.65", "currency": "EUR"])
        let missing = try app.run("expense", "show", "1")
        XCTAssertEqual(missing.status, 66)
        XCTAssertEqual(missing.stderr, "expenses: error: unknown expense 1\nhint: see 'expenses expense list'\n")
    }

    func testExpenseListShowsTheNewestFirst() throws {
        try app.walldorfTrip()
        try app.ok("expense", "add", "--date", "2026-03-09", "--amount", "7.50", "--category", "meals")
        try app.ok("expense", "add", "--date", "2026-03-02", "--amount", "3.20", "--category", "meals")
        func ids(_ arguments: String...) throws -> [Int?] {
            let result = try app.run(["expense", "list"] + arguments + ["--format", "json"])
            XCTAssertEqual(result.status, 0, result.stderr)
            return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]).map { $0["id"] as? Int }
        }
        XCTAssertEqual(try ids(), [4, 3, 2, 5, 1], "by date, the newest first; of one day the one added last")
        XCTAssertEqual(try ids("--report", "1"), [3, 2, 1])
        XCTAssertEqual(try ids("--unassigned"), [4, 5])
        XCTAssertEqual(try ids("--limit", "2"), [4, 3], "--limit keeps the latest")
        let table = try app.ok("expense", "list")
        let newest = try XCTUnwrap(table.range(of: "7.50 EUR"), table)
        let oldest = try XCTUnwrap(table.range(of: "412.80 EUR"), table)
        XCTAssertLessThan(newest.lowerBound, oldest.lowerBound, table)
    }

    func testReportEditAndDelete() throws {
        try app.walldorfTrip()
        try app.ok("report", "edit", "1", "--title", "Walldorf workshop", "--to", "2026-03-07")
        let report = try XCTUnwrap(app.json("report", "show", "1") as? [String: Any])["report"] as? [String: Any]
        XCTAssertEqual(report?["title"] as? String, "Walldorf workshop")
        XCTAssertEqual(report?["to"] as? String, "2026-03-07")

        let currency = try app.run("report", "edit", "1", "--currency", "USD")
        XCTAssertEqual(currency.status, 1)
        XCTAssertTrue(currency.stderr.contains("its currency cannot change"), currency.stderr)

        XCTAssertEqual(try app.ok("report", "delete", "1"), "Deleted report 1; its 3 items are now unassigned\n")
        let items = try XCTUnwrap(app.json("expense", "list", "--unassigned") as? [[String: Any]])
        XCTAssertEqual(items.count, 3)
        XCTAssertTrue(items.allSatisfy { $0["converted"] is NSNull })
    }

    func testItemsOfASubmittedReportAreFrozen() throws {
        try app.walldorfTrip()
        try app.ok("policy", "set", "missing-receipt", "off")
        try app.ok("report", "submit", "1")
        let before = try app.query("SELECT group_concat(amount_minor) FROM expenses")
        for command in [
            ["expense", "edit", "1", "--amount", "1"], ["expense", "delete", "1"],
            ["expense", "add", "--report", "1", "--amount", "5", "--category", "meals"],
            ["expense", "move", "1", "--unassign"], ["report", "delete", "1"], ["report", "edit", "1", "--title", "x"],
        ] {
            let result = try app.run(command)
            XCTAssertEqual(result.status, 1, command.joined(separator: " "))
            XCTAssertTrue(result.stderr.hasPrefix("expenses: error: report 1 is submitted; "), result.stderr)
        }
        XCTAssertEqual(try app.query("SELECT group_concat(amount_minor) FROM expenses"), before)
    }

    func testCatalogs() throws {
        let categories = try app.ok("category", "list")
        for code in ["airfare", "lodging", "meals", "taxi", "rail", "car_rental", "fuel", "mileage", "per_diem", "other"] {
            XCTAssertTrue(categories.contains("\n\(code) "), code)
        }
        let currencies = try XCTUnwrap(app.json("currency", "list") as? [[String: Any]])
        XCTAssertGreaterThan(currencies.count, 150)
        XCTAssertEqual(currencies.first { $0["code"] as? String == "JPY" }?["minorDigits"] as? Int, 0)
        let francs = try XCTUnwrap(app.json("currency", "list", "franc") as? [[String: Any]])
        XCTAssertTrue(francs.contains { $0["code"] as? String == "CHF" })
        XCTAssertTrue(francs.allSatisfy { ($0["name"] as? String)?.lowercased().contains("franc") == true })
        XCTAssertLessThan(francs.count, currencies.count)
    }

    func testDatabaseDirectoryIsCreatedOnFirstUse() throws {
        try fileOnly(
            because:
                "SQLite's own catalog, result codes, triggers set aside in bulk, settings and functions; a file's directory; a second connection to the same file"
        )
        app.environment["EXPENSES_DB"] = nil
        app.environment["XDG_DATA_HOME"] = app.path("xdg-data")
        try app.ok("report", "new", "Trip")
        XCTAssertTrue(FileManager.default.fileExists(atPath: app.path("xdg-data/expenses/expenses.sqlite")))
    }
}

extension ReportCommandTests {
    func testOwnerComesFromUserOptionOrEnvironment() throws {
        try fileOnly(
            because:
                "who one is comes from the connection, never --user or EXPENSES_USER (TeamDatabaseTests.testTheServerSaysWhoYouAre); a traveller sees no one else's draft at all: unknown (66), not someone else's (77), and writes no row naming another person"
        )
        try app.ok("report", "new", "Mine")
        try app.ok("--user", "bob", "report", "new", "Bob's")
        app.environment["EXPENSES_USER"] = "carol"
        try app.ok("report", "new", "Carol's")
        let owners = try XCTUnwrap(app.json("report", "list", "--all") as? [[String: Any]])
            .sorted { ($0["id"] as? Int ?? 0) < ($1["id"] as? Int ?? 0) }.map { $0["owner"] as? String }
        XCTAssertEqual(owners, [nil, nil, nil], "the list stays short; owners show in report show")
        let shown = try (1...3).map { id in
            try XCTUnwrap(app.json("report", "show", "\(id)") as? [String: Any])["report"] as? [String: Any]
        }
        XCTAssertEqual(shown.map { $0?["owner"] as? String }, ["alice", "bob", "carol"])
    }
}
