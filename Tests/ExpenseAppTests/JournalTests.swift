import ExpenseTestSupport
import Foundation
import XCTest

/// `journal` and `accounts` as finance runs them, on a file and on a team database: three
/// approved trips of different shapes booked in each format, the files checked by hledger's and
/// beancount's own checkers, the payable equal to what `report show` says is due, and what was
/// exported left out of the next export unless asked for again.
final class JournalTests: EngineTestCase {
    var app: InProcessApp!

    override func setUpWithError() throws {
        app = try InProcessApp()
        try app.ok("policy", "set", "missing-receipt", "warning")
        // 1: an advance larger than its spending (350.00 + 112.00 per diems − 500.00: 38.00 owed back).
        try app.ok("report", "new", "Walldorf", "--from", "2026-03-02", "--to", "2026-03-06", "--country", "DE")
        try app.ok("expense", "add", "--report", "1", "--date", "2026-03-02", "--amount", "350", "--category", "lodging")
        try app.ok(
            "expense", "add", "--report", "1", "--date", "2026-03-03", "--amount", "40", "--category", "meals", "--paid-by", "company",
            "--merchant", "Caf\u{0065}\u{0301} \"Zum ; Ochsen\"\r\n\u{202E}x")
        try app.ok("report", "advance", "1", "--amount", "500", "--date", "2026-03-01")
        // 2: a hotel bill of two items at different categories, no per diems.
        try app.ok("report", "new", "Hamburg", "--from", "2026-03-04", "--to", "2026-03-05", "--country", "none")
        try app.ok(
            "expense", "add", "--report", "2", "--date", "2026-03-04", "--amount", "110", "--category", "lodging", "--merchant", "Hotel")
        try app.ok(
            "expense", "add", "--report", "2", "--date", "2026-03-05", "--amount", "15", "--category", "meals", "--merchant", "Hotel")
        // 3: per diems and mileage.
        try app.ok("report", "new", "Stuttgart", "--from", "2026-03-07T07:00", "--to", "2026-03-08T20:00", "--country", "DE")
        try app.ok(
            "expense", "add", "--report", "3", "--date", "2026-03-07", "--distance", "120", "--category", "mileage", "--from-place", "A",
            "--to-place", "B")
        for report in ["1", "2", "3"] {
            try app.ok("report", "submit", report)
            try app.ok("--user", "bob", "report", "approve", report)
        }
        app.environment["EXPENSES_NOW"] = "2026-04-02T09:00:00Z"
        try app.ok("--user", "carol", "report", "reimburse", "2", "--reference", "payment run 3")
    }

    override func tearDown() { app = nil }

    private func due(_ report: String) throws -> String {
        let show = try XCTUnwrap(try app.json("report", "show", report) as? [String: Any])
        let totals = try XCTUnwrap(show["totals"] as? [String: Any])
        return try XCTUnwrap((totals["dueToEmployee"] as? [String: Any])?["amount"] as? String)
    }

    private func file(_ name: String) throws -> String { try String(contentsOfFile: app.path(name), encoding: .utf8) }

