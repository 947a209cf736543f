import ExpenseTestSupport
import Foundation
import XCTest

/// A desktop entry's action launched as a person's desktop launches it, driven by
/// Support/launcher_drive.py: GLib's own launch code on a virtual screen, where a Terminal=true
/// action opens in xterm, and the screen read back with tesseract.
extension ExpensesProcess {
    struct LauncherError: Error, CustomStringConvertible {
        let status: Int32
        let stderr: String
        var description: String { "launcher_drive.py failed (\(status)): \(stderr)" }
    }

    /// What the driver saw: its status (0 when every expectation was met, 1 when not), the last
    /// text read and how many terminal windows were still open then; with keys, the text read and
    /// the windows open when they were typed.
    struct Launched {
        let status: Int32
        let text: String
        let windows: Int
        let textAtKeys: String?
        let windowsAtKeys: Int?
    }

    /// Launches `action` of `desktopFile`, waits `wait` seconds, then reads the screen until every
    /// text of `expect` is on it or `timeout` seconds have passed since the launch; with `keys`,
    /// then types them into the terminal (a newline is Return) and reads until every text of
    /// `expectAfter` is there and, with `expectClosed`, the terminal has closed. The driver needs
    /// Scripts/bootstrap's packages (python3-gi, xvfb, xterm, imagemagick, xdotool...).
    func launch(
        action: String, desktopFile: String, expect: [String], timeout: TimeInterval = 20, wait: TimeInterval = 3,
        keys: String? = nil, expectAfter: [String] = [], expectClosed: Bool = false
    ) throws -> Launched {
        let driver = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Support/launcher_drive.py")
        var arguments = [driver.path, "--desktop-file", desktopFile, "--action", action, "--wait", "\(wait)", "--timeout", "\(timeout)"]
        arguments += expect.flatMap { ["--expect", $0] }
        if let keys { arguments += ["--keys", keys] }
        arguments += expectAfter.flatMap { ["--expect-after", $0] }
        if expectClosed { arguments.append("--expect-closed") }
        let result = try run(arguments, executable: URL(fileURLWithPath: "/usr/bin/python3"))
        guard result.status == 0 || result.status == 1,
            let output = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
            let text = output["text"] as? String, let windows = output["windows"] as? Int
        else { throw LauncherError(status: result.status, stderr: result.stderr + result.stdout) }
        return Launched(
            status: result.status, text: text, windows: windows, textAtKeys: output["text_at_keys"] as? String,
            windowsAtKeys: output["windows_at_keys"] as? Int)
    }
}

final class LauncherTests: EngineTestCase {
    var app: ExpensesProcess!

    override func setUpWithError() throws { app = try ExpensesProcess() }
    override func tearDown() { app = nil }

    /// The driver itself, on an action whose terminal stays open by its own doing: it must read
    /// the text, count the one window, and leave nothing running once it is done.
    func testTheDriverReadsAWindowThatStaysOpen() throws {
        let script = app.path("stays-open.sh")
        try "echo Munich trip report\nsleep 30\n".write(toFile: script, atomically: true, encoding: .utf8)
        let entry = app.path("stays-open.desktop")
        try """
        [Desktop Entry]
        Type=Application
        Name=Stays open
        Exec=sh "\(script)"
        Terminal=true
        Actions=show;

        [Desktop Action show]
        Name=Show
        Exec=sh "\(script)"

        """.write(toFile: entry, atomically: true, encoding: .utf8)
        let launched = try app.launch(action: "show", desktopFile: entry, expect: ["Munich trip report"])
        XCTAssertEqual(launched.status, 0, launched.text)
        XCTAssertTrue(launched.text.contains("Munich trip report"), launched.text)
        XCTAssertEqual(launched.windows, 1, "the terminal should still be open after --wait: \(launched.text)")
        // The terminal and the script in it are stopped with the driver (the path is this test's own).
        XCTAssertEqual(try Tool.run("/usr/bin/pgrep", "-f", script).status, 1, "a process of the launch is still running")
    }
}

