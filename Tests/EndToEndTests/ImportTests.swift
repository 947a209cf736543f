import Foundation
import XCTest

/// `expenses import` through the built binary: the README's two statements, idempotency,
/// batches and undo.
final class ImportTests: ImportTestCase {
    // MARK: - The README's examples

    func testTheEnglishCardExportOfTheREADME() throws {
        let csv = try fixture("amex.csv")
        let rules = try fixture("amex.rules")
        let result = try app.run("import", csv, "--rules", rules)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(summary(result.stdout), "Imported \(csv) as batch 1: 5 new, 0 duplicate, 0 invalid, 1 skipped\n")
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(
            try app.query(
                """
                SELECT date, category, merchant, amount_minor, currency, paid_by, external_id, import_line FROM expenses ORDER BY id
                """),
            """
            2026-03-02|lodging|HOTEL ASTORIA WALLDORF|41280|EUR|company|320260610000001|2
            2026-03-03|taxi|Uber|2340|EUR|company|320260620000002|3
            2026-03-03|meals|BAHNHOF BUFFET, BASEL|3850|CHF|company|320260620000003|4
            2026-03-04|meals|STARBUCKS "MAIN STATION"|420|EUR|company|320260630000004|5
            2026-03-06|rail|DB FERNVERKEHR|108990|EUR|company|320260650000006|7
            """)
    }

    func testTheGermanBankExportOfTheREADME() throws {
        let csv = try fixture("bank-de.csv")
        let rules = try fixture("bank-de.rules")
        let result = try app.run("import", csv, "--rules", rules)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(summary(result.stdout), "Imported \(csv) as batch 1: 4 new, 0 duplicate, 0 invalid, 1 skipped\n")
        XCTAssertEqual(
            try app.query("SELECT date, category, merchant, description, amount_minor FROM expenses ORDER BY id")
                .replacingOccurrences(of: "\r", with: ""),
            """
            2026-03-02|lodging|Hotel Astoria Walldorf|Kartenzahlung Übernachtung 1.-2.3.|123456
            2026-03-03|taxi|Taxi Müller|Kartenzahlung Fahrt zum Kunden|2340
            2026-03-05|meals|Gasthaus Zum Ochsen|Kartenzahlung Abendessen
            mit Kunde|4120
            2026-03-06|rail|DB Vertrieb GmbH|Lastschrift Fahrkarte € 89,90|8990
            """)
        // Lines are physical lines: the row after the quoted line break is line 12.
        XCTAssertEqual(try app.query("SELECT group_concat(import_line) FROM expenses"), "7,8,10,12")
    }

    // MARK: - Idempotency

