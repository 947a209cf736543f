import Foundation
import XCTest

/// What an import says when it goes wrong, and how: rules errors, usage, scripts, help, several
/// files and JSON, progress, a report total beyond the largest, and many row errors.
final class ImportFeedbackTests: ImportTestCase {
    // MARK: - Errors and feedback

    func testRulesErrorsNameTheRulesFileAndLine() throws {
        let csv = try write(statement(days: 1...2), to: "s.csv")
        let typo = try write("date = Date\namount = Amount\nfeilds x\n", to: "typo.rules")
        let result = try app.run("import", csv, "--rules", typo)
        XCTAssertEqual(result.status, 65)
        XCTAssertEqual(result.stderr, "expenses: error: \(typo):3: unknown directive 'feilds'\nhint: did you mean 'fields'?\n")
        let unknown = try write("date = Date\namount = Amount\nwhatever 3\n", to: "unknown.rules")
        XCTAssertEqual(
            try app.run("import", csv, "--rules", unknown).stderr,
            "expenses: error: \(unknown):3: unknown directive 'whatever'\nhint: the directives are in 'expenses help rules'\n")
        let column = try write("date = Datum\namount = Amount\ndefault currency EUR\ndefault category meals\n", to: "column.rules")
        let missing = try app.run("import", csv, "--rules", column)
        XCTAssertEqual(missing.status, 65)
        XCTAssertEqual(
            missing.stderr,
            """
            expenses: error: \(column):1: no column 'Datum' in \(csv)
            hint: did you mean 'Date'? Its columns: 'Date', 'Merchant', 'Amount'

            """)
        let category = try write("date = Date\namount = Amount\ndefault currency EUR\ndefault category snacks\n", to: "category.rules")
        XCTAssertTrue(
            try app.run("import", csv, "--rules", category).stderr.hasPrefix("expenses: error: \(category):4: unknown category 'snacks'"))
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
        try fileOnly(
            because:
                "SQLite's own catalog, result codes, triggers set aside in bulk, settings and functions; a file's directory; a second connection to the same file"
        )
        let rules = try write(Self.cardRules, to: "card.rules")
        let csv = try write(statement(days: 1...5), to: "s.csv")
        let script = try write(
            """
            report new March
            import \(csv) --rules \(rules) --report 1
            expense add --report 9 --amount 1 --category meals

            """, to: "import.expenses")
        let failed = try app.run("run", "--transaction", script)
        XCTAssertEqual(failed.status, 1)
        XCTAssertEqual(try count(), 0)
        XCTAssertEqual(try count("SELECT count(*) FROM import_batches"), 0)
        XCTAssertEqual(
            try app.query("SELECT count(*) FROM sqlite_master WHERE name IN ('expenses_count_insert', 'expenses_frozen_insert')"), "2")
        try write("report new March\nimport \(csv) --rules \(rules) --report 1\n", to: "good.expenses")
        XCTAssertEqual(try app.run("run", "--transaction", app.path("good.expenses")).status, 0)
        XCTAssertEqual(try app.query("SELECT item_count || '/' || total_minor FROM reports"), "5/1750")
    }

    func testHelpForTheCommandAndItsSubcommands() throws {
        XCTAssertTrue(
            try app.ok("help", "import").hasPrefix(
                // Wrapped at 80 columns, the width of help on no terminal.
                "OVERVIEW: Import card or bank statements: CSV through a rules file,\n          camt.052/053/054, OFX, MT940 and QIF as they are.\n"
            ))
        XCTAssertTrue(try app.ok("import", "--help").contains("USAGE: expenses import [<options>] <file> ...\n"))
        let help = try app.ok("help", "import")
        XCTAssertTrue(
            help.contains(
                """

                SUBCOMMANDS:
                  list                    List the import batches: file, time, rows new,
                                          duplicate and invalid.
                  undo                    Delete the expenses an import batch added (refused
                                          once they are in a submitted report).

                """), help)
        XCTAssertFalse(try app.ok("help", "import", "list").contains("SUBCOMMANDS"))
        XCTAssertTrue(try app.ok("help", "import", "list").hasPrefix("OVERVIEW: List the import batches"))
        XCTAssertTrue(try app.ok("help", "import", "undo").contains("<batch>"))
        XCTAssertTrue(try app.ok("help", "rates").contains("show"))
        XCTAssertEqual(try app.ok("import", "list"), "(none)\n", "'list' is the subcommand, not a file named list")
    }