/// expenses' own quick actions launched from a desktop launcher: a Terminal=true action runs in a
/// session that stays open at its target, where its result or its error can be read.
extension LauncherTests {
    /// An entry for actions `shortcuts install` would not write: one of an unknown type, one on a
    /// database that cannot be opened.
    private func failingEntry() throws -> String {
        let binary = ExpensesProcess.binary.resolvingSymlinksInPath().path
        let entry = app.path("failing.desktop")
        try """
        [Desktop Entry]
        Type=Application
        Name=Expenses (failing actions)
        Exec=\(binary) --db \(app.databasePath)
        Terminal=true
        Actions=unknownType;noDatabase;

        [Desktop Action unknownType]
        Name=Unknown
        Exec=\(binary) --db \(app.databasePath) --shortcut com.sap.example.nope

        [Desktop Action noDatabase]
        Name=No database
        Exec=\(binary) --db /nonexistent-dir/x.sqlite --shortcut com.sap.example.showReports

        """.write(toFile: entry, atomically: true, encoding: .utf8)
        return entry
    }

    func testTheInstalledShowReportsStaysOpenAtThePromptUntilQuit() throws {
        app.useTerminal()
        app.environment["XDG_DATA_HOME"] = app.path("share")
        try app.ok("report", "new", "Munich trip")
        try app.ok("shortcuts", "install")
        let launched = try app.launch(
            action: "showReports", desktopFile: app.path("share/applications/expenses.desktop"),
            expect: ["Munich trip", "expenses>"], wait: 4, keys: "quit\n", expectClosed: true)
        XCTAssertEqual(launched.status, 0, "the list and the prompt, then closed after quit: \(launched.textAtKeys ?? launched.text)")
        XCTAssertEqual(launched.windowsAtKeys, 1, "the window stays open with the list: \(launched.textAtKeys ?? "")")
        let screen = launched.textAtKeys ?? ""
        let list = try XCTUnwrap(screen.range(of: "Munich trip"), screen)
        XCTAssertTrue(screen[list.upperBound...].contains("expenses>"), "the prompt below the list: \(screen)")
        XCTAssertEqual(launched.windows, 0, "quit closes the window")
    }

    func testTheTripsAddExpenseActionAsksItsFirstQuestionThenAddsTheExpense() throws {
        app.useTerminal()
        app.environment["XDG_DATA_HOME"] = app.path("share")
        try app.ok("report", "new", "Munich trip", "--from", "2026-03-09", "--to", "2026-03-12")
        try app.ok("shortcuts", "install")
        // The installed entry's actions are the launcher's four: the trip's own "Add expense to" among them.
        let launched = try app.launch(
            action: "addExpenseToReport", desktopFile: app.path("share/applications/expenses.desktop"),
            expect: ["New expense in report 1: Munich trip", "Date [2026-03-10]"], wait: 2,
            keys: "\n\ntaxi\n\n23.40\n\n", expectAfter: ["Added expense 1 to report 1", "expenses:report 1>"])
        XCTAssertEqual(launched.status, 0, "the form, then the result at the trip: \(launched.text)")
        XCTAssertEqual(launched.windowsAtKeys, 1, "the window stays open at the first question: \(launched.textAtKeys ?? "")")
        XCTAssertEqual(launched.windows, 1, "and at the trip afterwards: \(launched.text)")
        XCTAssertEqual(try app.query("SELECT report_id, date, category, amount_minor FROM expenses"), "1|2026-03-10|taxi|2340")
    }

    func testAnUnknownTypeLeavesItsErrorReadableAtThePrompt() throws {
        app.useTerminal()
        try app.ok("report", "new", "Munich trip")
        let launched = try app.launch(
            action: "unknownType", desktopFile: try failingEntry(),
            expect: ["unknown quick action type", "com.sap.example.nope", "expenses>"], wait: 4)
        XCTAssertEqual(launched.status, 0, launched.text)
        XCTAssertEqual(launched.windows, 1, "the window stays open with the error: \(launched.text)")
    }

    func testADatabaseThatCannotBeOpenedIsSaidInTheWindowThatStaysOpen() throws {
        app.useTerminal()
        let launched = try app.launch(
            action: "noDatabase", desktopFile: try failingEntry(),
            expect: ["cannot create the database /nonexistent-dir/x.sqlite", "does not exist", "expenses>"],
            wait: 4)
        XCTAssertEqual(launched.status, 0, launched.text)
        XCTAssertEqual(launched.windows, 1, "the window stays open with the error: \(launched.text)")
    }
}
