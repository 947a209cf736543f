import ExpenseTestSupport
import Foundation
import XCTest

/// Issue 31's tables on a real terminal of 80 and of 120 columns: each fits, and keeps what it
/// is for. `shortcuts list` was 142 wide at 80 and `receipt list` 89 with its time cut; `report
/// check` cut its messages beside an empty ACKNOWLEDGED column; `expense list` left out the
/// converted amount before the rate. On a file and on a team database.
final class TableWidthTests: EngineTestCase {
    var app: ExpensesProcess!

    override func setUpWithError() throws {
        app = try ExpensesProcess()
        app.useTerminal()
        app.environment["EXPENSES_NOW"] = "2026-12-03T09:41:27Z"
        try app.ok("report", "new", "Walldorf customer workshop", "--from", "2026-11-30", "--to", "2026-12-04")
        for _ in 1...2 {
            try app.ok(
                "expense", "add", "--report", "1", "--date", "2026-12-01", "--amount", "38.50", "--currency", "CHF",
                "--rate", "1/1.1702", "--category", "meals", "--merchant", "Bahnhof Buffet Zürich")
        }
        try app.ok(
            "expense", "add", "--report", "1", "--date", "2026-12-02", "--amount", "412.80", "--category", "lodging",
            "--merchant", "Hotel Astoria Walldorf Conference Centre")
        let mail = app.path("ride.eml")
        try """
        From: Rides <receipts@ride.example>
        To: alice@example.com
        Subject: Your Wednesday evening trip with Ride
        Date: Wed, 02 Dec 2026 21:14:00 +0100
        Content-Type: text/plain; charset=utf-8

        Ride Technologies GmbH
        Thanks for riding, Alice
        2026-12-02
        Total 23.40 EUR

        """.write(toFile: mail, atomically: true, encoding: .utf8)
        try app.ok("receipt", "capture", mail, "--no-match")
    }

    override func tearDown() { app = nil }

    /// `expenses ARGUMENTS` on a pty of `columns` columns (and rows enough for no pager): its lines.
    private func onTerminal(_ columns: Int, _ arguments: String..., file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        let driver = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Support/pty_drive.py")
        let command = ([ExpensesProcess.binary.path] + arguments).map(ExpensesProcess.shellQuoted).joined(separator: " ")
        let result = try app.run(
            [driver.path, "/bin/sh", "-c", "stty rows 100 cols \(columns); exec \(command)"], stdin: "[]",
            executable: URL(fileURLWithPath: "/usr/bin/python3"))
        XCTAssertNotEqual(result.status, 124, result.stdout, file: file, line: line)
        let lines = result.stdout.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n").map(String.init)
        // Every line fits (these tables hold no wide characters: a character is a column).
        XCTAssertEqual(lines.filter { $0.count > columns }, [], "wider than \(columns): \(lines)", file: file, line: line)
        return lines
    }

    func testShortcutsListFitsAndKeepsTheTypeWhole() throws {
        for columns in [80, 120] {
            let lines = try onTerminal(columns, "shortcuts", "list")
            XCTAssertTrue(lines[0].hasPrefix("#  TYPE  "), "\(lines)")
            XCTAssertTrue(lines.contains { $0.contains(" com.sap.example.addExpenseToReport ") }, "\(lines)")
            XCTAssertTrue(lines[0].hasSuffix("SHOWN"), "\(lines)")
        }
        XCTAssertTrue(try onTerminal(80, "shortcuts", "list").contains("(icon, rank, kind, subtitle left out to fit 80 columns)"))
        XCTAssertTrue(try onTerminal(120, "shortcuts", "list")[0].contains("SUBTITLE"))
    }

    func testReceiptListKeepsTheTimeItWasCapturedWhole() throws {
        for columns in [80, 120] {
            let lines = try onTerminal(columns, "receipt", "list")
            XCTAssertTrue(lines[1].contains("2026-12-03 09:41:27 UTC") && lines[1].contains("23.40 EUR"), "\(lines)")
            XCTAssertTrue(lines[1].contains("2026-12-02"), "\(lines)")
        }
        XCTAssertEqual(try onTerminal(80, "receipt", "list").last, "(size, type, name left out to fit 80 columns)")
        XCTAssertTrue(try onTerminal(120, "receipt", "list")[0].contains("TYPE"))
    }

