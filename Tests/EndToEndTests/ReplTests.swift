import ExpenseTestSupport
import Foundation
import XCTest

/// The REPL through a real pseudo-terminal: typed keys in, the screen out.
final class ReplTests: EngineTestCase {
    var app: ExpensesProcess!

    override func setUpWithError() throws {
        app = try ExpensesProcess()
        app.useTerminal()
    }

    override func tearDown() { app = nil }

    enum Step {
        case send(String)
        case expect(String)
    }

    /// Runs the REPL in a pty and returns the transcript.
    private func session(_ steps: [Step], file: StaticString = #filePath, line: UInt = #line) throws -> ExpensesProcess.Result {
        let result = try app.terminal(
            steps: steps.map { step -> [String: Any] in
                switch step {
                case .send(let text): return ["send": text]
                case .expect(let text): return ["expect": text]
                }
            })
        XCTAssertNotEqual(result.status, 124, "the REPL did not answer as expected:\n\(result.stdout)", file: file, line: line)
        return result
    }

    func testBannerPromptAndQuit() throws {
        let result = try session([
            .expect("expenses> "), .send("echo hello there\r"), .expect("hello there"),
            .expect("expenses> "), .send("quit\r"),
        ])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stdout.contains("database \(app.databasePath)"), result.stdout)
        XCTAssertTrue(result.stdout.contains("Type 'help'"), result.stdout)
    }

    func testHistoryPersistsAcrossRunsSkippingDuplicatesAndSpaced() throws {
        _ = try session([
            .expect("expenses> "), .send("report new Trip\r"), .expect("Created report 1"),
            .send("report new Trip\r"), .expect("Created report 2"),
            .send(" echo secret\r"), .expect("secret"), .send("\u{4}"),
        ])
        let history = try String(contentsOfFile: app.path("history"), encoding: .utf8)
        XCTAssertEqual(history.components(separatedBy: "report\\040new\\040Trip").count - 1, 1, history)
        XCTAssertFalse(history.contains("secret"), history)
        // Up arrow in a new run brings the last line back.
        let second = try session([
            .expect("expenses> "), .send("\u{1b}[A"), .send("\r"), .expect("Created report 3"),
            .send("quit\r"),
        ])
        XCTAssertEqual(second.status, 0)
    }

    func testTabCompletesCommandsOptionsAndValues() throws {
        try app.ok("report", "new", "Trip")
        // The screen shows completions as cursor moves, so each is checked by what the completed line does.
        let result = try session([
            .expect("expenses> "), .send("rep\t"), .send("sh\t"), .send("\t"), .send("\r"), .expect("Report 1: Trip"),
            .expect("expenses> "), .send("expense add --amount 5 --cat\t"), .send("lod\t"), .send(" --curr\t"), .send("JP\t"),
            .send("\r"), .expect("Added expense 1 (unassigned): 5 JPY lodging"), .send("quit\r"),
        ])
        XCTAssertEqual(result.status, 0, result.stdout)
    }

    /// Ctrl-L clears the screen and leaves the line empty: two Ctrl-C still leave, not three.
    func testCtrlLDoesNotCountAsTyping() throws {
        let result = try session([
            .expect("expenses> "), .send("\u{0C}"), .expect("expenses> "),
            .send("\u{3}"), .expect("Ctrl-C again"), .send("\u{3}"),
        ])
        XCTAssertEqual(result.status, 0, result.stdout)
    }

    /// A line copied from README (`expenses report list`) runs; inside an opened report, `show`
    /// shows it, `show settings` the settings; `report show` there needs no id.
    func testPastedLinesAndShowInAReport() throws {
        let result = try session([
            .expect("expenses> "), .send("expenses report new Tour --from 2026-03-02 --to 2026-03-06\r"), .expect("Created report 1: Tour"),
            .send("expenses report list\r"), .expect("2026-03-02  2026-03-06"),
            .send("open report 1\r"), .expect("expenses:report 1> "),
            .send("show\r"), .expect("Report 1: Tour"), .expect("Total in EUR:"),
            .send("show settings\r"), .expect("database"), .send("report show\r"), .expect("Report 1: Tour"),
            .expect("expenses:report 1> "), .send("quit\r"),
        ])
        XCTAssertEqual(result.status, 0, result.stdout)
        XCTAssertFalse(result.stdout.contains("unknown command 'expenses'"), result.stdout)
    }

    func testCtrlCClearsTheLineAndASecondAtAnEmptyPromptLeaves() throws {
        let result = try session([
            .expect("expenses> "), .send("report new Half-typed"), .send("\u{3}"), .expect("expenses> "),
            .send("echo alive\r"), .expect("alive"), .expect("expenses> "),
            .send("\u{3}"), .expect("Ctrl-C again"), .send("\u{3}"),
        ])
        XCTAssertEqual(result.status, 0)
        XCTAssertFalse(result.stdout.contains("Created report"), result.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: app.databasePath), "the half-typed line ran")
    }

    func testNavigationContextInThePrompt() throws {
        try app.ok("report", "new", "First")
        try app.ok("report", "new", "Second")
        let result = try session([
            .expect("expenses> "), .send("open report 1\r"), .expect("expenses:report 1> "),
            .send("expense add --amount 12 --category taxi\r"), .expect("Added expense 1 to report 1"),
            .send("open report 2\r"), .expect("expenses:report 2> "),
            .send("back\r"), .expect("expenses:report 1> "),
            .send("home\r"), .expect("expenses> "), .send("quit\r"),
        ])
        XCTAssertEqual(result.status, 0)
    }

    func testContinuationLinesAndSettings() throws {
        let result = try session([
            .expect("expenses> "), .send("report new \\\r"), .expect("expenses\\> "), .send("\"Two\r"), .expect("expenses\"> "),
            .send("lines\"\r"), .expect("Created report 1: Two\r\nlines"),
            .send("set format json\r"), .expect("format = json"), .send("report list\r"), .expect("\"itemCount\": 0"),
            .send("show settings\r"), .expect("\"value\": \"json\""), .send("quit\r"),
        ])
        XCTAssertEqual(result.status, 0)
    }

    func testErrorsDoNotEndTheSession() throws {
        let result = try session([
            .expect("expenses> "), .send("report show 9\r"), .expect("unknown report 9"),
            .send("reprot\r"), .expect("did you mean 'report'?"), .expect("expenses> "),
            .send("echo still here\r"), .expect("still here"), .send("exit\r"),
        ])
        XCTAssertEqual(result.status, 0, "leaving the REPL is not a failure")
    }
}

