import ExpenseTestSupport
import Foundation
import XCTest

/// A launcher's quick action while an expenses session is open on the same database: started on
/// a terminal (as a launcher's terminal window starts it), it is handed to the open session the
/// person used last, which runs it at its prompt without a key pressed, exactly once, and gives
/// back the line that was being typed. Without a terminal a launch runs on its own as before.
final class LaunchHandoverTests: EngineTestCase {
    var app: ExpensesProcess!

    override func setUpWithError() throws {
        app = try ExpensesProcess()
        app.useTerminal()
        // A session registers on a database that exists; a launch hands over only then.
        try app.ok("report", "new", "Munich trip")
    }

    override func tearDown() { app = nil }

    private func newReport(_ title: String, as name: String) -> String {
        app.onTerminal(["--shortcut", "com.sap.example.newReport", title], as: name)
    }

    private func count(_ text: String, in transcript: String) -> Int {
        transcript.components(separatedBy: text).count - 1
    }

    private func assertHandedOver(
        _ name: String, type: String = "com.sap.example.newReport", file: StaticString = #filePath, line: UInt = #line
    ) {
        let launch = app.launched(name)
        XCTAssertEqual(launch.status, 0, "launch \(name): \(launch.output)", file: file, line: line)
        XCTAssertTrue(
            launch.output.hasPrefix("Handed \(type) to the expenses session open on /dev/pts/"),
            "launch \(name): \(launch.output)", file: file, line: line)
        XCTAssertTrue(launch.output.hasSuffix(": it runs there.\n"), "launch \(name): \(launch.output)", file: file, line: line)
        XCTAssertFalse(launch.output.contains("Created report"), "launch \(name) ran it itself: \(launch.output)", file: file, line: line)
    }

    func testTwoLaunchesAtOnceRunInTheOpenSessionWithoutAKeyAndTheTypedLineComesBack() throws {
        let result = try app.terminal(steps: [
            ["expect": "expenses> "],
            ["send": "report li"],  // half typed, no Return
            ExpensesProcess.runAtOnce([newReport("Trip A", as: "a"), newReport("Trip B", as: "b")]),
            // Both launches have ended: the session took both. Nothing is typed until both ran.
            ["expect": "Created report 3: Trip "],
            ["expect": "expenses:report 3> report li"],
            ["send": "st\r"], ["expect": "Munich trip"],
            ["send": "quit\r"],
        ])
        XCTAssertEqual(result.status, 0, result.stdout)
        assertHandedOver("a")
        assertHandedOver("b")
        let transcript = result.stdout
        for title in ["Trip A", "Trip B"] {
            XCTAssertEqual(
                count("Created report 2: \(title)", in: transcript) + count("Created report 3: \(title)", in: transcript), 1,
                "\(title) ran once in the session: \(transcript)")
            XCTAssertEqual(try app.query("SELECT count(*) FROM reports WHERE title = '\(title)'"), "1")
        }
        XCTAssertEqual(count("expenses: running quick action com.sap.example.newReport from the launcher", in: transcript), 2, transcript)
        XCTAssertEqual(try app.query("SELECT group_concat(state) FROM shortcut_launches"), "done,done")
        // The typed line came back whole: 'report li' + 'st' ran as 'report list', redrawn after
        // a carriage return, not a visible "\r".
        XCTAssertFalse(transcript.contains("\\r"), transcript)
        let listing = try XCTUnwrap(transcript.range(of: "report list\r\n"), transcript)
        XCTAssertTrue(
            transcript[listing.upperBound...].contains("Trip A") && transcript[listing.upperBound...].contains("Trip B"),
            transcript)
    }

    /// The line entered before a hand-over is not the line being typed: the prompt after the
    /// launch is empty, and Enter alone runs nothing (it once put the last command back, with a
    /// literal \r, and Enter added the expense again).
    func testAfterAHandOverAtAnEmptyPromptThePromptComesBackEmpty() throws {
        let result = try app.terminal(steps: [
            ["expect": "expenses> "],
            ["send": "expense add --report 1 --amount 12 --category meals\r"], ["expect": "Added expense 1 to report 1"],
            ["expect": "expenses> "],
            ["run": ["/bin/sh", "-c", newReport("Handed", as: "handed")]],
            ["expect": "Created report 2: Handed"], ["expect": "expenses:report 2> "],
            ["send": "\r"], ["expect": "expenses:report 2> "],
            ["send": "echo done\r"], ["expect": "done"], ["expect": "expenses:report 2> "],
            ["send": "quit\r"],
        ])
        XCTAssertEqual(result.status, 0, result.stdout)
        assertHandedOver("handed")
        XCTAssertEqual(try app.query("SELECT count(*) FROM expenses"), "1", "Enter ran nothing again: \(result.stdout)")
        let transcript = result.stdout
        let afterLaunch = try XCTUnwrap(transcript.range(of: "Created report 2: Handed"), transcript)
        let rest = transcript[afterLaunch.upperBound...]
        XCTAssertFalse(rest.contains("expense add"), "the last command came back: \(transcript)")
        XCTAssertFalse(rest.contains("\\r") || rest.contains("^M"), "a literal \\r on the screen: \(transcript)")
        XCTAssertEqual(count("Added expense", in: transcript), 1, transcript)
    }

