import Foundation
import XCTest

/// `expenses import` through the built binary: the README's two statements, idempotency,
/// atomic failure, --skip-invalid with a rejects file, --dry-run, undo, progress and errors.
final class ImportTests: XCTestCase {
    var app: ExpensesProcess!

    override func setUpWithError() throws { app = try ExpensesProcess() }
    override func tearDown() { app = nil }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/import")

    /// Copies a fixture into the test's directory and returns its path there.
    private func fixture(_ name: String) throws -> String {
        let target = app.path(name)
        try FileManager.default.copyItem(atPath: Self.fixtures.appendingPathComponent(name).path, toPath: target)
        return target
    }

    @discardableResult
    private func write(_ text: String, to name: String) throws -> String {
        let path = app.path(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private static let cardRules = """
        # A card export: Date,Merchant,Amount with ISO dates, charges positive.
        date = Date
        merchant = Merchant
        amount = Amount
        default currency EUR
        default category meals
        if merchant matches taxi then category taxi

        """

    /// A statement with one row per day between `first` and `last` day of March 2026, plus
    /// `extra` rows.
    private func statement(days: ClosedRange<Int>, extra: [String] = []) -> String {
        "Date,Merchant,Amount\n" + days.map { "2026-03-\($0 < 10 ? "0" : "")\($0),Cafe \($0),\($0).50\n" }.joined()
            + extra.map { $0 + "\n" }.joined()
    }

    private func count(_ sql: String = "SELECT count(*) FROM expenses") throws -> Int { Int(try app.query(sql)) ?? -1 }

    /// "Imported FILE as batch N: ... in 0.01 s (123 rows/s)" without the timing.
    private func summary(_ stdout: String) -> String {
        stdout.replacingOccurrences(of: #" in [0-9.]+ s( \([0-9,]+ rows/s\))?"#, with: "", options: .regularExpression)
    }

    // MARK: - The README's examples

    func testTheEnglishCardExportOfTheREADME() throws {
        let csv = try fixture("amex.csv"), rules = try fixture("amex.rules")
        let result = try app.run("import", csv, "--rules", rules)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(summary(result.stdout), "Imported \(csv) as batch 1: 5 new, 0 duplicate, 0 invalid, 1 skipped\n")
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(try app.query("""
            SELECT date, category, merchant, amount_minor, currency, paid_by, external_id, import_line FROM expenses ORDER BY id
            """), """
            2026-03-02|lodging|HOTEL ASTORIA WALLDORF|41280|EUR|company|320260610000001|2
            2026-03-03|taxi|Uber|2340|EUR|company|320260620000002|3
            2026-03-03|meals|BAHNHOF BUFFET, BASEL|3850|CHF|company|320260620000003|4
            2026-03-04|meals|STARBUCKS "MAIN STATION"|420|EUR|company|320260630000004|5
            2026-03-06|rail|DB FERNVERKEHR|108990|EUR|company|320260650000006|7
            """)
    }

    func testTheGermanBankExportOfTheREADME() throws {
        let csv = try fixture("bank-de.csv"), rules = try fixture("bank-de.rules")
        let result = try app.run("import", csv, "--rules", rules)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(summary(result.stdout), "Imported \(csv) as batch 1: 4 new, 0 duplicate, 0 invalid, 1 skipped\n")
        XCTAssertEqual(try app.query("SELECT date, category, merchant, description, amount_minor FROM expenses ORDER BY id")
            .replacingOccurrences(of: "\r", with: ""), """
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

    func testImportingTheSameFileTwiceAddsNothing() throws {
        let rules = try write(Self.cardRules, to: "card.rules")
        let csv = try write(statement(days: 1...10), to: "march.csv")
        XCTAssertEqual(summary(try app.ok("import", csv, "--rules", rules)), "Imported \(csv) as batch 1: 10 new, 0 duplicate, 0 invalid\n")
        XCTAssertEqual(summary(try app.ok("import", csv, "--rules", rules)), "Imported \(csv) as batch 2: 0 new, 10 duplicate, 0 invalid\n")
        XCTAssertEqual(try count(), 10)
        // A rules change that rewrites merchants does not change what counts as the same row.
        let renamed = try write(Self.cardRules + "if merchant matches cafe then merchant Coffee\n", to: "renamed.rules")
        XCTAssertEqual(summary(try app.ok("import", csv, "--rules", renamed)), "Imported \(csv) as batch 3: 0 new, 10 duplicate, 0 invalid\n")
    }

    func testOverlappingStatementsAddOnlyTheNewRows() throws {
        let rules = try write(Self.cardRules, to: "card.rules")
        let first = try write(statement(days: 1...20), to: "jan-feb.csv")
        let second = try write(statement(days: 15...31), to: "feb-mar.csv")
        try app.ok("import", first, "--rules", rules)
        XCTAssertEqual(summary(try app.ok("import", second, "--rules", rules)),
                       "Imported \(second) as batch 2: 11 new, 6 duplicate, 0 invalid\n")
        XCTAssertEqual(try count(), 31)
        XCTAssertEqual(try count("SELECT count(DISTINCT date) FROM expenses"), 31)
    }

    func testTwoIdenticalRealTransactionsOnOneDayBothImportOnce() throws {
        let rules = try write(Self.cardRules, to: "card.rules")
        let coffees = ["2026-03-02,Cafe Central,3.20", "2026-03-02,Cafe Central,3.20"]
        let first = try write(statement(days: 1...1, extra: coffees), to: "one.csv")
        XCTAssertEqual(summary(try app.ok("import", first, "--rules", rules)), "Imported \(first) as batch 1: 3 new, 0 duplicate, 0 invalid\n")
        XCTAssertEqual(summary(try app.ok("import", first, "--rules", rules)), "Imported \(first) as batch 2: 0 new, 3 duplicate, 0 invalid\n")
        // A later statement repeats both coffees and has a third one that day.
        let later = try write(statement(days: 1...2, extra: coffees + ["2026-03-02,CAFE  central,3.20"]), to: "two.csv")
        XCTAssertEqual(summary(try app.ok("import", later, "--rules", rules)), "Imported \(later) as batch 3: 2 new, 3 duplicate, 0 invalid\n")
        XCTAssertEqual(try count("SELECT count(*) FROM expenses WHERE lower(merchant) LIKE 'cafe%central'"), 3)
    }

    // MARK: - Atomic, --skip-invalid, rejects

    func testAnInvalidRowWritesNothingAndEveryInvalidRowIsReported() throws {
        let rules = try write(Self.cardRules, to: "card.rules")
        let csv = try write(statement(days: 1...3, extra: ["2026-03-32,Bad day,1.00", "2026-03-05,Bad amount,1,5", "2026-03-06,Zero,0"]),
                            to: "bad.csv")
        let result = try app.run("import", csv, "--rules", rules)
        XCTAssertEqual(result.status, 65)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, """
            \(csv):5: date: '2026-03-32' is not a day of the calendar
            \(csv):6: row: 4 fields, but the header has 3
            \(csv):7: amount: 0 is not an expense
            expenses: error: 3 invalid rows in \(csv); nothing was imported
            hint: fix them and import again, or import the valid rows with --skip-invalid --rejects FILE and fix the rejected ones there

            """)
        XCTAssertEqual(try count(), 0)
        XCTAssertEqual(try count("SELECT count(*) FROM import_batches"), 0)
    }

    func testSkipInvalidWritesRejectsThatImportOnceFixed() throws {
        let rules = try write(Self.cardRules, to: "card.rules")
        let csv = try write(statement(days: 1...3, extra: ["2026-03-32,Bad day,1.00", "2026-03-05,\"Quoted, merchant\",1.5x"]),
                            to: "bad.csv")
        let rejects = app.path("rejects.csv")
        let result = try app.run("import", csv, "--rules", rules, "--skip-invalid", "--rejects", rejects)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(summary(result.stdout), "Imported \(csv) as batch 1: 3 new, 0 duplicate, 2 invalid; invalid rows written to \(rejects)\n")
        XCTAssertEqual(result.stderr, """
            \(csv):5: date: '2026-03-32' is not a day of the calendar
            \(csv):6: amount: '1.5x' is not an amount

            """)
        XCTAssertEqual(try String(contentsOfFile: rejects, encoding: .utf8), """
            Date,Merchant,Amount,reason
            2026-03-32,Bad day,1.00,\(csv):5: date: '2026-03-32' is not a day of the calendar
            2026-03-05,"Quoted, merchant",1.5x,\(csv):6: amount: '1.5x' is not an amount

            """)
        // Fix the two rows where they are, and import the rejects file with the same rules.
        let fixed = try String(contentsOfFile: rejects, encoding: .utf8)
            .replacingOccurrences(of: "2026-03-32", with: "2026-03-31").replacingOccurrences(of: "1.5x", with: "1.50")
        try fixed.write(toFile: rejects, atomically: true, encoding: .utf8)
        XCTAssertEqual(summary(try app.ok("import", rejects, "--rules", rules)), "Imported \(rejects) as batch 2: 2 new, 0 duplicate, 0 invalid\n")
        XCTAssertEqual(try count(), 5)
        XCTAssertEqual(try app.query("SELECT merchant FROM expenses WHERE id = (SELECT max(id) FROM expenses)"), "Quoted, merchant")
        // Importing the original again finds the valid rows, and still rejects the broken ones
        // into the same file, which --force replaces.
        let again = try app.run("import", csv, "--rules", rules, "--skip-invalid", "--rejects", rejects, "--force")
        XCTAssertEqual(summary(again.stdout), "Imported \(csv) as batch 3: 0 new, 3 duplicate, 2 invalid; invalid rows written to \(rejects)\n")
    }

    func testRejectsKeepTheStatementsEncodingPreambleAndLineEndings() throws {
        let rules = try fixture("bank-de.rules")
        var bytes = try Data(contentsOf: Self.fixtures.appendingPathComponent("bank-de.csv"))
        bytes.append(contentsOf: Array("\"07.03.2026\";\"07.03.2026\";\"Kartenzahlung\";\"Caf".utf8) + [0xE9]
            + Array("\";\"\";\"-4,2x\";\r\n".utf8))
        let csv = app.path("bank.csv")
        try bytes.write(to: URL(fileURLWithPath: csv))
        let rejects = app.path("rejects.csv")
        let result = try app.run("import", csv, "--rules", rules, "--skip-invalid", "--rejects", rejects)
        XCTAssertEqual(result.status, 0, result.stderr)
        let written = try Data(contentsOf: URL(fileURLWithPath: rejects))
        let lines = written.split(separator: 0x0A, omittingEmptySubsequences: false)
        XCTAssertEqual(lines.count, 8, "five preamble lines, the header, one row, and the end")
        XCTAssertEqual(String(decoding: lines[0], as: UTF8.self), "\"Kontonummer:\";\"DE12 5001 0517 0648 4898 90 / Girokonto\";\r")
        XCTAssertTrue(lines[5].starts(with: Array("\"Buchungstag\";".utf8)))
        XCTAssertTrue(String(decoding: lines[5], as: UTF8.self).hasSuffix(";reason\r"))
        XCTAssertTrue(lines[6].contains(0xE9), "the row stays in Windows-1252")
        XCTAssertTrue(String(decoding: lines[6], as: UTF8.self).hasSuffix(":13: amount: '-4,2x' is not an amount\r"))
        // The same rules read the rejects file; fixed, the row imports.
        let fixedBytes = Data(written).replacingOccurrences(of: Data("-4,2x".utf8), with: Data("-4,20".utf8))
        try fixedBytes.write(to: URL(fileURLWithPath: rejects))
        XCTAssertEqual(summary(try app.ok("import", rejects, "--rules", rules)), "Imported \(rejects) as batch 2: 1 new, 0 duplicate, 0 invalid\n")
        XCTAssertEqual(try app.query("SELECT merchant FROM expenses WHERE amount_minor = 420"), "Café")
    }

    /// A bad value of a Windows-1252 statement showed as '-4,2\u{FFFD}' on stderr and '-4,2?' in
    /// the rejects file.
    func testABadValueIsQuotedDecodedOnStderrAndAsTheFileHasItInTheRejects() throws {
        let rules = try fixture("bank-de.rules")
        var bytes = try Data(contentsOf: Self.fixtures.appendingPathComponent("bank-de.csv"))
        bytes.append(contentsOf: Array("\"07.03.2026\";\"07.03.2026\";\"Kartenzahlung\";\"Caf".utf8) + [0xE9] + Array("\";\"\";\"-4,2".utf8) + [0xFC]
            + Array("\";\r\n\"31.02.2026\";\"\";\"\";\"M".utf8) + [0xFC] + Array("ller\";\"\";\"-1,00\";\r\n".utf8))
        let csv = app.path("bank.csv")
        try bytes.write(to: URL(fileURLWithPath: csv))
        let rejects = app.path("rejects.csv")
        let result = try app.run("import", csv, "--rules", rules, "--skip-invalid", "--rejects", rejects)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, """
            \(csv):13: amount: '-4,2ü' is not an amount
            \(csv):14: date: '31.02.2026' is not a day of the calendar

            """)
        let lines = try Data(contentsOf: URL(fileURLWithPath: rejects)).split(separator: 0x0A)
        let reason = Array(":13: amount: '-4,2".utf8) + [0xFC] + Array("' is not an amount\r".utf8)
        XCTAssertEqual(Array(lines[6].suffix(reason.count)), reason)
        XCTAssertTrue(lines[7].starts(with: Array("\"31.02.2026\";\"\";\"\";\"M".utf8) + [0xFC]), "the row as it was")

        let dryRun = try app.run("import", csv, "--rules", rules, "--dry-run", "--format", "json")
        let document = try JSONSerialization.jsonObject(with: Data(dryRun.stdout.utf8)) as? [String: Any]
        XCTAssertEqual((document?["rows"] as? [[String: Any]])?.first { $0["status"] as? String == "invalid" }?["reason"] as? String,
                       "amount: '-4,2ü' is not an amount")
    }

    // MARK: - Dry run

    func testADryRunShowsEveryRowAndWritesNothing() throws {
        let rules = try write(Self.cardRules + "if merchant matches ^Skip then skip\n", to: "card.rules")
        try app.ok("import", try write(statement(days: 1...1), to: "first.csv"), "--rules", rules)
        let before = try app.query("SELECT count(*) || '/' || (SELECT count(*) FROM import_batches) || '/' || (SELECT seq FROM sqlite_sequence WHERE name = 'expenses') FROM expenses")
        let csv = try write(statement(days: 1...2, extra: ["2026-03-03,Taxi Berlin,-12.00", "2026-03-04,Skip me,1.00", "2026-03-05,Bad,x"]),
                            to: "dry.csv")
        let result = try app.run("import", csv, "--rules", rules, "--dry-run")
        XCTAssertEqual(result.status, 65, "an invalid row fails the dry run as it would fail the import")
        XCTAssertEqual(result.stderr, """
            expenses: error: 1 invalid row in \(csv); nothing would be imported
            hint: fix it and import again, or import the valid rows with --skip-invalid --rejects FILE and fix the rejected ones there

            """)
        XCTAssertEqual(result.stdout.split(separator: "\n").map { $0.replacingOccurrences(of: #" +"#, with: " ", options: .regularExpression) }, [
            "FILE:LINE STATUS DATE AMOUNT CATEGORY MERCHANT / REASON",
            "\(csv):2 duplicate 2026-03-01 1.50 EUR meals Cafe 1",
            "\(csv):3 new 2026-03-02 2.50 EUR meals Cafe 2",
            "\(csv):4 new 2026-03-03 -12.00 EUR taxi Taxi Berlin",
            "\(csv):5 skipped \(rules):8",
            "\(csv):6 invalid amount: 'x' is not an amount",
            "Dry run: 2 new, 1 duplicate, 1 invalid, 1 skipped; nothing was written.",
        ])
        XCTAssertEqual(try app.query("SELECT count(*) || '/' || (SELECT count(*) FROM import_batches) || '/' || (SELECT seq FROM sqlite_sequence WHERE name = 'expenses') FROM expenses"), before)
        // The same in JSON, one document.
        let json = try app.run("import", csv, "--rules", rules, "--dry-run", "--format", "json")
        XCTAssertEqual(json.status, 65)
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let rows = document?["rows"] as? [[String: Any]]
        XCTAssertEqual(rows?.map { $0["status"] as? String }, ["duplicate", "new", "new", "skipped", "invalid"])
        XCTAssertEqual(rows?[3]["reason"] as? String, "\(rules):8", "the rule that skipped the row")
        XCTAssertEqual((rows?[2]["amount"] as? [String: String]), ["amount": "-12.00", "currency": "EUR"])
        XCTAssertEqual(rows?[4]["reason"] as? String, "amount: 'x' is not an amount")
        XCTAssertEqual(document?["new"] as? Int, 2)
        XCTAssertEqual(document?["dryRun"] as? Bool, true)
        let csvOutput = try app.run("import", csv, "--rules", rules, "--dry-run", "--format", "csv")
        XCTAssertEqual(csvOutput.stdout.split(separator: "\r\n").first, "file,line,status,date,amount,amountCurrency,category,merchant,description,reason")
        XCTAssertEqual(try count(), 1)
        // With --skip-invalid the import would go ahead, and so does its dry run.
        let skipping = try app.run("import", csv, "--rules", rules, "--dry-run", "--skip-invalid", "--rejects", app.path("r.csv"))
        XCTAssertEqual(skipping.status, 0, skipping.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: app.path("r.csv")), "a dry run writes no rejects file")
        // It refuses the rejects file the import would refuse: one that exists (without --force), or an input.
        let existing = try write("keep me\n", to: "existing.csv")
        let refused = try app.run("import", csv, "--rules", rules, "--dry-run", "--skip-invalid", "--rejects", existing)
        let imported = try app.run("import", csv, "--rules", rules, "--skip-invalid", "--rejects", existing)
        XCTAssertEqual(refused.status, imported.status)
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertEqual(refused.stderr, imported.stderr)
        XCTAssertEqual(refused.stdout, "")
        XCTAssertEqual(try app.run("import", csv, "--rules", rules, "--dry-run", "--skip-invalid", "--rejects", rules).status, refused.status)
        XCTAssertEqual(try app.run("import", csv, "--rules", rules, "--dry-run", "--skip-invalid", "--rejects", existing, "--force").status, 0)
        XCTAssertEqual(try String(contentsOfFile: existing, encoding: .utf8), "keep me\n")
    }

    /// The table's columns ran together ("public_transport MVG MUENCHEN"), and every cell is
    /// one line whatever the statement holds.
    func testADryRunTableKeepsItsColumnsApartAndEachRowOnOneLine() throws {
        let rules = try write("""
            date = Date
            merchant = Merchant
            amount = Amount
            default currency EUR
            default category public_transport

            """, to: "card.rules")
        let csv = try write("Date,Merchant,Amount\r\n2026-03-02,\"MVG\r\nMUENCHEN\",1.50\r\n2026-03-03,Cafe\u{301} \u{1B}[31mred,12345678.90\r\n"
                                + "2026-03-04,Bahn,1\r\n", to: "lines.csv")
        let result = try app.run("import", csv, "--rules", rules, "--dry-run")
        XCTAssertEqual(result.status, 0, result.stderr)
        let location = String(repeating: " ", count: csv.count + 7 - "FILE:LINE".count)
        func at(_ line: Int) -> String { "\(csv):\(line)" + String(repeating: " ", count: 7 - String(line).count - 1) }
        XCTAssertEqual(result.stdout, """
            FILE:LINE\(location)  STATUS     DATE                  AMOUNT  CATEGORY          MERCHANT / REASON
            \(at(2))  new        2026-03-02          1.50 EUR  public_transport  MVG\\r\\nMUENCHEN
            \(at(4))  new        2026-03-03  12,345,678.90 EUR  public_transport  Cafe\u{301} \\x1b[31mred
            \(at(5))  new        2026-03-04          1.00 EUR  public_transport  Bahn
            Dry run: 3 new, 0 duplicate, 0 invalid; nothing was written.

            """)
    }

    // MARK: - Footers

    /// The German bank export with a footer after a blank line: 2 fields under a header of 7,
    /// then one of 9 (longer than the header), with a line break inside a quoted field.
    private func bankStatementWithFooter() throws -> String {
        var bytes = try Data(contentsOf: Self.fixtures.appendingPathComponent("bank-de.csv"))
        bytes.append(contentsOf: Array("\r\n\"Kontostand vom 31.03.2026\";\"2.974,30 EUR\"\r\n".utf8))
        bytes.append(contentsOf: Array("\"Kontostand\";\"\";\"\";\"\";\"\";\"\";\"\";\"Ende\r\nder Liste\";\"x\"\r\n".utf8))
        let csv = app.path("bank.csv")
        try bytes.write(to: URL(fileURLWithPath: csv))
        return csv
    }

    /// A footer failed the whole import: the field count was checked before any rule.
    func testAFooterIsLeftOutBySkipEndOrByARuleOnTheRow() throws {
        let csv = try bankStatementWithFooter()
        let plain = try app.run("import", csv, "--rules", try fixture("bank-de.rules"))
        XCTAssertEqual(plain.status, 65)
        XCTAssertTrue(plain.stderr.hasPrefix("\(csv):14: row: 2 fields, but the header has 7\n\(csv):15: row: 9 fields, but the header has 7\n"),
                      plain.stderr)

        let base = try String(contentsOf: Self.fixtures.appendingPathComponent("bank-de.rules"), encoding: .utf8)
        let skipEnd = try write(base + "skip-end 2\n", to: "skip-end.rules")
        let dryRun = try app.run("import", csv, "--rules", skipEnd, "--dry-run")
        XCTAssertEqual(dryRun.status, 0, dryRun.stderr)
        let lines = dryRun.stdout.split(separator: "\n").map { $0.replacingOccurrences(of: #" +"#, with: " ", options: .regularExpression) }
        XCTAssertEqual(lines.filter { $0.contains(" skipped ") }, [
            "\(csv):9 skipped \(skipEnd):10", "\(csv):14 skipped \(skipEnd):21", "\(csv):15 skipped \(skipEnd):21",
        ], "the credit (credits skip), then the footer's two rows (skip-end)")
        let imported = try app.run("import", csv, "--rules", skipEnd)
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertEqual(summary(imported.stdout), "Imported \(csv) as batch 1: 4 new, 0 duplicate, 0 invalid, 3 skipped\n")

        let rule = try write(base + "if row matches ^\"?Kontostand then skip\n", to: "rule.rules")
        let byRule = try app.run("import", csv, "--rules", rule, "--dry-run", "--format", "json")
        XCTAssertEqual(byRule.status, 0, byRule.stderr)
        let rows = (try JSONSerialization.jsonObject(with: Data(byRule.stdout.utf8)) as? [String: Any])?["rows"] as? [[String: Any]]
        XCTAssertEqual(rows?.filter { $0["status"] as? String == "skipped" }.map { $0["reason"] as? String },
                       ["\(rule):10", "\(rule):21", "\(rule):21"])
        XCTAssertEqual(rows?.filter { $0["status"] as? String == "duplicate" }.count, 4)
    }

    func testSkipEndOfZeroOrOfMoreRowsThanTheFileHas() throws {
        let csv = try write(statement(days: 1...3), to: "s.csv")
        let all = try write(Self.cardRules + "skip-end 1000\n", to: "all.rules")
        XCTAssertEqual(summary(try app.ok("import", csv, "--rules", all)),
                       "Imported \(csv) as batch 1: 0 new, 0 duplicate, 0 invalid, 3 skipped\n")
        let none = try write(Self.cardRules + "skip-end 0\n", to: "none.rules")
        XCTAssertEqual(summary(try app.ok("import", csv, "--rules", none)), "Imported \(csv) as batch 2: 3 new, 0 duplicate, 0 invalid\n")
        let header = try write("Date,Merchant,Amount\n", to: "header.csv")
        XCTAssertEqual(summary(try app.ok("import", header, "--rules", all)), "Imported \(header) as batch 3: 0 new, 0 duplicate, 0 invalid\n")
        let huge = try app.run("import", csv, "--rules", try write(Self.cardRules + "skip-end 99999999999\n", to: "huge.rules"))
        XCTAssertEqual(huge.status, 65)
        XCTAssertEqual(huge.stderr, "expenses: error: \(app.path("huge.rules")):8: 'skip-end' takes a number of rows from 0 to 1000, not '99999999999'\n")
    }

    /// The rejects file is read again by the same rules, so it ends with the footer they leave
    /// out, not with rejected rows.
    func testRejectsEndWithTheFooterSkipEndLeavesOut() throws {
        let csv = try bankStatementWithFooter()
        var bytes = try Data(contentsOf: URL(fileURLWithPath: csv))
        let bad = Data("\"07.03.2026\";\"07.03.2026\";\"Kartenzahlung\";\"Kiosk\";\"\";\"-4,2x\";\r\n".utf8)
        bytes.insert(contentsOf: bad, at: bytes.range(of: Data("\r\n\r\n\"Kontostand".utf8))!.lowerBound + 2)
        try bytes.write(to: URL(fileURLWithPath: csv))
        let rules = try write(try String(contentsOf: Self.fixtures.appendingPathComponent("bank-de.rules"), encoding: .utf8) + "skip-end 2\n",
                              to: "bank.rules")
        let rejects = app.path("rejects.csv")
        let result = try app.run("import", csv, "--rules", rules, "--skip-invalid", "--rejects", rejects)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "\(csv):13: amount: '-4,2x' is not an amount\n")
        let written = try Data(contentsOf: URL(fileURLWithPath: rejects))
        XCTAssertTrue(String(decoding: written, as: UTF8.self).hasSuffix("""
            "Kiosk";"";"-4,2x";;\(csv):13: amount: '-4,2x' is not an amount\r
            "Kontostand vom 31.03.2026";"2.974,30 EUR"\r
            "Kontostand";"";"";"";"";"";"";"Ende\r
            der Liste";"x"\r

            """), String(decoding: written, as: UTF8.self))
        let fixed = written.replacingOccurrences(of: Data("-4,2x".utf8), with: Data("-4,20".utf8))
        try fixed.write(to: URL(fileURLWithPath: rejects))
        XCTAssertEqual(summary(try app.ok("import", rejects, "--rules", rules)), "Imported \(rejects) as batch 2: 1 new, 0 duplicate, 0 invalid, 2 skipped\n")
    }

    // MARK: - Encodings

    /// A UTF-8 statement read with 'encoding windows-1252' imported quietly as 'GaststÃ¤tte'
    /// when its columns are mapped by position.
    func testUTF8ReadAsWindows1252IsWarnedOfOnceWithTheFix() throws {
        let rules = try write("""
            # An export without a header
            encoding windows-1252
            header no
            fields date, merchant, amount
            default currency EUR
            default category meals

            """, to: "bank.rules")
        let csv = try write("2026-03-01,Hotel,1\n2026-03-02,Gaststätte,12.50\n2026-03-03,Café,3\n", to: "utf8.csv")
        let warning = """
            expenses: warning: \(csv):2: 'GaststÃ¤tte' looks like UTF-8 read as windows-1252; in UTF-8 it reads 'Gaststätte'
            hint: if the statement is UTF-8, write 'encoding utf-8' at \(rules):2

            """
        let result = try app.run("import", csv, "--rules", rules, "--format", "json")
        XCTAssertEqual(result.status, 0, "a warning: the import goes ahead")
        XCTAssertEqual(result.stderr, warning, "once, however many rows")
        let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        XCTAssertEqual(document?["new"] as? Int, 3, "stdout stays one JSON document")
        XCTAssertEqual(try app.query("SELECT merchant FROM expenses WHERE date = '2026-03-02'"), "GaststÃ¤tte")

        let dryRun = try app.run("import", csv, "--rules", rules, "--dry-run")
        XCTAssertEqual(dryRun.stderr, warning)
        XCTAssertEqual(dryRun.status, 0)

        // Named columns: the header shows it first, before the rules miss the column.
        let named = try write("encoding windows-1252\ndate = Datum\nmerchant = Empfänger\namount = Betrag\ndefault currency EUR\n", to: "named.rules")
        let header = try app.run("import", try write("Datum,Empfänger,Betrag\n2026-03-01,Hotel,1\n", to: "h.csv"), "--rules", named)
        XCTAssertEqual(header.status, 65)
        XCTAssertTrue(header.stderr.hasPrefix("""
            expenses: warning: \(app.path("h.csv")):1: 'EmpfÃ¤nger' looks like UTF-8 read as windows-1252; in UTF-8 it reads 'Empfänger'
            hint: if the statement is UTF-8, write 'encoding utf-8' at \(named):1
            expenses: error: \(named):3: no column 'Empfänger'
            """), header.stderr)

        // A Windows-1252 statement is what it says: no warning.
        let bank = try app.run("import", try fixture("bank-de.csv"), "--rules", try fixture("bank-de.rules"))
        XCTAssertEqual(bank.stderr, "")
    }

    // MARK: - Batches and undo

    func testImportListAndUndo() throws {
        let rules = try write(Self.cardRules, to: "card.rules")
        try app.ok("report", "new", "March", "--currency", "EUR")
        let first = try write(statement(days: 1...3), to: "a.csv"), second = try write(statement(days: 3...5), to: "b.csv")
        try app.ok("import", first, "--rules", rules, "--report", "1")
        try app.ok("import", second, "--rules", rules, "--report", "1")
        XCTAssertEqual(try app.ok("import", "list"), """
            BATCH  FILE\(String(repeating: " ", count: first.count - 4))  IMPORTED              REPORT  NEW  DUPLICATE  INVALID  SKIPPED  UNDONE
                1  \(first)  2026-03-10T09:00:00Z       1    3          0        0        0  
                2  \(second)  2026-03-10T09:00:00Z       1    2          1        0        0  

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
        XCTAssertEqual(summary(try app.ok("import", second, "--rules", rules, "--report", "1")),
                       "Imported \(second) as batch 3: 2 new, 1 duplicate, 0 invalid\n")
        // Once the report is submitted, its items are frozen: undo is refused.
        try app.ok("report", "submit", "1")
        let refused = try app.run("import", "undo", "3")
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.hasPrefix("expenses: error: cannot undo import batch 3: 2 of its expenses are in report 1, which is submitted\n"),
                      refused.stderr)
        XCTAssertEqual(try count(), 5)
        let closed = try app.run("import", try write(statement(days: 6...6), to: "c.csv"), "--rules", rules, "--report", "1")
        XCTAssertEqual(closed.status, 1)
        XCTAssertTrue(closed.stderr.contains("report 1 is submitted; cannot import into it"), closed.stderr)
        XCTAssertEqual(try app.run("import", "undo", "9").status, 66)
    }

    func testTheReportsTotalsMatchItsItemsAfterImports() throws {
        let rules = try write(Self.cardRules, to: "card.rules")
        try app.ok("report", "new", "March", "--currency", "EUR")
        try app.ok("expense", "add", "--report", "1", "--amount", "10", "--category", "meals", "--date", "2026-03-01")
        for (index, days) in [1...200, 150...400].enumerated() {
            let rows = days.map { "2026-03-\(String(format: "%02d", $0 % 28 + 1)),Shop \($0),\($0).\($0 % 100)" }
            try app.ok("import", try write("Date,Merchant,Amount\n" + rows.joined(separator: "\n"), to: "s\(index).csv"), "--rules", rules,
                       "--report", "1")
        }
        XCTAssertEqual(try count(), 1 + 400)
        XCTAssertEqual(try app.query("SELECT CAST(item_count = (SELECT count(*) FROM expenses WHERE report_id = 1) AND total_minor = (SELECT sum(converted_minor) FROM expenses WHERE report_id = 1) AS INTEGER) FROM reports"), "1")
        XCTAssertEqual(try app.query("PRAGMA integrity_check"), "ok", "every row meets the schema's constraints")
    }

    // MARK: - Errors and feedback

    func testRulesErrorsNameTheRulesFileAndLine() throws {
        let csv = try write(statement(days: 1...2), to: "s.csv")
        let typo = try write("date = Date\namount = Amount\nfeilds x\n", to: "typo.rules")
        let result = try app.run("import", csv, "--rules", typo)
        XCTAssertEqual(result.status, 65)
        XCTAssertEqual(result.stderr, "expenses: error: \(typo):3: unknown directive 'feilds'\nhint: did you mean 'fields'?\n")
        let unknown = try write("date = Date\namount = Amount\nwhatever 3\n", to: "unknown.rules")
        XCTAssertEqual(try app.run("import", csv, "--rules", unknown).stderr,
                       "expenses: error: \(unknown):3: unknown directive 'whatever'\nhint: the directives are in 'expenses help rules'\n")
        let column = try write("date = Datum\namount = Amount\ndefault currency EUR\ndefault category meals\n", to: "column.rules")
        let missing = try app.run("import", csv, "--rules", column)
        XCTAssertEqual(missing.status, 65)
        XCTAssertEqual(missing.stderr, """
            expenses: error: \(column):1: no column 'Datum' in \(csv)
            hint: did you mean 'Date'? Its columns: 'Date', 'Merchant', 'Amount'

            """)
        let category = try write("date = Date\namount = Amount\ndefault currency EUR\ndefault category snacks\n", to: "category.rules")
        XCTAssertTrue(try app.run("import", csv, "--rules", category).stderr.hasPrefix("expenses: error: \(category):4: unknown category 'snacks'"))
        XCTAssertEqual(try count("SELECT count(*) FROM import_batches"), 0)
    }

    func testMissingFilesAndUsageErrors() throws {
        let rules = try write(Self.cardRules, to: "card.rules")
        let csv = try write(statement(days: 1...2), to: "s.csv")
        let noFile = try app.run("import", csv, app.path("nope.csv"), "--rules", rules)
        XCTAssertEqual(noFile.status, 66)
        XCTAssertEqual(noFile.stderr, "expenses: error: cannot read the statement \(app.path("nope.csv")): no such file\n")
        XCTAssertEqual(try count(), 0, "no file is imported when one of them is missing")
        XCTAssertEqual(try app.run("import", csv, "--rules", app.path("nope.rules")).status, 66)
        XCTAssertEqual(try app.run("import", csv).status, 64)
        let skip = try app.run("import", csv, "--rules", rules, "--skip-invalid")
        XCTAssertEqual(skip.status, 64)
        XCTAssertTrue(skip.stderr.hasPrefix("expenses: error: '--skip-invalid' needs '--rejects <file>'"), skip.stderr)
        XCTAssertEqual(try app.run("import", csv, "--rules", rules, "--rejects", "r.csv").status, 64)
        let empty = try app.run("import", try write("", to: "empty.csv"), "--rules", rules)
        XCTAssertEqual(empty.status, 65)
        XCTAssertEqual(empty.stderr, "expenses: error: \(app.path("empty.csv")) is empty: it has no header line\n")
    }

    func testAnImportInAScriptTransactionRollsBackWithIt() throws {
        let rules = try write(Self.cardRules, to: "card.rules")
        let csv = try write(statement(days: 1...5), to: "s.csv")
        let script = try write("""
            report new March
            import \(csv) --rules \(rules) --report 1
            expense add --report 9 --amount 1 --category meals

            """, to: "import.expenses")
        let failed = try app.run("run", "--transaction", script)
        XCTAssertEqual(failed.status, 1)
        XCTAssertEqual(try count(), 0)
        XCTAssertEqual(try count("SELECT count(*) FROM import_batches"), 0)
        XCTAssertEqual(try app.query("SELECT count(*) FROM sqlite_master WHERE name IN ('expenses_count_insert', 'expenses_frozen_insert')"), "2")
        try write("report new March\nimport \(csv) --rules \(rules) --report 1\n", to: "good.expenses")
        XCTAssertEqual(try app.run("run", "--transaction", app.path("good.expenses")).status, 0)
        XCTAssertEqual(try app.query("SELECT item_count || '/' || total_minor FROM reports"), "5/1750")
    }

    func testHelpForTheCommandAndItsSubcommands() throws {
        XCTAssertTrue(try app.ok("help", "import").hasPrefix("OVERVIEW: Import card or bank statements (CSV) through a rules file.\n"))
        XCTAssertTrue(try app.ok("import", "--help").contains("USAGE: expenses import --rules <file> [<options>] <file> ...\n"))
        let help = try app.ok("help", "import")
        XCTAssertTrue(help.contains("""

            SUBCOMMANDS:
              list                    List the import batches: file, time, rows new, duplicate and invalid.
              undo                    Delete the expenses an import batch added (refused once they are in a submitted report).

            """), help)
        XCTAssertFalse(try app.ok("help", "import", "list").contains("SUBCOMMANDS"))
        XCTAssertTrue(try app.ok("help", "import", "list").hasPrefix("OVERVIEW: List the import batches"))
        XCTAssertTrue(try app.ok("help", "import", "undo").contains("<batch>"))
        XCTAssertTrue(try app.ok("help", "rates").contains("show"))
        XCTAssertEqual(try app.ok("import", "list"), "(none)\n", "'list' is the subcommand, not a file named list")
    }

    func testSeveralFilesAndStandardInputAndJSON() throws {
        let rules = try write(Self.cardRules, to: "card.rules")
        let a = try write(statement(days: 1...2), to: "a.csv"), b = try write(statement(days: 2...4), to: "b.csv")
        let result = try app.run("import", a, b, "--rules", rules)
        XCTAssertEqual(summary(result.stdout), """
              batch 1: \(a): 2 new, 0 duplicate, 0 invalid
              batch 2: \(b): 2 new, 1 duplicate, 0 invalid
            Imported 2 files: 4 new, 1 duplicate, 0 invalid

            """)
        let piped = try app.run(["import", "-", "--rules", rules, "--format", "json"], stdin: statement(days: 4...6))
        XCTAssertEqual(piped.status, 0, piped.stderr)
        let document = try JSONSerialization.jsonObject(with: Data(piped.stdout.utf8)) as? [String: Any]
        XCTAssertEqual((document?["batches"] as? [[String: Any]])?.first?["file"] as? String, "-")
        XCTAssertEqual(document?["new"] as? Int, 2)
        XCTAssertEqual(document?["duplicate"] as? Int, 1)
        XCTAssertNotNil(document?["milliseconds"] as? Int)
    }

    func testProgressIsShownOnATerminalOnly() throws {
        let rules = try write(Self.cardRules, to: "card.rules")
        let csv = try write(statement(days: 1...9), to: "s.csv")
        let plain = try app.run("import", csv, "--rules", rules)
        XCTAssertEqual(plain.stderr, "", "no progress when stderr is not a terminal")
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else {
            throw MissingTool("/usr/bin/script is missing: Debian always has it (bsdutils, an essential package)")
        }
        // script(1) runs the command with stdin, stdout and stderr on a pseudo-terminal.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-q", "-e", "-c", "'\(ExpensesProcess.binary.path)' import '\(csv)' --rules '\(rules)'", "/dev/null"]
        process.environment = app.environment
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let transcript = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, transcript)
        XCTAssertTrue(transcript.contains("\r  0 rows  [--------------------]  0%\u{1B}[K"), transcript.debugDescription)
        XCTAssertTrue(transcript.contains("\r\u{1B}[K"), "the progress line is erased")
        XCTAssertTrue(transcript.contains("Imported \(csv) as batch 2: 0 new, 9 duplicate"), transcript)
    }
}

private extension Data {
    func replacingOccurrences(of target: Data, with replacement: Data) -> Data {
        var result = Data()
        var index = startIndex
        while let range = self[index...].firstRange(of: target) {
            result += self[index..<range.lowerBound] + replacement
            index = range.upperBound
        }
        return result + self[index...]
    }
}

extension ImportTests {
    /// 9,300 rows of the largest amount in one report ended in exit 70 and SQL text
    /// ("integer overflow - while executing UPDATE reports SET ...").
    func testAReportTotalBeyondTheLargestIsBadDataNamingTheReportAndTheLimit() throws {
        try app.ok("report", "new", "Trip", "--currency", "EUR")
        let rules = try write(Self.cardRules, to: "card.rules")
        let csv = try write("Date,Merchant,Amount\n" + (1...9_300).map { "2026-03-02,Shop \($0),9999999999999.99\n" }.joined(), to: "huge.csv")
        let result = try app.run("import", csv, "--rules", rules, "--report", "1")
        XCTAssertEqual(result.status, 65, result.stderr)
        XCTAssertEqual(result.stderr, """
            expenses: error: the total of report 1 does not fit: the largest total handled is 9,999,999,999,999,999.99 EUR
            hint: split its items over more than one report

            """)
        XCTAssertEqual(try count(), 0, "nothing was written")
        XCTAssertEqual(try app.query("SELECT item_count || ' ' || total_minor FROM reports"), "0 0")

        // Up to the limit it imports; one cent more, typed in, is refused the same way.
        let fits = try write("Date,Merchant,Amount\n" + (1...1_000).map { "2026-03-02,Shop \($0),9999999999999.99\n" }.joined()
                                 + "2026-03-03,Last,9.99\n", to: "fits.csv")
        let imported = try app.run("import", fits, "--rules", rules, "--report", "1")
        XCTAssertEqual(imported.status, 0, imported.stderr)
        let show = try app.run("report", "show", "1")
        XCTAssertEqual(show.status, 0, show.stderr)
        XCTAssertTrue(show.stdout.contains("Total in EUR:         9,999,999,999,999,999.99 EUR"), show.stdout)
        let more = try app.run("expense", "add", "--report", "1", "--date", "2026-03-04", "--amount", "0.01", "--category", "meals")
        XCTAssertEqual(more.status, 65)
        XCTAssertEqual(more.stderr, """
            expenses: error: the total of report 1 does not fit: the largest total handled is 9,999,999,999,999,999.99 EUR
            hint: split its items over more than one report

            """)
    }
}

extension ImportTests {
    /// 3,000 invalid rows printed 3,000 lines before the summary.
    func testAtMostTwentyRowErrorsThenHowManyMoreAndWhereToSeeThem() throws {
        let rules = try write(Self.cardRules, to: "card.rules")
        let bad = (1...3_000).map { "2026-03-02,Shop \($0),1.0x" }
        let csv = try write(statement(days: 1...3, extra: bad), to: "bad.csv")
        let told = (5...24).map { "\(csv):\($0): amount: '1.0x' is not an amount\n" }.joined()

        let atomic = try app.run("import", csv, "--rules", rules)
        XCTAssertEqual(atomic.status, 65)
        XCTAssertEqual(atomic.stderr, told + """
            and 2,980 more invalid rows (see every one with --dry-run, or with --skip-invalid --rejects FILE)
            expenses: error: 3,000 invalid rows in \(csv); nothing was imported
            hint: fix them and import again, or import the valid rows with --skip-invalid --rejects FILE and fix the rejected ones there

            """)
        XCTAssertEqual(try count(), 0)

        let rejects = app.path("rejects.csv")
        let skipping = try app.run("import", csv, "--rules", rules, "--skip-invalid", "--rejects", rejects)
        XCTAssertEqual(skipping.status, 0, skipping.stderr)
        XCTAssertEqual(skipping.stderr, told + "and 2,980 more invalid rows (see --rejects \(rejects))\n")
        XCTAssertEqual(summary(skipping.stdout),
                       "Imported \(csv) as batch 1: 3 new, 0 duplicate, 3,000 invalid; invalid rows written to \(rejects)\n")
        XCTAssertEqual(try String(contentsOfFile: rejects, encoding: .utf8).split(separator: "\n").count, 3_001, "every one, after the header")

        // A dry run lists every row: that is what it is for.
        let dryRun = try app.run("import", csv, "--rules", rules, "--dry-run")
        XCTAssertEqual(dryRun.status, 65, dryRun.stderr)
        XCTAssertEqual(dryRun.stdout.components(separatedBy: " invalid ").count - 1, 3_000)
    }
}
