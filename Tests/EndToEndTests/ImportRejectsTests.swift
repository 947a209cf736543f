import Foundation
import XCTest

/// An import is atomic: an invalid row writes nothing, unless --skip-invalid writes it to a
/// rejects file; and footers, which skip-end or a rule leave out.
final class ImportRejectsTests: ImportTestCase {
    // MARK: - Atomic, --skip-invalid, rejects

    func testAnInvalidRowWritesNothingAndEveryInvalidRowIsReported() throws {
        let rules = try write(Self.cardRules, to: "card.rules")
        let csv = try write(
            statement(days: 1...3, extra: ["2026-03-32,Bad day,1.00", "2026-03-05,Bad amount,1,5", "2026-03-06,Zero,0"]),
            to: "bad.csv")
        let result = try app.run("import", csv, "--rules", rules)
        XCTAssertEqual(result.status, 65)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(
            result.stderr,
            """
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
        let csv = try write(
            statement(days: 1...3, extra: ["2026-03-32,Bad day,1.00", "2026-03-05,\"Quoted, merchant\",1.5x"]),
            to: "bad.csv")
        let rejects = app.path("rejects.csv")
        let result = try app.run("import", csv, "--rules", rules, "--skip-invalid", "--rejects", rejects)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            summary(result.stdout), "Imported \(csv) as batch 1: 3 new, 0 duplicate, 2 invalid; invalid rows written to \(rejects)\n")
        XCTAssertEqual(
            result.stderr,
            """
            \(csv):5: date: '2026-03-32' is not a day of the calendar
            \(csv):6: amount: '1.5x' is not an amount

            """)
        XCTAssertEqual(
            try String(contentsOfFile: rejects, encoding: .utf8),
            """
            Date,Merchant,Amount,reason
            2026-03-32,Bad day,1.00,\(csv):5: date: '2026-03-32' is not a day of the calendar
            2026-03-05,"Quoted, merchant",1.5x,\(csv):6: amount: '1.5x' is not an amount

            """)
        // Fix the two rows where they are, and import the rejects file with the same rules.
        let fixed = try String(contentsOfFile: rejects, encoding: .utf8)
            .replacingOccurrences(of: "2026-03-32", with: "2026-03-31").replacingOccurrences(of: "1.5x", with: "1.50")
        try fixed.write(toFile: rejects, atomically: true, encoding: .utf8)
        XCTAssertEqual(
            summary(try app.ok("import", rejects, "--rules", rules)), "Imported \(rejects) as batch 2: 2 new, 0 duplicate, 0 invalid\n")
        XCTAssertEqual(try count(), 5)
        XCTAssertEqual(try app.query("SELECT merchant FROM expenses WHERE id = (SELECT max(id) FROM expenses)"), "Quoted, merchant")
        // Importing the original again finds the valid rows, and still rejects the broken ones
        // into the same file, which --force replaces.
        let again = try app.run("import", csv, "--rules", rules, "--skip-invalid", "--rejects", rejects, "--force")
        XCTAssertEqual(
            summary(again.stdout), "Imported \(csv) as batch 3: 0 new, 3 duplicate, 2 invalid; invalid rows written to \(rejects)\n")
    }

    func testRejectsKeepTheStatementsEncodingPreambleAndLineEndings() throws {
        let rules = try fixture("bank-de.rules")
        var bytes = try Data(contentsOf: Self.fixtures.appendingPathComponent("bank-de.csv"))
        bytes.append(
            contentsOf: Array("\"07.03.2026\";\"07.03.2026\";\"Kartenzahlung\";\"Caf".utf8) + [0xE9]
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
        XCTAssertEqual(
            summary(try app.ok("import", rejects, "--rules", rules)), "Imported \(rejects) as batch 2: 1 new, 0 duplicate, 0 invalid\n")
        XCTAssertEqual(try app.query("SELECT merchant FROM expenses WHERE amount_minor = 420"), "Café")
    }

    /// A bad value of a Windows-1252 statement showed as '-4,2\u{FFFD}' on stderr and '-4,2?' in
    /// the rejects file.
    func testABadValueIsQuotedDecodedOnStderrAndAsTheFileHasItInTheRejects() throws {
        let rules = try fixture("bank-de.rules")
        var bytes = try Data(contentsOf: Self.fixtures.appendingPathComponent("bank-de.csv"))
        bytes.append(
            contentsOf: Array("\"07.03.2026\";\"07.03.2026\";\"Kartenzahlung\";\"Caf".utf8) + [0xE9] + Array("\";\"\";\"-4,2".utf8) + [0xFC]
                + Array("\";\r\n\"31.02.2026\";\"\";\"\";\"M".utf8) + [0xFC] + Array("ller\";\"\";\"-1,00\";\r\n".utf8))
        let csv = app.path("bank.csv")
        try bytes.write(to: URL(fileURLWithPath: csv))
        let rejects = app.path("rejects.csv")
        let result = try app.run("import", csv, "--rules", rules, "--skip-invalid", "--rejects", rejects)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            result.stderr,
            """
            \(csv):13: amount: '-4,2ü' is not an amount
            \(csv):14: date: '31.02.2026' is not a day of the calendar

            """)
        let lines = try Data(contentsOf: URL(fileURLWithPath: rejects)).split(separator: 0x0A)
        let reason = Array(":13: amount: '-4,2".utf8) + [0xFC] + Array("' is not an amount\r".utf8)
        XCTAssertEqual(Array(lines[6].suffix(reason.count)), reason)
        XCTAssertTrue(lines[7].starts(with: Array("\"31.02.2026\";\"\";\"\";\"M".utf8) + [0xFC]), "the row as it was")

        let dryRun = try app.run("import", csv, "--rules", rules, "--dry-run", "--format", "json")
        let document = try JSONSerialization.jsonObject(with: Data(dryRun.stdout.utf8)) as? [String: Any]
        XCTAssertEqual(
            (document?["rows"] as? [[String: Any]])?.first { $0["status"] as? String == "invalid" }?["reason"] as? String,
            "amount: '-4,2ü' is not an amount")
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
        try fileOnly(
            because: "the ids a rolled-back write or a duplicate took are not given again (PostgreSQL sequences): the test names them")
        let csv = try bankStatementWithFooter()
        let plain = try app.run("import", csv, "--rules", try fixture("bank-de.rules"))
        XCTAssertEqual(plain.status, 65)
        XCTAssertTrue(
            plain.stderr.hasPrefix("\(csv):14: row: 2 fields, but the header has 7\n\(csv):15: row: 9 fields, but the header has 7\n"),
            plain.stderr)

        let base = try String(contentsOf: Self.fixtures.appendingPathComponent("bank-de.rules"), encoding: .utf8)
        let skipEnd = try write(base + "skip-end 2\n", to: "skip-end.rules")
        let dryRun = try app.run("import", csv, "--rules", skipEnd, "--dry-run")
        XCTAssertEqual(dryRun.status, 0, dryRun.stderr)
        let lines = dryRun.stdout.split(separator: "\n").map { $0.replacingOccurrences(of: #" +"#, with: " ", options: .regularExpression) }
        XCTAssertEqual(
            lines.filter { $0.contains(" skipped ") },
            [
                "\(csv):9 skipped \(skipEnd):10", "\(csv):14 skipped \(skipEnd):21", "\(csv):15 skipped \(skipEnd):21",
            ], "the credit (credits skip), then the footer's two rows (skip-end)")
        let imported = try app.run("import", csv, "--rules", skipEnd)
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertEqual(summary(imported.stdout), "Imported \(csv) as batch 1: 4 new, 0 duplicate, 0 invalid, 3 skipped\n")

        let rule = try write(base + "if row matches ^\"?Kontostand then skip\n", to: "rule.rules")
        let byRule = try app.run("import", csv, "--rules", rule, "--dry-run", "--format", "json")
        XCTAssertEqual(byRule.status, 0, byRule.stderr)
        let rows = (try JSONSerialization.jsonObject(with: Data(byRule.stdout.utf8)) as? [String: Any])?["rows"] as? [[String: Any]]
        XCTAssertEqual(
            rows?.filter { $0["status"] as? String == "skipped" }.map { $0["reason"] as? String },
            ["\(rule):10", "\(rule):21", "\(rule):21"])
        XCTAssertEqual(rows?.filter { $0["status"] as? String == "duplicate" }.count, 4)
    }

    func testSkipEndOfZeroOrOfMoreRowsThanTheFileHas() throws {
        let csv = try write(statement(days: 1...3), to: "s.csv")
        let all = try write(Self.cardRules + "skip-end 1000\n", to: "all.rules")
        XCTAssertEqual(
            summary(try app.ok("import", csv, "--rules", all)),
            "Imported \(csv) as batch 1: 0 new, 0 duplicate, 0 invalid, 3 skipped\n")
        let none = try write(Self.cardRules + "skip-end 0\n", to: "none.rules")
        XCTAssertEqual(summary(try app.ok("import", csv, "--rules", none)), "Imported \(csv) as batch 2: 3 new, 0 duplicate, 0 invalid\n")
        let header = try write("Date,Merchant,Amount\n", to: "header.csv")
        XCTAssertEqual(
            summary(try app.ok("import", header, "--rules", all)), "Imported \(header) as batch 3: 0 new, 0 duplicate, 0 invalid\n")
        let huge = try app.run("import", csv, "--rules", try write(Self.cardRules + "skip-end 99999999999\n", to: "huge.rules"))
        XCTAssertEqual(huge.status, 65)
        XCTAssertEqual(
            huge.stderr,
            "expenses: error: \(app.path("huge.rules")):8: 'skip-end' takes a number of rows from 0 to 1000, not '99999999999'\n")
    }

    /// The rejects file is read again by the same rules, so it ends with the footer they leave
    /// out, not with rejected rows.
    func testRejectsEndWithTheFooterSkipEndLeavesOut() throws {
        let csv = try bankStatementWithFooter()
        var bytes = try Data(contentsOf: URL(fileURLWithPath: csv))
        let bad = Data("\"07.03.2026\";\"07.03.2026\";\"Kartenzahlung\";\"Kiosk\";\"\";\"-4,2x\";\r\n".utf8)
        bytes.insert(contentsOf: bad, at: bytes.range(of: Data("\r\n\r\n\"Kontostand".utf8))!.lowerBound + 2)
        try bytes.write(to: URL(fileURLWithPath: csv))
        let rules = try write(
            try String(contentsOf: Self.fixtures.appendingPathComponent("bank-de.rules"), encoding: .utf8) + "skip-end 2\n",
            to: "bank.rules")
        let rejects = app.path("rejects.csv")
        let result = try app.run("import", csv, "--rules", rules, "--skip-invalid", "--rejects", rejects)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "\(csv):13: amount: '-4,2x' is not an amount\n")
        let written = try Data(contentsOf: URL(fileURLWithPath: rejects))
        XCTAssertTrue(
            String(decoding: written, as: UTF8.self).hasSuffix(
                """
                "Kiosk";"";"-4,2x";;\(csv):13: amount: '-4,2x' is not an amount\r
                "Kontostand vom 31.03.2026";"2.974,30 EUR"\r
                "Kontostand";"";"";"";"";"";"";"Ende\r
                der Liste";"x"\r

                """), String(decoding: written, as: UTF8.self))
        let fixed = written.replacingOccurrences(of: Data("-4,2x".utf8), with: Data("-4,20".utf8))
        try fixed.write(to: URL(fileURLWithPath: rejects))
        XCTAssertEqual(
            summary(try app.ok("import", rejects, "--rules", rules)),
            "Imported \(rejects) as batch 2: 1 new, 0 duplicate, 0 invalid, 2 skipped\n")
    }
}