    private func check(_ program: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, output)
    }

    func testMarchsJournalBooksEachTripAndItsPayableIsWhatReportShowSaysIsDue() throws {
        XCTAssertEqual(
            try app.ok("--user", "carol", "journal", "--from", "2026-03-01", "--to", "2026-03-31", "--format", "csv", "-o", "march.csv"),
            "Booked 3 entries of 3 reports from 2026-03-01 to 2026-03-31 to march.csv\n")
        let rows = try file("march.csv").components(separatedBy: "\r\n").dropFirst().filter { !$0.isEmpty }
        func payable(_ transaction: String) -> String? {
            rows.first { $0.hasPrefix("\(transaction),") && $0.contains(",1740,") }.map { row in
                let fields = row.components(separatedBy: ",")
                return fields[4].isEmpty ? fields[5] : "-" + fields[4]
            }
        }
        XCTAssertEqual(try due("1"), "-38.00")
        XCTAssertEqual(payable("R1"), try due("1"), "owed back: the payable is debited")
        XCTAssertEqual(payable("R2"), try due("2"))
        XCTAssertEqual(payable("R3"), try due("3"))
        XCTAssertTrue(rows.contains { $0.hasPrefix("R1,2026-03-10,1530,") && $0.hasSuffix(",500.00,EUR,R1,Advances cleared") }, "\(rows)")
        XCTAssertTrue(rows.contains { $0.hasPrefix("R3,2026-03-10,4668,") }, "mileage to 4668")
        XCTAssertTrue(rows.contains { $0.hasPrefix("R3,2026-03-10,4664,") }, "per diems to 4664")
        XCTAssertFalse(rows.contains { $0.hasPrefix("R2-P") }, "the payment of April is April's")

        // hledger and beancount of the same period, checked by their own programs.
        try app.ok(
            "--user", "carol", "journal", "--from", "2026-03-01", "--to", "2026-03-31", "--format", "hledger", "-o", "m.journal", "--again")
        try check("/usr/bin/hledger", ["check", "accounts", "commodities", "balanced", "-f", app.path("m.journal")])
        try app.ok(
            "--user", "carol", "journal", "--from", "2026-03-01", "--to", "2026-04-30", "--format", "beancount", "-o", "m.beancount",
            "--again")
        try check(
            (ProcessInfo.processInfo.environment["EXPENSES_PYTHON_TOOLS"] ?? "/opt/expenses-python") + "/bin/bean-check",
            [app.path("m.beancount")])
        XCTAssertTrue(try file("m.beancount").contains("\"R2-P\""), "April's payment in March-to-April's ledger")
    }

    func testWhatWasExportedIsLeftOutOfTheNextExportUnlessAgain() throws {
        try app.ok("--user", "carol", "journal", "--from", "2026-03-01", "--to", "2026-03-31", "--format", "csv", "-o", "a.csv")
        let next = try app.run("--user", "carol", "journal", "--from", "2026-03-01", "--to", "2026-04-30", "--format", "csv", "-o", "b.csv")
        XCTAssertEqual(next.status, 0, next.stderr)
        XCTAssertEqual(next.stdout, "Booked 1 entry of 1 report from 2026-03-01 to 2026-04-30 to b.csv\n")
        XCTAssertTrue(
            next.stderr.contains("left out 3 entries an earlier export booked: R1, R2, R3 (give --again to book them again)"), next.stderr)
        XCTAssertEqual(try file("b.csv").components(separatedBy: "\r\n").filter { $0.hasPrefix("R2-P,2026-04-02,") }.count, 2)
        let again = try app.ok(
            "--user", "carol", "journal", "--from", "2026-03-01", "--to", "2026-04-30", "--format", "csv", "-o", "c.csv", "--again")
        XCTAssertEqual(again, "Booked 4 entries of 3 reports from 2026-03-01 to 2026-04-30 to c.csv\n")
    }

    func testDATEVNeedsItsNumbersAndBooksToTheChartFinanceChose() throws {
        let missing = try app.run(
            "--user", "carol", "journal", "--from", "2026-03-01", "--to", "2026-03-31", "--format", "datev", "-o", "d.csv")
        XCTAssertEqual(missing.status, 65)
        XCTAssertTrue(missing.stderr.contains("hint: expenses config set datev.consultant"), missing.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: app.path("d.csv")), "a failing command writes nothing")
        XCTAssertEqual(
            try app.query("SELECT count(*) FROM journal_exports"), "0", "nor records an export")
        try app.ok("config", "set", "datev.consultant", "1234567")
        try app.ok("config", "set", "datev.client", "42")
        try app.ok("--user", "carol", "accounts", "chart", "skr04")
        try app.ok("--user", "carol", "accounts", "set", "lodging", "6680", "--title", "Hotels")
        XCTAssertTrue(try app.ok("accounts", "list").contains("6680"))
        try app.ok("--user", "carol", "journal", "--from", "2026-03-01", "--to", "2026-03-31", "--format", "datev", "-o", "d.csv")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: app.path("d.csv")))
        let text = try XCTUnwrap(String(data: bytes, encoding: .windowsCP1252))
        let lines = text.components(separatedBy: "\r\n")
        XCTAssertTrue(lines[0].hasPrefix("\"EXTF\";700;21;\"Buchungsstapel\";13;"), lines[0])
        XCTAssertTrue(lines[0].contains(";1234567;42;20260101;4;20260301;20260331;"), lines[0])
        XCTAssertTrue(lines.contains { $0.contains(";6680;3720;") }, "lodging to finance's account against SKR04's payable")
        let refused = try app.run("--user", "carol", "accounts", "set", "lodging", "12ab")
        XCTAssertEqual(refused.status, 65)
        XCTAssertTrue(refused.stderr.contains("'12ab' is no account number"), refused.stderr)
    }
}
