import Foundation
import XCTest

/// `import --dry-run`: every row and why, nothing written; and the warning of UTF-8 read as
/// Windows-1252.
final class ImportDryRunTests: ImportTestCase {
    // MARK: - Dry run

    func testADryRunShowsEveryRowAndWritesNothing() throws {
        try fileOnly(
            because:
                "SQLite's own catalog, result codes, triggers set aside in bulk, settings and functions; a file's directory; a second connection to the same file"
        )
        let rules = try write(Self.cardRules + "if merchant matches ^Skip then skip\n", to: "card.rules")
        try app.ok("import", try write(statement(days: 1...1), to: "first.csv"), "--rules", rules)
        let before = try app.query(
            "SELECT count(*) || '/' || (SELECT count(*) FROM import_batches) || '/' || (SELECT seq FROM sqlite_sequence WHERE name = 'expenses') FROM expenses"
        )
        let csv = try write(
            statement(days: 1...2, extra: ["2026-03-03,Taxi Berlin,-12.00", "2026-03-04,Skip me,1.00", "2026-03-05,Bad,x"]),
            to: "dry.csv")
        let result = try app.run("import", csv, "--rules", rules, "--dry-run")
        XCTAssertEqual(result.status, 65, "an invalid row fails the dry run as it would fail the import")
        XCTAssertEqual(
            result.stderr,
            """
            expenses: error: 1 invalid row in \(csv); nothing would be imported
            hint: fix it and import again, or import the valid rows with --skip-invalid --rejects FILE and fix the rejected ones there

            """)
        XCTAssertEqual(
            result.stdout.split(separator: "\n").map { $0.replacingOccurrences(of: #" +"#, with: " ", options: .regularExpression) },
            [
                "FILE:LINE STATUS DATE AMOUNT CATEGORY MERCHANT / REASON",
                "\(csv):2 duplicate 2026-03-01 1.50 EUR meals Cafe 1",
                "\(csv):3 new 2026-03-02 2.50 EUR meals Cafe 2",
                "\(csv):4 new 2026-03-03 -12.00 EUR taxi Taxi Berlin",
                "\(csv):5 skipped \(rules):8",
                "\(csv):6 invalid amount: 'x' is not an amount",
                "Dry run: 2 new, 1 duplicate, 1 invalid, 1 skipped; nothing was written.",
            ])
        XCTAssertEqual(
            try app.query(
                "SELECT count(*) || '/' || (SELECT count(*) FROM import_batches) || '/' || (SELECT seq FROM sqlite_sequence WHERE name = 'expenses') FROM expenses"
            ), before)
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
        XCTAssertEqual(
            csvOutput.stdout.split(separator: "\r\n").first,
            "file,line,status,date,amount,amountCurrency,category,merchant,description,reason")
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
        XCTAssertEqual(
            try app.run("import", csv, "--rules", rules, "--dry-run", "--skip-invalid", "--rejects", rules).status, refused.status)
        XCTAssertEqual(
            try app.run("import", csv, "--rules", rules, "--dry-run", "--skip-invalid", "--rejects", existing, "--force").status, 0)
        XCTAssertEqual(try String(contentsOfFile: existing, encoding: .utf8), "keep me\n")
    }

    /// The table's columns ran together ("public_transport MVG MUENCHEN"), and every cell is
    /// one line whatever the statement holds.
    func testADryRunTableKeepsItsColumnsApartAndEachRowOnOneLine() throws {
        let rules = try write(
            """
            date = Date
            merchant = Merchant
            amount = Amount
            default currency EUR
            default category public_transport

            """, to: "card.rules")
        let csv = try write(
            "Date,Merchant,Amount\r\n2026-03-02,\"MVG\r\nMUENCHEN\",1.50\r\n2026-03-03,Cafe\u{301} \u{1B}[31mred,12345678.90\r\n"
                + "2026-03-04,Bahn,1\r\n", to: "lines.csv")
        let result = try app.run("import", csv, "--rules", rules, "--dry-run")
        XCTAssertEqual(result.status, 0, result.stderr)
        let location = String(repeating: " ", count: csv.count + 7 - "FILE:LINE".count)
        func at(_ line: Int) -> String { "\(csv):\(line)" + String(repeating: " ", count: 7 - String(line).count - 1) }
        XCTAssertEqual(
            result.stdout,
            """
            FILE:LINE\(location)  STATUS     DATE                  AMOUNT  CATEGORY          MERCHANT / REASON
            \(at(2))  new        2026-03-02          1.50 EUR  public_transport  MVG\\r\\nMUENCHEN
            \(at(4))  new        2026-03-03  12,345,678.90 EUR  public_transport  Cafe\u{301} \\x1b[31mred
            \(at(5))  new        2026-03-04          1.00 EUR  public_transport  Bahn
            Dry run: 3 new, 0 duplicate, 0 invalid; nothing was written.

            """)
    }

    // MARK: - Encodings

    /// A UTF-8 statement read with 'encoding windows-1252' imported quietly as 'GaststÃ¤tte'
    /// when its columns are mapped by position.
    func testUTF8ReadAsWindows1252IsWarnedOfOnceWithTheFix() throws {
        let rules = try write(
            """
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
        let named = try write(
            "encoding windows-1252\ndate = Datum\nmerchant = Empfänger\namount = Betrag\ndefault currency EUR\n", to: "named.rules")
        let header = try app.run("import", try write("Datum,Empfänger,Betrag\n2026-03-01,Hotel,1\n", to: "h.csv"), "--rules", named)
        XCTAssertEqual(header.status, 65)
        XCTAssertTrue(
            header.stderr.hasPrefix(
                """
                expenses: warning: \(app.path("h.csv")):1: 'EmpfÃ¤nger' looks like UTF-8 read as windows-1252; in UTF-8 it reads 'Empfänger'
                hint: if the statement is UTF-8, write 'encoding utf-8' at \(named):1
                expenses: error: \(named):3: no column 'Empfänger'
                """), header.stderr)

        // A Windows-1252 statement is what it says: no warning.
        let bank = try app.run("import", try fixture("bank-de.csv"), "--rules", try fixture("bank-de.rules"))
        XCTAssertEqual(bank.stderr, "")
    }
}
