import ExpenseTestSupport
import Foundation
import XCTest

/// `journal` as finance runs the binary, on a file and (in the team tier) on a team database:
/// three approved trips of different shapes booked in every format, each file checked by its
/// own reader (hledger check, bean-check, Windows-1252 for DATEV), the payables equal to what
/// `report show --format json` says is due.
final class JournalProcessTests: EngineTestCase {
    var app: ExpensesProcess!

    override func setUpWithError() throws {
        app = try ExpensesProcess()
        try app.ok("policy", "set", "missing-receipt", "warning")
        try app.ok("report", "new", "Walldorf", "--from", "2026-03-02", "--to", "2026-03-06", "--country", "DE")
        try app.ok("expense", "add", "--report", "1", "--date", "2026-03-02", "--amount", "350", "--category", "lodging")
        try app.ok("report", "advance", "1", "--amount", "500", "--date", "2026-03-01")
        try app.ok("report", "new", "Hamburg", "--from", "2026-03-04", "--to", "2026-03-05", "--country", "none")
        // A hotel bill of 125.00: the room at 7 %, its breakfast at 19 %.
        try app.ok(
            "expense", "add", "--report", "2", "--date", "2026-03-04", "--amount", "125", "--category", "lodging", "--merchant",
            "Hotel \"Hafen\"; Zimmer\n\u{202E}", "--vat", "7:110.00,19:15.00")
        try app.ok(
            "expense", "add", "--report", "2", "--date", "2026-03-05", "--amount", "15", "--category", "meals", "--merchant", "Hotel")
        try app.ok("report", "new", "Stuttgart", "--from", "2026-03-07T07:00", "--to", "2026-03-08T20:00", "--country", "DE")
        try app.ok(
            "expense", "add", "--report", "3", "--date", "2026-03-07", "--distance", "120", "--category", "mileage", "--from-place", "A",
            "--to-place", "B")
        for report in ["1", "2", "3"] {
            try app.ok("report", "submit", report)
            try app.ok("--user", "bob", "report", "approve", report)
        }
        try app.ok("--user", "carol", "report", "reimburse", "3", "--reference", "payment run 3")
        try app.ok("config", "set", "datev.consultant", "1234567")
        try app.ok("config", "set", "datev.client", "42")
    }

    override func tearDown() { app = nil }

    @discardableResult
    private func okRun(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let result = try app.run(arguments)
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        return result.stdout
    }

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

    func testEveryFormatIsReadByItsOwnCheckerAndThePayablesAreReportShows() throws {
        let journal = ["--user", "carol", "journal", "--from", "2026-03-01", "--to", "2026-03-31", "--again"]
        try okRun(journal + ["--format", "hledger", "-o", app.path("m.journal")])
        try check("/usr/bin/hledger", ["check", "accounts", "commodities", "balanced", "-f", app.path("m.journal")])
        try okRun(journal + ["--format", "beancount", "-o", app.path("m.beancount")])
        try check(
            (ProcessInfo.processInfo.environment["EXPENSES_PYTHON_TOOLS"] ?? "/opt/expenses-python") + "/bin/bean-check",
            [app.path("m.beancount")])
        try okRun(journal + ["--format", "datev", "-o", app.path("m.csv")])
        let datev = try XCTUnwrap(String(data: try Data(contentsOf: URL(fileURLWithPath: app.path("m.csv"))), encoding: .windowsCP1252))
        XCTAssertTrue(datev.hasPrefix("\"EXTF\";700;21;\"Buchungsstapel\";13;"))
        try okRun(journal + ["--format", "csv", "-o", app.path("m.csv"), "--force"])
        let rows = try String(contentsOfFile: app.path("m.csv"), encoding: .utf8).components(separatedBy: "\r\n").dropFirst()
        for report in ["1", "2", "3"] {
            let show = try XCTUnwrap(
                try JSONSerialization.jsonObject(with: Data(try app.ok("report", "show", report, "--format", "json").utf8))
                    as? [String: Any])
            let due = try XCTUnwrap(((show["totals"] as? [String: Any])?["dueToEmployee"] as? [String: Any])?["amount"] as? String)
            let payable = try XCTUnwrap(rows.first { $0.hasPrefix("R\(report),") && $0.contains(",1740,") }).components(separatedBy: ",")
            XCTAssertEqual(payable[5].isEmpty ? "-" + payable[4] : payable[5], due, "report \(report)")
        }
        // The hotel bill's input VAT, by rate, to SKR03's 1571 (7 %) and 1576 (19 %), as report show sums it.
        let vat = rows.filter { $0.hasPrefix("R2,") && ($0.contains(",1571,") || $0.contains(",1576,")) }
        XCTAssertEqual(vat.map { $0.components(separatedBy: ",")[4] }, ["7.20", "2.39"], vat.joined(separator: "\n"))
        XCTAssertTrue(try app.ok("report", "show", "2").contains("7.20"))
        XCTAssertEqual(rows.filter { $0.hasPrefix("R3-P,") }.count, 2, "report 3's payment, reimbursed in March")
    }
}