    func testTheSessionUsedLastTakesTheLaunchAndTheOtherDoesNotRunIt() throws {
        let other = app.path("other.transcript")
        let result = try app.terminal(steps: [
            ["expect": "expenses> "],
            // A second window, opened later: until a line is entered, the newest is the one used last.
            ["spawn": "other", "argv": [ExpensesProcess.binary.path], "transcript": other],
            ["in": "other", "expect": "expenses> "],
            ["send": "echo here\r"], ["expect": "expenses> "],
            ["run": ["/bin/sh", "-c", newReport("For the first", as: "first")]],
            ["expect": "Created report 2: For the first"], ["expect": "expenses:report 2> "],
            // Now the other window is used: it takes the next launch.
            ["in": "other", "send": "echo there\r"], ["in": "other", "expect": "expenses> "],
            ["run": ["/bin/sh", "-c", newReport("For the other", as: "second")]],
            ["in": "other", "expect": "Created report 3: For the other"], ["in": "other", "expect": "expenses:report 3> "],
            // Each window comes back to its prompt once more, where a launch it had taken would run.
            ["send": "echo again\r"], ["expect": "expenses:report 2> "],
            ["in": "other", "send": "echo again\r"], ["in": "other", "expect": "expenses:report 3> "],
            ["send": "quit\r"], ["in": "other", "send": "quit\r"],
        ])
        XCTAssertEqual(result.status, 0, result.stdout)
        assertHandedOver("first")
        assertHandedOver("second")
        let first = result.stdout
        let second = try String(contentsOfFile: other, encoding: .utf8)
        XCTAssertEqual(count("running quick action", in: first), 1, first)
        XCTAssertEqual(count("Created report", in: first), 1, first)
        XCTAssertFalse(first.contains("For the other"), first)
        XCTAssertEqual(count("running quick action", in: second), 1, second)
        XCTAssertEqual(count("Created report", in: second), 1, second)
        XCTAssertFalse(second.contains("For the first"), second)
        XCTAssertEqual(try app.query("SELECT group_concat(title, ' / ') FROM reports"), "Munich trip / For the first / For the other")
        XCTAssertEqual(try app.query("SELECT count(*) FROM open_sessions"), "0", "both sessions left the registry")
    }

    func testWithoutATerminalALaunchRunsOnItsOwnWhileASessionIsOpen() throws {
        let list = try app.ok("report", "list")
        let oneShot =
            "\(Self.quoted(ExpensesProcess.binary.path)) --shortcut com.sap.example.showReports </dev/null"
            + " >\(Self.quoted(app.path("one-shot.out"))) 2>\(Self.quoted(app.path("one-shot.err"))); echo $? >\(Self.quoted(app.path("one-shot.status")))"
        let result = try app.terminal(steps: [
            ["expect": "expenses> "],
            ["run": ["/bin/sh", "-c", oneShot]],
            // Back at the prompt once more: a launch handed to the session would run before it.
            ["send": "echo next\r"], ["expect": "next"], ["expect": "expenses> "],
            ["send": "quit\r"],
        ])
        XCTAssertEqual(result.status, 0, result.stdout)
        XCTAssertEqual(
            try String(contentsOfFile: app.path("one-shot.out"), encoding: .utf8), list, "what 'report list' prints, printed by the launch")
        XCTAssertEqual(try String(contentsOfFile: app.path("one-shot.err"), encoding: .utf8), "")
        XCTAssertEqual(try String(contentsOfFile: app.path("one-shot.status"), encoding: .utf8), "0\n")
        XCTAssertFalse(result.stdout.contains("running quick action"), result.stdout)
        XCTAssertEqual(try app.query("SELECT count(*) FROM shortcut_launches"), "0", "nothing was queued for the session")
    }

