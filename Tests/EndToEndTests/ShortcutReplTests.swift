import ExpenseTestSupport
import Foundation
import XCTest

/// `shortcut TYPE` at the REPL prompt: it runs the action and leaves the session at its target,
/// popped to the root first (the prompt shows where the user is).
final class ShortcutReplTests: EngineTestCase {
    var app: ExpensesProcess!

    override func setUpWithError() throws {
        app = try ExpensesProcess()
        app.useTerminal()
    }

    override func tearDown() { app = nil }

    /// Types `lines` into the REPL on a pseudo-terminal, each after the prompt expected before it.
    private func repl(_ steps: [(expect: String, send: String)], file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let result = try app.terminal(steps: steps.flatMap { [["expect": $0.expect], ["send": $0.send + "\r"]] })
        XCTAssertEqual(result.status, 0, "the REPL did not answer as expected:\n\(result.stdout)", file: file, line: line)
        return result.stdout
    }

    func testAShortcutPopsToTheRootThenFollowsItsRoute() throws {
        try app.ok("report", "new", "Walldorf customer workshop")
        try app.ok("report", "new", "Boston SAP conference")
        let transcript = try repl([
            ("expenses> ", "open report 1"),
            ("expenses:report 1> ", "shortcut com.sap.example.showReports"),
            ("Boston SAP conference", "echo at the top"),
            ("expenses> ", "shortcut com.sap.example.openReport"),
            ("Report 2: Boston SAP conference", "echo inside"),
            ("expenses:report 2> ", "shortcut com.sap.example.newReport \"Basel fair\""),
            ("Created report 3: Basel fair", "back"),
            ("Back at the top.", "quit"),
        ])
        XCTAssertTrue(transcript.contains("expenses:report 3> back"), transcript)
    }
}

extension ShortcutReplTests {
    func testStartingWithAShortcutAndREPLLandsAtItsTarget() throws {
        try app.ok("report", "new", "Walldorf customer workshop")
        try app.ok("report", "new", "Boston SAP conference")
        let result = try app.terminal(
            arguments: ["--shortcut", "com.sap.example.openReport", "--repl"],
            steps: [
                ["expect": "Report 2: Boston SAP conference"], ["expect": "expenses:report 2> "],
                ["send": "expense add --amount 12 --category taxi\r"], ["expect": "Added expense 1 to report 2"],
                ["send": "quit\r"],
            ])
        XCTAssertEqual(result.status, 0, result.stdout)
    }

    func testARunningREPLDeliversQueuedLaunchesOnceBeforeItsNextPrompt() throws {
        let queue = [ExpensesProcess.binary.path, "--shortcut", "com.sap.example.newReport", "Queued trip", "--defer"]
        try app.run(Array(queue.dropFirst()))  // queued before the REPL starts: the launcher's cold launch
        let result = try app.terminal(steps: [
            ["expect": "Created report 1: Queued trip"], ["expect": "expenses:report 1> "],
            ["run": queue], ["send": "\r"], ["expect": "Created report 2: Queued trip"], ["expect": "expenses:report 2> "],
            ["send": "\r"], ["expect": "expenses:report 2> "], ["send": "report list --format csv\r"], ["expect": "2,Queued trip"],
            ["send": "quit\r"],
        ])
        XCTAssertEqual(result.status, 0, result.stdout)
        XCTAssertEqual(try app.query("SELECT count(*) FROM reports"), "2", "each queued launch ran exactly once")
        XCTAssertTrue(result.stdout.contains("running quick action"), result.stdout)
    }
}

/// A quick action that fails on a terminal: its error shows in the session, which stays open;
/// leaving it gives the launch's exit status.
extension ShortcutReplTests {
    func testAnUnknownTypeOnATerminalSaysSoAndTheSessionStaysThenQuitGives64() throws {
        try app.ok("report", "new", "Munich trip")
        let result = try app.terminal(
            arguments: ["--shortcut", "com.sap.example.nope"],
            steps: [
                ["expect": "expenses: error: unknown quick action type 'com.sap.example.nope'"], ["expect": "expenses> "],
                ["send": "report list\r"], ["expect": "Munich trip"], ["expect": "expenses> "],
                ["send": "quit\r"],
            ])
        XCTAssertEqual(result.status, 64, result.stdout)
    }

    func testADisabledItemOnATerminalShowsItsMessageAndQuitGives69() throws {
        try app.ok("report", "new", "Boston SAP conference")
        try app.ok("shortcuts", "disable", "com.sap.example.openReport", "--message", "The Boston trip was submitted")
        let result = try app.terminal(
            arguments: ["--shortcut", "com.sap.example.openReport"],
            steps: [
                ["expect": "is disabled: The Boston trip was submitted"], ["expect": "expenses> "],
                ["send": "quit\r"],
            ])
        XCTAssertEqual(result.status, 69, result.stdout)
        XCTAssertTrue(
            result.stdout.contains(
                "expenses: error: the quick action 'Open Boston SAP conference' (com.sap.example.openReport) is disabled"), result.stdout)
    }
}
