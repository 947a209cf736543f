import ExpenseTestSupport
import Foundation
import XCTest

/// The checks of `TerminalSafetyTests` that need no process of their own: run in this one, fast.
extension TerminalSafetyTests {

    func testTablesDetailsAndMessagesShowTheCharactersVisibly() throws {
        for arguments in [
            ["report", "list"], ["report", "show", "1"], ["expense", "list"], ["expense", "show", "1"],
            ["report", "history", "1"], ["open", "report", "1"], ["report", "export", "1", "--format", "csv", "-o", app.path("x.csv")],
            ["shortcuts", "list"],
        ] {
            let result = try app.run(arguments)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
            assertSafe(result.stdout, arguments.joined(separator: " "))
            assertSafe(result.stderr, arguments.joined(separator: " ") + " (stderr)")
        }
        XCTAssertTrue(try app.ok("report", "show", "1").contains("Report 1: " + Self.shown))
        XCTAssertTrue(try app.ok("report", "new", Self.hostile).contains("Created report 2: " + Self.shown))
    }

    func testErrorsShowTheWordTheyQuote() throws {
        let unknown = try app.run(["\u{1B}]0;pwned\u{07}"])
        XCTAssertEqual(unknown.status, 64)
        XCTAssertTrue(unknown.stderr.hasPrefix("expenses: error: unknown command '\\x1b]0;pwned\\x07'"), unknown.stderr)
        assertSafe(unknown.stderr, "an unknown command's error")
        let type = try app.run(["--shortcut", "com.sap.example.\u{1B}[31mred"])
        XCTAssertEqual(type.status, 64)
        assertSafe(type.stderr, "an unknown quick action's error")
    }

    func testADryRunShowsTheStatementsFieldsVisibly() throws {
        let statement = app.path("card.csv")
        let rules = app.path("card.rules")
        try "Date,Amount,Merchant\n2026-03-03,9.50,\"\u{1B}]0;pwned\u{07}Cafe\u{202E}\"\n".write(
            toFile: statement, atomically: true, encoding: .utf8)
        try "date-format %Y-%m-%d\ndate = Date\namount = Amount\nmerchant = Merchant\ndefault currency EUR\ndefault category meals\n"
            .write(toFile: rules, atomically: true, encoding: .utf8)
        let result = try app.run(["import", statement, "--rules", rules, "--dry-run"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("\\x1b]0;pwned\\x07Cafe<U+202E>"), result.stdout)
        assertSafe(result.stdout, "import --dry-run")
    }

    func testJSONAndCSVKeepTheExactText() throws {
        let reports = try app.json("report", "list") as? [[String: Any]]
        XCTAssertEqual(reports?.first?["title"] as? String, Self.hostile)
        let csv = try app.run(["expense", "list", "--format", "csv"])
        XCTAssertTrue(csv.stdout.contains(Self.hostile), csv.stdout.debugDescription)
    }

    func testANULIsRefusedInStoredText() throws {
        try fileOnly(
            because:
                "SQLite's own catalog, result codes, triggers set aside in bulk, settings and functions; a file's directory; a second connection to the same file"
        )
        // argv cannot hold a NUL; a script line can.
        let before = try app.query("SELECT count(*) FROM reports")
        let title = try app.run(["run", "-"], stdin: "report new \"Munich\u{0}trip\"\n")
        XCTAssertEqual(title.status, 1, title.stderr)
        XCTAssertEqual(title.stderr, "<stdin>:1: error: text with a NUL character (U+0000) cannot be stored\n")
        let statement = app.path("nul.csv")
        let rules = app.path("nul.rules")
        try "Date,Amount,Merchant\n2026-03-03,9.50,Caf\u{0}e\n".write(toFile: statement, atomically: true, encoding: .utf8)
        try "date-format %Y-%m-%d\ndate = Date\namount = Amount\nmerchant = Merchant\ndefault currency EUR\ndefault category meals\n"
            .write(toFile: rules, atomically: true, encoding: .utf8)
        let imported = try app.run(["import", statement, "--rules", rules])
        XCTAssertEqual(imported.status, 65, imported.stderr)
        XCTAssertTrue(imported.stderr.contains("nul.csv:2: merchant: holds a NUL character (U+0000)"), imported.stderr)
        XCTAssertEqual(try app.query("SELECT count(*) FROM reports"), before)
        XCTAssertEqual(try app.query("SELECT count(*) FROM expenses WHERE instr(merchant, char(0)) > 0"), "0")
    }
}