extension ReplTests {
    func testCtrlCCancelsARunningScriptAndTheSessionGoesOn() throws {
        let lines = (1...20_000).map { "expense add --date 2026-03-01 --amount \($0).00 --category meals" }
        try (lines.joined(separator: "\n") + "\n").write(toFile: app.path("long.expenses"), atomically: true, encoding: .utf8)
        let result = try session([
            // In a transaction nothing a line did is shown before the commit; the script says so as it starts.
            .expect("expenses> "), .send("run --transaction long.expenses\r"), .expect("shown once it is committed"),
            .send("\u{3}"), .expect("cancelled (Ctrl-C)"), .expect("expenses> "),
            .send("echo still alive\r"), .expect("still alive"), .send("quit\r"),
        ])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stdout.contains("rolled back, nothing was written"), result.stdout)
        XCTAssertFalse(result.stdout.contains("Added expense"), "a rolled-back line's result was shown: \(result.stdout)")
        XCTAssertEqual(try app.query("SELECT count(*) FROM expenses"), "0")
    }

    func testCtrlCCancelsARunningImportAndNothingIsWritten() throws {
        var csv = "Date,Merchant,Amount\n"
        for row in 0..<300_000 { csv += "2026-03-\(10 + row % 20),Shop \(row),\(row % 500 + 1).00\n" }
        try csv.write(toFile: app.path("big.csv"), atomically: true, encoding: .utf8)
        try "date = Date\nmerchant = Merchant\namount = Amount\ndefault currency EUR\ndefault category meals\n"
            .write(toFile: app.path("card.rules"), atomically: true, encoding: .utf8)
        let result = try session([
            .expect("expenses> "), .send("import big.csv --rules card.rules\r"), .expect(" rows/s"),
            .send("\u{3}"), .expect("cancelled (Ctrl-C)"), .expect("expenses> "),
            .send("import list\r"), .expect("expenses> "), .send("quit\r"),
        ])
        XCTAssertEqual(result.status, 0)
        XCTAssertFalse(result.stdout.contains("Imported big.csv"), result.stdout)
        XCTAssertEqual(try app.query("SELECT (SELECT count(*) FROM expenses) || ' ' || (SELECT count(*) FROM import_batches)"), "0 0")
    }
}

extension ReplTests {
    func testNonASCIITypedAtThePromptArrivesWhole() throws {
        app.environment["LANG"] = "C"  // even in the plain C locale
        let result = try session([
            .expect("expenses> "), .send("report new \"Café Zürich\"\r"), .expect("Created report 1"), .send("quit\r"),
        ])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(try app.query("SELECT title FROM reports"), "Café Zürich")
    }
}