    func testALaunchThatCannotRunIsNotHandedOverButFailsInItsOwnWindow() throws {
        // Its own session reads 'quit' typed into its terminal, and ends with the launch's status.
        let command = [ExpensesProcess.binary.path, "--shortcut", "com.sap.example.nope"].map(Self.quoted).joined(separator: " ")
        let launch =
            "printf 'quit\\r' | timeout -k 2 10 script -qec \(Self.quoted(command)) /dev/null"
            + " >\(Self.quoted(app.path("nope.out"))) 2>&1; echo $? >\(Self.quoted(app.path("nope.status")))"
        let result = try app.terminal(steps: [
            ["expect": "expenses> "],
            ["run": ["/bin/sh", "-c", launch]],
            ["send": "echo next\r"], ["expect": "next"], ["expect": "expenses> "],
            ["send": "quit\r"],
        ])
        XCTAssertEqual(result.status, 0, result.stdout)
        let nope = app.launched("nope")
        XCTAssertEqual(nope.status, 64, nope.output)
        XCTAssertTrue(nope.output.contains("unknown quick action type 'com.sap.example.nope'"), nope.output)
        XCTAssertFalse(nope.output.contains("Handed"), nope.output)
        XCTAssertFalse(result.stdout.contains("running quick action"), "the open session ran nothing: \(result.stdout)")
        XCTAssertEqual(try app.query("SELECT count(*) FROM shortcut_launches"), "0", "nothing was queued")
    }

    private static func quoted(_ word: String) -> String { ExpensesProcess.shellQuoted(word) }
}

/// The hand-over gives back the line exactly as it was on the screen, and only to the prompt: a
/// line erased (Ctrl-U, Backspace) stays erased, a line partly erased comes back as it was left,
/// with its cursor, and a handed-over form's fields start empty. (A new user met the erased
/// `expense delete` back at the prompt, and in the takePhoto form's first field.)
extension LaunchHandoverTests {
    private static let photo = "com.sap.example.takePhoto"
    /// The takePhoto form's first question, when a camera gave the picture.
    private static let createField = "  Create an expense from it (yes/no) [yes]: "

    /// A camera that gives another sample picture each time it is run, so that no capture finds
    /// the one before.
    private func useCamera() throws {
        let pictures = ["taxi-zurich-ch.png", "kiosk-munich-de.jpg", "cafe-newyork-us.jpg"].map(ReceiptSamples.path)
        let camera = try app.script(
            "camera",
            """
            shots="$(dirname "$0")/shots"
            n=$(cat "$shots" 2>/dev/null || echo 0)
            echo $((n + 1)) >"$shots"
            case $n in
            0) cp \(ExpensesProcess.shellQuoted(pictures[0])) "$1" ;;
            1) cp \(ExpensesProcess.shellQuoted(pictures[1])) "$1" ;;
            *) cp \(ExpensesProcess.shellQuoted(pictures[2])) "$1" ;;
            esac
            """)
        try app.ok("config", "set", "camera.command", "\(camera) {output}")
    }

    /// The takePhoto quick action launched as the desktop does, without OCR (what the form asks
    /// first does not depend on it).
    private func takePhoto(as name: String) -> [String: Any] {
        ["run": ["/bin/sh", "-c", app.onTerminal(["--shortcut", Self.photo, "--no-ocr"], as: name)]]
    }

    func testALineErasedWithCtrlUStaysErasedAfterAHandOverAndEnterRunsNothing() throws {
        try app.ok("expense", "add", "--report", "1", "--amount", "12", "--category", "meals")
        let result = try app.terminal(steps: [
            ["expect": "expenses> "],
            ["send": "expense delete 1"], ["send": "\u{15}"],  // Ctrl-U erases it
            ["run": ["/bin/sh", "-c", newReport("Handed", as: "handed")]],
            ["expect": "Created report 2: Handed"], ["expect": "expenses:report 2> "],
            ["send": "\r"], ["expect": "expenses:report 2> "],
            ["send": "quit\r"],
        ])
        XCTAssertEqual(result.status, 0, result.stdout)
        assertHandedOver("handed")
        let transcript = result.stdout
        let afterLaunch = try XCTUnwrap(transcript.range(of: "Created report 2: Handed"), transcript)
        XCTAssertFalse(transcript[afterLaunch.upperBound...].contains("delete"), "the erased line came back: \(transcript)")
        XCTAssertEqual(try app.query("SELECT count(*) FROM expenses"), "1", "Enter deleted the expense: \(transcript)")
    }