    /// Its messages wrap over lines, never cut, and ACKNOWLEDGED, empty, takes no width.
    func testReportCheckWrapsItsMessagesAndAnEmptyColumnTakesNoWidth() throws {
        for columns in [80, 120] {
            let lines = try onTerminal(columns, "report", "check", "1")
            XCTAssertEqual(lines[0].split(separator: " "), ["SEVERITY", "VIOLATION", "MESSAGE"], "\(lines)")
            XCTAssertFalse(lines.joined().contains("…"), "\(lines)")
            let text = lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            XCTAssertTrue(text.contains("412.80 EUR is over the daily limit of 250.00 EUR (item 3)"), text)
            XCTAssertTrue(text.contains("same date 2026-12-01, amount 38.50 CHF, category meals, merchant 'Bahnhof Buffet Zürich'"), text)
        }
        XCTAssertGreaterThan(try onTerminal(80, "report", "check", "1").count, 9, "the long messages take more than a line")
    }

    /// The rate gives way before the converted amount, which is what is paid back.
    func testExpenseListLeavesOutTheRateBeforeTheConvertedAmount() throws {
        let narrow = try onTerminal(80, "expense", "list")
        XCTAssertTrue(narrow[0].hasSuffix("AMOUNT   CONVERTED"), "\(narrow)")
        XCTAssertFalse(narrow[0].contains("RATE"), "\(narrow)")
        XCTAssertTrue(narrow.contains { $0.contains("38.50 CHF   32.90 EUR") }, "\(narrow)")
        XCTAssertEqual(narrow.last, "(rate, paid by left out to fit 80 columns)")
        let wide = try onTerminal(120, "expense", "list")
        XCTAssertTrue(wide[0].contains("PAID BY") && wide[0].contains("RATE") && wide[0].hasSuffix("CONVERTED"), "\(wide)")
        XCTAssertTrue(wide.contains { $0.contains("0.854555") }, "\(wide)")
    }

    /// `import list`: a statement's path wraps over lines (its file name is at its end, which a
    /// cut took off) and its times stay whole.
    func testImportListWrapsTheFilesPathAndKeepsItsTimesWhole() throws {
        let rules = app.path("card.rules")
        try "header no\nfields date, amount, merchant, external-id\ndate-format %Y-%m-%d\ndefault currency EUR\ndefault category taxi\n"
            .write(toFile: rules, atomically: true, encoding: .utf8)
        let statement = app.path("amex-activity-2026-12-01-to-2026-12-31.csv")
        try "2026-12-01,12.00,Taxi Walldorf,TX-0042\n".write(toFile: statement, atomically: true, encoding: .utf8)
        try app.ok("import", statement, "--rules", rules, "--report", "1")
        for columns in [80, 120] {
            let lines = try onTerminal(columns, "import", "list")
            XCTAssertTrue(lines[1].contains("2026-12-03 09:41:27 UTC"), "\(lines)")
            let file = lines[0].range(of: "FILE")!.lowerBound.utf16Offset(in: lines[0])
            let path = lines.dropFirst().prefix { !$0.hasPrefix("(") }.map { String($0.dropFirst(file).prefix { $0 != " " }) }.joined()
            XCTAssertEqual(path, statement, "\(lines)")
        }
    }

    /// `shortcuts inbox`: a queued launch's arguments wrap, its type and time stay whole.
    func testShortcutsInboxWrapsALaunchsArguments() throws {
        try app.ok(
            "--shortcut", "com.sap.example.addExpense", "--defer", "--amount", "12.50", "--merchant",
            "Taxi Walldorf Hauptbahnhof to SAP Headquarters building 21", "--category", "taxi")
        for columns in [80, 120] {
            let lines = try onTerminal(columns, "shortcuts", "inbox")
            XCTAssertTrue(lines[1].contains(" com.sap.example.addExpense  queued  2026-12-03 09:41:27 UTC "), "\(lines)")
            let start = lines[0].range(of: "ARGUMENTS")!.lowerBound.utf16Offset(in: lines[0])
            let arguments = lines.dropFirst().prefix { !$0.hasPrefix("(") }.map { String($0.dropFirst(start)) }.joined(separator: " ")
            XCTAssertEqual(
                arguments, "--amount 12.50 --merchant 'Taxi Walldorf Hauptbahnhof to SAP Headquarters building 21' --category taxi",
                "\(lines)")
        }
    }
}