    func testSeveralFilesAndStandardInputAndJSON() throws {
        let rules = try write(Self.cardRules, to: "card.rules")
        let a = try write(statement(days: 1...2), to: "a.csv")
        let b = try write(statement(days: 2...4), to: "b.csv")
        let result = try app.run("import", a, b, "--rules", rules)
        XCTAssertEqual(
            summary(result.stdout),
            """
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
        try fileOnly(
            because:
                "SQLite's own catalog, result codes, triggers set aside in bulk, settings and functions; a file's directory; a second connection to the same file"
        )
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

    /// 9,300 rows of the largest amount in one report ended in exit 70 and SQL text
    /// ("integer overflow - while executing UPDATE reports SET ...").
    func testAReportTotalBeyondTheLargestIsBadDataNamingTheReportAndTheLimit() throws {
        try app.ok("report", "new", "Trip", "--currency", "EUR")
        let rules = try write(Self.cardRules, to: "card.rules")
        let csv = try write(
            "Date,Merchant,Amount\n" + (1...9_300).map { "2026-03-02,Shop \($0),9999999999999.99\n" }.joined(), to: "huge.csv")
        let result = try app.run("import", csv, "--rules", rules, "--report", "1")
        XCTAssertEqual(result.status, 65, result.stderr)
        XCTAssertEqual(
            result.stderr,
            """
            expenses: error: the total of report 1 does not fit: the largest total handled is 9,999,999,999,999,999.99 EUR
            hint: split its items over more than one report

            """)
        XCTAssertEqual(try count(), 0, "nothing was written")
        XCTAssertEqual(try app.query("SELECT item_count || ' ' || total_minor FROM reports"), "0 0")

        // Up to the limit it imports; one cent more, typed in, is refused the same way.
        let fits = try write(
            "Date,Merchant,Amount\n" + (1...1_000).map { "2026-03-02,Shop \($0),9999999999999.99\n" }.joined()
                + "2026-03-03,Last,9.99\n", to: "fits.csv")
        let imported = try app.run("import", fits, "--rules", rules, "--report", "1")
        XCTAssertEqual(imported.status, 0, imported.stderr)
        let show = try app.run("report", "show", "1")
        XCTAssertEqual(show.status, 0, show.stderr)
        XCTAssertTrue(show.stdout.contains("Total in EUR:         9,999,999,999,999,999.99 EUR"), show.stdout)
        let more = try app.run("expense", "add", "--report", "1", "--date", "2026-03-04", "--amount", "0.01", "--category", "meals")
        XCTAssertEqual(more.status, 65)
        XCTAssertEqual(
            more.stderr,
            """
            expenses: error: the total of report 1 does not fit: the largest total handled is 9,999,999,999,999,999.99 EUR
            hint: split its items over more than one report

            """)
    }
}

extension ImportFeedbackTests {
    /// 3,000 invalid rows printed 3,000 lines before the summary.
    func testAtMostTwentyRowErrorsThenHowManyMoreAndWhereToSeeThem() throws {
        try fileOnly(
            because: "the ids a rolled-back write or a duplicate took are not given again (PostgreSQL sequences): the test names them")
        let rules = try write(Self.cardRules, to: "card.rules")
        let bad = (1...3_000).map { "2026-03-02,Shop \($0),1.0x" }
        let csv = try write(statement(days: 1...3, extra: bad), to: "bad.csv")
        let told = (5...24).map { "\(csv):\($0): amount: '1.0x' is not an amount\n" }.joined()

        let atomic = try app.run("import", csv, "--rules", rules)
        XCTAssertEqual(atomic.status, 65)
        XCTAssertEqual(
            atomic.stderr,
            told + """
                and 2,980 more invalid rows (see every one with --dry-run, or with --skip-invalid --rejects FILE)
                expenses: error: 3,000 invalid rows in \(csv); nothing was imported
                hint: fix them and import again, or import the valid rows with --skip-invalid --rejects FILE and fix the rejected ones there

                """)
        XCTAssertEqual(try count(), 0)

        let rejects = app.path("rejects.csv")
        let skipping = try app.run("import", csv, "--rules", rules, "--skip-invalid", "--rejects", rejects)
        XCTAssertEqual(skipping.status, 0, skipping.stderr)
        XCTAssertEqual(skipping.stderr, told + "and 2,980 more invalid rows (see --rejects \(rejects))\n")
        XCTAssertEqual(
            summary(skipping.stdout),
            "Imported \(csv) as batch 1: 3 new, 0 duplicate, 3,000 invalid; invalid rows written to \(rejects)\n")
        XCTAssertEqual(
            try String(contentsOfFile: rejects, encoding: .utf8).split(separator: "\n").count, 3_001, "every one, after the header")

        // A dry run lists every row: that is what it is for.
        let dryRun = try app.run("import", csv, "--rules", rules, "--dry-run")
        XCTAssertEqual(dryRun.status, 65, dryRun.stderr)
        XCTAssertEqual(dryRun.stdout.components(separatedBy: " invalid ").count - 1, 3_000)
    }
}