    func testALineErasedWithBackspaceIsNeitherInAHandedOverFormNorBackAtThePrompt() throws {
        try useCamera()
        let typed = "expense delete 1"
        let result = try app.terminal(steps: [
            ["expect": "expenses> "],
            ["send": typed], ["send": String(repeating: "\u{7f}", count: typed.count)],
            takePhoto(as: "photo"),
            // Its first field is empty: "no" is the whole answer.
            ["expect": Self.createField], ["send": "no\r"], ["expect": "No expense was created"],
            ["expect": "expenses> "], ["send": "\r"], ["expect": "expenses> "],
            ["send": "quit\r"],
        ])
        XCTAssertEqual(result.status, 0, result.stdout)
        assertHandedOver("photo", type: Self.photo)
        XCTAssertFalse(result.stdout.contains("expenses: error"), "the form or the prompt had text in it: \(result.stdout)")
        XCTAssertEqual(try app.query("SELECT count(*) FROM receipts"), "1")
    }

    func testALinePartlyErasedComesBackAsItWasWithItsCursorAfterAHandedOverForm() throws {
        try useCamera()
        let result = try app.terminal(steps: [
            ["expect": "expenses> "],
            // "echo abcdef", the cursor moved back before "def" (Ctrl-B three times).
            ["send": "echo abcdefgh"], ["send": "\u{7f}\u{7f}"], ["send": "\u{02}\u{02}\u{02}"],
            takePhoto(as: "photo"),
            ["expect": Self.createField], ["send": "no\r"], ["expect": "No expense was created"],
            ["expect": "expenses> echo abcdef"], ["send": "X\r"], ["expect": "abcXdef"], ["expect": "expenses> "],
            ["send": "quit\r"],
        ])
        XCTAssertEqual(result.status, 0, result.stdout)
        assertHandedOver("photo", type: Self.photo)
        XCTAssertFalse(result.stdout.contains("expenses: error"), "the form's field had the line in it: \(result.stdout)")
    }
}

/// Ctrl-C stops what it was pressed in, and only that: after a handed-over form was cancelled, or
/// the prompt's line cleared, every later hand-over once ended "cancelled (Ctrl-C)" at once, its
/// camera stopped before it gave a picture, until a command was typed.
extension LaunchHandoverTests {
    func testAfterAHandedOverFormIsCancelledTheNextHandOversEachWaitForTheirAnswer() throws {
        try useCamera()
        let result = try app.terminal(steps: [
            ["expect": "expenses> "],
            takePhoto(as: "cancelled"),
            ["expect": Self.createField], ["send": "\u{03}"], ["expect": "nothing was written"], ["expect": "expenses> "],
            takePhoto(as: "second"),
            ["expect": Self.createField], ["send": "no\r"], ["expect": "No expense was created"], ["expect": "expenses> "],
            takePhoto(as: "third"),
            ["expect": Self.createField], ["send": "no\r"], ["expect": "No expense was created"], ["expect": "expenses> "],
            ["send": "quit\r"],
        ])
        XCTAssertEqual(result.status, 0, result.stdout)
        for name in ["cancelled", "second", "third"] { assertHandedOver(name, type: Self.photo) }
        XCTAssertFalse(result.stdout.contains("cancelled (Ctrl-C)"), result.stdout)
        XCTAssertEqual(count(Self.createField, in: result.stdout), 3, result.stdout)
        XCTAssertEqual(try app.query("SELECT count(*) FROM receipts"), "2", "the cancelled capture wrote nothing")
    }

    func testAfterCtrlCClearedThePromptsLineAHandedOverFormWaitsForItsAnswer() throws {
        try useCamera()
        let result = try app.terminal(steps: [
            ["expect": "expenses> "], ["send": "echo typed"], ["send": "\u{03}"], ["expect": "^C"], ["expect": "expenses> "],
            takePhoto(as: "photo"),
            ["expect": Self.createField], ["send": "no\r"], ["expect": "No expense was created"], ["expect": "expenses> "],
            ["send": "quit\r"],
        ])
        XCTAssertEqual(result.status, 0, result.stdout)
        assertHandedOver("photo", type: Self.photo)
        XCTAssertFalse(result.stdout.contains("cancelled (Ctrl-C)"), result.stdout)
        XCTAssertEqual(try app.query("SELECT count(*) FROM receipts"), "1")
    }
}
