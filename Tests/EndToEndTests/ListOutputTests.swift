import ExpenseTestSupport
import Foundation
import XCTest

/// Lists as a newcomer meets them: nothing silently left out (JSON and CSV complete unless
/// --limit, a table says what it did not show), tables that line up with wide characters and fit a
/// narrow terminal, long tables through a real pager (less) on a real terminal.
final class ListOutputTests: EngineTestCase {
    var app: ExpensesProcess!

    override func setUpWithError() throws {
        app = try ExpensesProcess()
    }

    override func tearDown() { app = nil }

    /// `count` reports, and `items` expenses in report 1, in one script run.
    private func populate(reports count: Int, items: Int = 0) throws {
        var script = (1...count).map { "report new 'Trip \($0)' --from 2026-03-02 --to 2026-03-06" }
        if items > 0 {
            script += (1...items).map { "expense add --report 1 --date 2026-03-03 --amount \($0) --category taxi --merchant 'Taxi \($0)'" }
        }
        let result = try app.run(["run", "-"], stdin: script.joined(separator: "\n") + "\n")
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    private func lines(_ text: String) -> [Substring] { text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n") }

    func testJSONAndCSVAreCompleteUnlessLimitedAndATableSaysWhatItLeftOut() throws {
        try populate(reports: 55, items: 120)
        XCTAssertEqual((try app.json("report", "list") as? [Any])?.count, 55)
        XCTAssertEqual(lines(try app.ok("report", "list", "--format", "csv")).count, 56)
        XCTAssertEqual((try app.json("report", "list", "--limit", "3") as? [Any])?.count, 3)
        let table = try app.ok("report", "list")
        XCTAssertEqual(lines(table).count, 52, table)  // header, 50 rows, the note
        XCTAssertTrue(table.hasSuffix("(50 of 55 reports; --all shows every one, --limit N the first N)\n"), table)
        XCTAssertEqual(lines(try app.ok("report", "list", "--all")).count, 56)

        XCTAssertEqual((try app.json("expense", "list") as? [Any])?.count, 120)
        XCTAssertEqual(lines(try app.ok("expense", "list", "--format", "csv")).count, 121)
        let expenses = try app.ok("expense", "list")
        XCTAssertEqual(lines(expenses).count, 52, expenses)
        XCTAssertTrue(expenses.hasSuffix("(50 of 120 expenses; --all shows every one, --limit N the first N)\n"), expenses)
        XCTAssertEqual(lines(try app.ok("expense", "list", "--limit", "7")).count, 9)  // and the note
        XCTAssertEqual((try app.json("expense", "list", "--limit", "7") as? [Any])?.count, 7)
        XCTAssertEqual(lines(try app.ok("expense", "list", "--all")).count, 121)
    }

    /// Programs get what a person typed and what the statement said, and the rate both exactly and as a decimal.
    func testExpenseListGivesDescriptionReferenceAndBothRates() throws {
        try app.ok("report", "new", "Trip", "--from", "2026-03-02", "--to", "2026-03-06")
        try app.ok(
            "expense", "add", "--report", "1", "--date", "2026-03-03", "--amount", "38.50", "--currency", "CHF",
            "--rate", "1/1.1702", "--category", "meals", "--merchant", "Bahnhof Buffet", "--description", "Dinner, team")
        let rules = app.path("card.rules")
        try "header no\nfields date, amount, merchant, external-id\ndate-format %Y-%m-%d\ndefault currency EUR\ndefault category taxi\n"
            .write(toFile: rules, atomically: true, encoding: .utf8)
        let statement = app.path("card.csv")
        try "2026-03-04,12.00,Taxi Walldorf,TX-0042\n".write(toFile: statement, atomically: true, encoding: .utf8)
        try app.ok("import", statement, "--rules", rules, "--report", "1")

        let items = try XCTUnwrap(app.json("expense", "list") as? [[String: Any]])
        XCTAssertEqual(items.map { $0["description"] as? String }, ["", "Dinner, team"], "the newest first")
        XCTAssertEqual(items[1]["reference"] is NSNull, true)
        XCTAssertEqual(items[0]["reference"] as? String, "TX-0042")
        XCTAssertEqual(items[1]["rate"] as? String, "1/1.1702")
        XCTAssertEqual(items[1]["rateDecimal"] as? String, "0.854555")
        let csv = try app.ok("expense", "list", "--format", "csv")
        XCTAssertTrue(
            csv.hasPrefix(
                "id,reportId,date,category,merchant,description,reference,paidBy,amount,amountCurrency,"
                    + "rate,rateDecimal,converted,convertedCurrency,distanceKm,vehicle,fromPlace,toPlace,nights,"
                    + "vat,vatTax,vatTaxCurrency,vatNet,vatNetCurrency\r\n"), csv)
        XCTAssertTrue(
            csv.contains(",Bahnhof Buffet,\"Dinner, team\",,personal,38.50,CHF,1/1.1702,0.854555,32.90,EUR,,,,,,,,,,\r\n"), csv)
        XCTAssertTrue(csv.contains(",Taxi Walldorf,,TX-0042,personal,12.00,EUR,,,12.00,EUR,,,,,,,,,,\r\n"), csv)
        // The table shows the decimal; `expense show` both, and the reference.
        XCTAssertTrue(try app.ok("expense", "list").contains(" 0.854555  "))
        let shown = try app.ok("expense", "show", "1")
        XCTAssertTrue(shown.contains("Rate:        0.854555 (1/1.1702, manual)\n"), shown)
        XCTAssertTrue(try app.ok("expense", "show", "2").contains("Reference:   TX-0042\n"))
    }

    /// Each line's columns as glibc's wcswidth counts them (what a terminal draws), not ours.
    private func terminalColumns(_ lines: [Substring]) throws -> [Int] {
        let code = """
            import ctypes, sys
            libc = ctypes.CDLL('libc.so.6'); libc.setlocale(6, b'C.UTF-8')
            for line in sys.stdin.read().split('\\n'):
                print(libc.wcswidth(ctypes.c_wchar_p(line), len(line)))
            """
        let result = try app.run(["-c", code], stdin: lines.joined(separator: "\n"), executable: URL(fileURLWithPath: "/usr/bin/python3"))
        return result.stdout.split(separator: "\n").compactMap { Int($0) }
    }

    func testWideCharactersLineUpAndANarrowTerminalShortensTheWidestText() throws {
        try app.ok("report", "new", "東京 trip 🗼", "--from", "2026-04-01", "--to", "2026-04-05")
        try app.ok("report", "new", "Munich", "--from", "2026-03-02", "--to", "2026-03-06")
        try app.ok(
            "expense", "add", "--report", "1", "--date", "2026-04-02", "--amount", "30", "--category", "meals",
            "--merchant", "日本料理 Sushi")
        try app.ok(
            "expense", "add", "--report", "1", "--date", "2026-04-02", "--amount", "12", "--category", "taxi",
            "--merchant", "Cafe\u{301} Scha\u{308}fer, Konditorei und Confiserie am Marienplatz")
        // The date columns start at the same terminal column on every row.
        let list = lines(try app.ok("report", "list")).dropFirst()
        XCTAssertEqual(
            Set(try terminalColumns(list.map { line in line[..<(line.range(of: "2026-")?.lowerBound ?? line.endIndex)] })).count, 1,
            "\(list)")
        let items = lines(try app.ok("expense", "list", "--report", "1")).dropFirst()
        XCTAssertEqual(
            Set(try terminalColumns(items.map { line in line[..<(line.range(of: "personal")?.lowerBound ?? line.startIndex)] })).count, 1,
            "\(items)")

        // COLUMNS=60: the table's lines fit, the long merchant ends in '…', the dates and amounts stay whole.
        app.environment["COLUMNS"] = "60"
        let narrow = try app.ok("report", "show", "1")
        let table = lines(narrow).filter { $0.hasPrefix("ID ") || $0.hasPrefix(" 1 ") || $0.hasPrefix(" 2 ") }
        XCTAssertEqual(table.count, 3, narrow)
        XCTAssertTrue(try terminalColumns(table).allSatisfy { $0 <= 60 }, narrow)
        XCTAssertTrue(narrow.contains("2026-04-02"), narrow)
        XCTAssertTrue(narrow.contains("…"), narrow)
        XCTAssertTrue(narrow.contains("30.00 EUR") && narrow.contains("12.00 EUR"), narrow)
        // JSON and CSV are for programs: whole whatever the width.
        XCTAssertTrue(try app.ok("expense", "list", "--format", "csv").contains("Konditorei und Confiserie am Marienplatz"))
    }

    /// A 100,000-character title: `report list` ends at once and shows it cut to a bounded width
    /// (it took minutes and gigabytes); JSON keeps it whole.
    func testAHugeTitleIsCutInATableAndTheListEnds() throws {
        try fileOnly(because: "a team database refuses a title over 200 characters (TextLimits; TeamBoundsTests)")
        let title = String(repeating: "t", count: 100_000)
        try app.ok("report", "new", title, "--from", "2026-03-02", "--to", "2026-03-06")
        try app.ok("report", "new", "Munich", "--from", "2026-03-02", "--to", "2026-03-06")
        let list = try app.run(["30", ExpensesProcess.binary.path, "report", "list"], executable: URL(fileURLWithPath: "/usr/bin/timeout"))
        XCTAssertEqual(list.status, 0, "report list failed or took more than 30 seconds: \(list.stderr)")
        let rows = lines(list.stdout)
        XCTAssertEqual(rows.count, 3, list.stdout)
        XCTAssertTrue(rows.allSatisfy { $0.count < 1_100 }, "\(rows.map(\.count))")
        XCTAssertEqual(rows.filter { $0.contains(String(repeating: "t", count: 999) + "…") }.count, 1, "\(rows.map { $0.prefix(80) })")
        let titles = (try app.json("report", "list") as? [[String: Any]])?.compactMap { $0["title"] as? String }
        XCTAssertEqual(titles?.sorted { $0.count < $1.count }, ["Munich", title])
    }

    /// On a real terminal of 12 rows, a long table goes through less (the environment has no
    /// PAGER: the default), which waits at its prompt until 'q'; a short one is printed as it is.
    func testALongTableOnATerminalGoesThroughLessAndAShortOneDoesNot() throws {
        try populate(reports: 2, items: 120)
        app.environment["TERM"] = "xterm"
        func onTerminal(_ command: String, _ steps: [[String: Any]]) throws -> ExpensesProcess.Result {
            try self.onTerminal(command, steps, columns: 100)
        }
        // The newest first: the item added last on the first screen, the first one at the end.
        let paged = try onTerminal("expense list --all", [["expect": "Taxi 120 "], ["expect": ":"], ["send": "q"]])
        XCTAssertEqual(paged.status, 0, paged.stdout)
        XCTAssertFalse(paged.stdout.contains("Taxi 5 "), "less showed only the first screen: \(paged.stdout)")
        let scrolled = try onTerminal("expense list --all", [["expect": ":"], ["send": "G"], ["expect": "Taxi 1 "], ["send": "q"]])
        XCTAssertEqual(scrolled.status, 0, scrolled.stdout)

        for (command, variables) in [
            ("--no-pager expense list --all", [:]), ("expense list --all", ["EXPENSES_PAGER": "cat"]),
            ("expense list --all", ["PAGER": "cat"]),
        ] {
            let saved = app.environment
            app.environment.merge(variables) { $1 }
            let straight = try onTerminal(command, [])
            app.environment = saved
            XCTAssertEqual(straight.status, 0, straight.stdout)
            XCTAssertTrue(straight.stdout.contains("Taxi 120 "), "\(command) \(variables): \(straight.stdout)")
        }
        // A table that fits the screen starts no pager: no less escapes around it.
        let short = try onTerminal("report list", [])
        XCTAssertEqual(short.status, 0, short.stdout)
        XCTAssertTrue(short.stdout.contains("Trip 2"), short.stdout)
        XCTAssertFalse(short.stdout.contains("\u{1B}[?1h"), short.stdout)
    }

    /// `expenses COMMAND` on a real terminal of 12 rows and `columns` columns, driven by `steps`.
    private func onTerminal(_ command: String, _ steps: [[String: Any]], columns: Int) throws -> ExpensesProcess.Result {
        let driver = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Support/pty_drive.py")
        let shell = "stty rows 12 cols \(columns); exec \(ExpensesProcess.shellQuoted(ExpensesProcess.binary.path)) \(command)"
        let input = String(decoding: try JSONSerialization.data(withJSONObject: steps), as: UTF8.self)
        return try app.run([driver.path, "/bin/sh", "-c", shell], stdin: input, executable: URL(fileURLWithPath: "/usr/bin/python3"))
    }

    /// `run --transaction` holds what its lines print until the commit; on a terminal 60 columns
    /// wide its table is still fitted to it, and, longer than the screen, goes through less as a
    /// whole once committed; `--no-pager` prints it straight.
    func testATransactionsHeldOutputIsFittedToTheTerminalAndPaged() throws {
        try populate(reports: 2, items: 120)
        try "expense list --all\n".write(toFile: app.path("list.expenses"), atomically: true, encoding: .utf8)
        app.environment["TERM"] = "xterm"
        let paged = try onTerminal(
            "run --transaction list.expenses", [["expect": "Taxi 120 "], ["expect": ":"], ["send": "q"]], columns: 60)
        XCTAssertEqual(paged.status, 0, paged.stdout)
        XCTAssertFalse(paged.stdout.contains("Taxi 5 "), "less showed only the first screen: \(paged.stdout)")
        let straight = try onTerminal("--no-pager run --transaction list.expenses", [], columns: 60)
        XCTAssertEqual(straight.status, 0, straight.stdout)
        let rows = lines(straight.stdout).filter { $0.contains("Taxi ") || $0.contains("MERCHANT") }
        XCTAssertEqual(rows.count, 121, straight.stdout)
        XCTAssertEqual(rows.filter { $0.count > 60 }, [], "wider than the terminal")
        // --no-pager before 'run' reaches the script's lines, with or without a transaction.
        let lines = try onTerminal("--no-pager run list.expenses", [], columns: 60)
        XCTAssertEqual(lines.status, 0, lines.stdout)
        XCTAssertTrue(lines.stdout.contains("Taxi 120 "), lines.stdout)
    }
}