    func testAmountsWithACurrencySymbolOrCodeGiveTheRowsCurrency() throws {
        let csv = try write(
            """
            Date,Merchant,Amount,Currency
            2026-03-02,Taxi NYC,"-$7,971.39",
            2026-03-03,Hotel Basel,"CHF -1,038.50",
            2026-03-04,Cafe Paris,(€12.00),
            2026-03-05,Shop London,£4.20,EUR

            """, to: "card.csv")
        let rules = try write(
            "date = Date\nmerchant = Merchant\namount = Amount\ncurrency = Currency\nthousands-separator ,\n"
                + "debits negative\ndefault currency EUR\ndefault category other\n", to: "card.rules")
        let refused = try app.run("import", csv, "--rules", rules)
        XCTAssertEqual(refused.status, 65)
        XCTAssertTrue(
            refused.stderr.hasPrefix("\(csv):5: amount: '£4.20' is in '£' (GBP), but the currency column says EUR\n"), refused.stderr)
        let result = try app.run("import", csv, "--rules", rules, "--skip-invalid", "--rejects", app.path("rejects.csv"))
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            try app.query("SELECT merchant, amount_minor, currency FROM expenses ORDER BY date"),
            """
            Taxi NYC|797139|USD
            Hotel Basel|103850|CHF
            Cafe Paris|1200|EUR
            """, "money out is negative; '(12.00)' is negative")
    }

    func testImportingTheSameFileTwiceAddsNothing() throws {
        let rules = try write(Self.cardRules, to: "card.rules")
        let csv = try write(statement(days: 1...10), to: "march.csv")
        XCTAssertEqual(summary(try app.ok("import", csv, "--rules", rules)), "Imported \(csv) as batch 1: 10 new, 0 duplicate, 0 invalid\n")
        XCTAssertEqual(summary(try app.ok("import", csv, "--rules", rules)), "Imported \(csv) as batch 2: 0 new, 10 duplicate, 0 invalid\n")
        XCTAssertEqual(try count(), 10)
        // A rules change that rewrites merchants does not change what counts as the same row.
        let renamed = try write(Self.cardRules + "if merchant matches cafe then merchant Coffee\n", to: "renamed.rules")
        XCTAssertEqual(
            summary(try app.ok("import", csv, "--rules", renamed)), "Imported \(csv) as batch 3: 0 new, 10 duplicate, 0 invalid\n")
        // `import list` says which batches added nothing (issue 31, point 12).
        XCTAssertTrue(
            try app.ok("import", "list").hasSuffix(
                "batches 2 and 3 added nothing: every row was a duplicate, invalid or skipped (kept as a record of the import)\n"))
    }

    func testOverlappingStatementsAddOnlyTheNewRows() throws {
        let rules = try write(Self.cardRules, to: "card.rules")
        let first = try write(statement(days: 1...20), to: "jan-feb.csv")
        let second = try write(statement(days: 15...31), to: "feb-mar.csv")
        try app.ok("import", first, "--rules", rules)
        XCTAssertEqual(
            summary(try app.ok("import", second, "--rules", rules)),
            "Imported \(second) as batch 2: 11 new, 6 duplicate, 0 invalid\n")
        XCTAssertEqual(try count(), 31)
        XCTAssertEqual(try count("SELECT count(DISTINCT date) FROM expenses"), 31)
    }

    func testTwoIdenticalRealTransactionsOnOneDayBothImportOnce() throws {
        let rules = try write(Self.cardRules, to: "card.rules")
        let coffees = ["2026-03-02,Cafe Central,3.20", "2026-03-02,Cafe Central,3.20"]
        let first = try write(statement(days: 1...1, extra: coffees), to: "one.csv")
        XCTAssertEqual(
            summary(try app.ok("import", first, "--rules", rules)), "Imported \(first) as batch 1: 3 new, 0 duplicate, 0 invalid\n")
        XCTAssertEqual(
            summary(try app.ok("import", first, "--rules", rules)), "Imported \(first) as batch 2: 0 new, 3 duplicate, 0 invalid\n")
        // A later statement repeats both coffees and has a third one that day.
        let later = try write(statement(days: 1...2, extra: coffees + ["2026-03-02,CAFE  central,3.20"]), to: "two.csv")
        XCTAssertEqual(
            summary(try app.ok("import", later, "--rules", rules)), "Imported \(later) as batch 3: 2 new, 3 duplicate, 0 invalid\n")
        XCTAssertEqual(try count("SELECT count(*) FROM expenses WHERE lower(merchant) LIKE 'cafe%central'"), 3)
    }

    // MARK: - Batches and undo

    func testImportListAndUndo() throws {
        let rules = try write(Self.cardRules, to: "card.rules")
        try app.ok("report", "new", "March", "--currency", "EUR")
        let first = try write(statement(days: 1...3), to: "a.csv")
        let second = try write(statement(days: 3...5), to: "b.csv")
        try app.ok("import", first, "--rules", rules, "--report", "1")
        try app.ok("import", second, "--rules", rules, "--report", "1")
        XCTAssertEqual(
            try app.ok("import", "list"),
            """
            BATCH  FILE\(String(repeating: " ", count: first.count - 4))  IMPORTED                 REPORT  NEW  DUPLICATE  INVALID  SKIPPED  UNDONE
                1  \(first)  2026-03-10 09:00:00 UTC       1    3          0        0        0  
                2  \(second)  2026-03-10 09:00:00 UTC       1    2          1        0        0  

            """)
        XCTAssertEqual(try app.query("SELECT item_count || '/' || total_minor FROM reports"), "5/1750")
        XCTAssertEqual(try app.ok("import", "undo", "2"), "Undid import batch 2 (\(second)): deleted 2 expenses\n")
        XCTAssertEqual(try app.query("SELECT item_count || '/' || total_minor FROM reports"), "3/750")
        XCTAssertEqual(try count(), 3)
        let list = try app.json("import", "list") as? [[String: Any]]
        XCTAssertEqual(list?.last?["undoneAt"] as? String, "2026-03-10T09:00:00Z")
        let twice = try app.run("import", "undo", "2")
        XCTAssertEqual(twice.status, 1)
        XCTAssertEqual(twice.stderr, "expenses: error: import batch 2 was already undone at 2026-03-10T09:00:00Z\n")
        // Undone rows come back when the statement is imported again.
        XCTAssertEqual(
            summary(try app.ok("import", second, "--rules", rules, "--report", "1")),
            "Imported \(second) as batch 3: 2 new, 1 duplicate, 0 invalid\n")
        // Once the report is submitted, its items are frozen: undo is refused.
        try app.ok("report", "submit", "1")
        let refused = try app.run("import", "undo", "3")
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(
            refused.stderr.hasPrefix(
                "expenses: error: cannot undo import batch 3: 2 of its expenses are in report 1, which is submitted\n"),
            refused.stderr)
        XCTAssertEqual(try count(), 5)
        let closed = try app.run("import", try write(statement(days: 6...6), to: "c.csv"), "--rules", rules, "--report", "1")
        XCTAssertEqual(closed.status, 1)
        XCTAssertTrue(closed.stderr.contains("report 1 is submitted; cannot import into it"), closed.stderr)
        XCTAssertEqual(try app.run("import", "undo", "9").status, 66)
    }

    func testTheReportsTotalsMatchItsItemsAfterImports() throws {
        try fileOnly(
            because:
                "SQLite's own catalog, result codes, triggers set aside in bulk, settings and functions; a file's directory; a second connection to the same file"
        )
        let rules = try write(Self.cardRules, to: "card.rules")
        try app.ok("report", "new", "March", "--currency", "EUR")
        try app.ok("expense", "add", "--report", "1", "--amount", "10", "--category", "meals", "--date", "2026-03-01")
        for (index, days) in [1...200, 150...400].enumerated() {
            let rows = days.map { "2026-03-\(String(format: "%02d", $0 % 28 + 1)),Shop \($0),\($0).\($0 % 100)" }
            try app.ok(
                "import", try write("Date,Merchant,Amount\n" + rows.joined(separator: "\n"), to: "s\(index).csv"), "--rules", rules,
                "--report", "1")
        }
        XCTAssertEqual(try count(), 1 + 400)
        XCTAssertEqual(
            try app.query(
                "SELECT CAST(item_count = (SELECT count(*) FROM expenses WHERE report_id = 1) AND total_minor = (SELECT sum(converted_minor) FROM expenses WHERE report_id = 1) AS INTEGER) FROM reports"
            ), "1")
        XCTAssertEqual(try app.query("PRAGMA integrity_check"), "ok", "every row meets the schema's constraints")
    }
}
