import ExpenseTestSupport
import Foundation
import XCTest

/// The shell completion scripts, sourced in a real bash and asked for candidates.
final class CompletionScriptTests: EngineTestCase {
    var app: ExpensesProcess!

    override func setUpWithError() throws {
        app = try ExpensesProcess()
        app.environment["PATH"] = ExpensesProcess.binary.deletingLastPathComponent().path + ":" + (app.environment["PATH"] ?? "")
    }

    override func tearDown() { app = nil }

    /// What bash completes for `words` (the last one being typed), with the script sourced.
    private func bashComplete(_ words: [String]) throws -> [String] {
        let quoted = (["expenses"] + words).map { "'\($0.replacingOccurrences(of: "'", with: "'\\''"))'" }.joined(separator: " ")
        let script = """
            source <(expenses completion bash)
            COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count); COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}
            _expenses
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try app.run(["-c", script], executable: URL(fileURLWithPath: "/bin/bash"))
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout.split(separator: "\n").map(String.init)
    }

    func testBashCompletesCommandsSubcommandsAndOptions() throws {
        XCTAssertEqual(try bashComplete(["rep"]), ["report"])
        let reportWords = Set(try bashComplete(["report", ""]))
        XCTAssertTrue(
            reportWords.isSuperset(of: ["new", "list", "show", "edit", "delete", "submit", "approve", "export"]), "\(reportWords)")
        XCTAssertFalse(reportWords.contains("expense"))
        XCTAssertEqual(try bashComplete(["expense", "add", "--amo"]), ["--amount"])
        XCTAssertEqual(try bashComplete(["report", "list", "--format", ""]), ["table", "json", "csv"])
        XCTAssertEqual(try bashComplete(["help", "exit"]), ["exit-codes"], "help topics")
        XCTAssertEqual(try bashComplete(["help", "quick"]), ["quick-actions"])
    }

    func testBashCompletesValuesFromTheDatabase() throws {
        try app.ok("report", "new", "One")
        try app.ok("report", "new", "Two")
        XCTAssertEqual(Set(try bashComplete(["report", "show", ""])), ["1", "2"])
        XCTAssertEqual(try bashComplete(["expense", "add", "--category", "lo"]), ["lodging"])
        XCTAssertEqual(try bashComplete(["expense", "add", "--currency", "CH"]), ["CHE", "CHF", "CHW"])
    }

    func testBashCompletesQuickActionTypes() throws {
        XCTAssertEqual(try bashComplete(["--shortcut", "com.sap.example.sh"]), ["com.sap.example.showReports"])
        XCTAssertTrue(try bashComplete(["shortcut", ""]).contains("com.sap.example.takePhoto"))
        try app.ok("shortcuts", "add", "com.sap.example.unassignedExpenses", "--title", "Loose receipts")
        XCTAssertEqual(try bashComplete(["shortcuts", "remove", "com.sap.example.un"]), ["com.sap.example.unassignedExpenses"])
    }

    /// Candidates are data: a quick-action type in a catalog is offered as it is written, and
    /// nothing in it runs (`compgen -W` expanded its words, so a backquoted type ran at TAB).
    func testBashOffersHostileCandidatesLiterallyAndRunsNothing() throws {
        let backquoted = app.path("backquoted")
        let substituted = app.path("substituted")
        // A `$(` in a catalog names a variable: the type with a command substitution comes from one.
        let types = ["com.x.`touch \(backquoted)`", "com.x.${VAR}", "com.x.$HOME", "com.x.*"]
        let items = types.enumerated().map { index, type in
            "<dict><key>UIApplicationShortcutItemType</key><string>\(type)</string>"
                + "<key>UIApplicationShortcutItemTitle</key><string>Item \(index)</string></dict>"
        }
        let catalog = app.path("Info.plist")
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>UIApplicationShortcutItems</key><array>
        \(items.joined(separator: "\n"))
        </array></dict></plist>
        """.write(toFile: catalog, atomically: true, encoding: .utf8)
        try app.ok("config", "set", "var.VAR", "$(touch \(substituted))")
        try app.ok("config", "set", "shortcuts.catalog", catalog)
        // A file whose name the type `com.x.*` matches as a glob.
        try "".write(toFile: app.path("com.x.file"), atomically: true, encoding: .utf8)
        let offered = ["com.x.`touch \(backquoted)`", "com.x.$(touch \(substituted))", "com.x.$HOME", "com.x.*"]
        XCTAssertEqual(try app.ok("__complete", "--", "--shortcut", "com.x."), offered.map { $0 + "\n" }.joined())
        XCTAssertEqual(try bashComplete(["--shortcut", "com.x."]), offered)
        XCTAssertEqual(try bashComplete(["shortcut", "com.x.$"]), [offered[1], offered[2]])
        XCTAssertEqual(try bashComplete(["shortcut", "com.x.`"]), [offered[0]])
        XCTAssertEqual(try bashComplete(["shortcut", "com.x.*"]), [offered[3]], "a prefix, not a pattern")
        for path in [backquoted, substituted] {
            XCTAssertFalse(FileManager.default.fileExists(atPath: path), "\(path) was created: a candidate ran")
        }
    }

    func testCompletionNeverCreatesADatabase() throws {
        XCTAssertEqual(try bashComplete(["report", "show", ""]), [])
        XCTAssertFalse(FileManager.default.fileExists(atPath: app.databasePath))
    }

    /// As zsh loads it from a directory of $fpath (Scripts/install puts it in
    /// share/zsh/vendor-completions/_expenses): the first TAB completes already.
    func testZshCompletesAtTheFirstTabWhenAutoloaded() throws {
        let functions = app.path("zfunc")
        try FileManager.default.createDirectory(atPath: functions, withIntermediateDirectories: true)
        try app.ok("completion", "zsh").write(toFile: functions + "/_expenses", atomically: true, encoding: .utf8)
        let script = """
            fpath=(\(ExpensesProcess.shellQuoted(functions)) $fpath)
            autoload -Uz _expenses
            compadd() { shift; print -rl -- "$@"; }   # what zsh would offer, printed instead
            words=(expenses rep); CURRENT=2
            _expenses
            words=(expenses report sh); CURRENT=3
            _expenses
            """
        let zsh = "/usr/bin/zsh"
        guard FileManager.default.isExecutableFile(atPath: zsh) else { return XCTFail("zsh is missing: run Scripts/bootstrap") }
        let result = try app.run(["-f", "-c", script], executable: URL(fileURLWithPath: zsh))
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "report\nshow\n", result.stderr)
        XCTAssertEqual(result.stderr, "")
    }

    func testZshAndFishScriptsCallTheBinaryBack() throws {
        let zsh = try app.ok("completion", "zsh")
        XCTAssertTrue(zsh.hasPrefix("#compdef expenses"))
        XCTAssertTrue(zsh.contains("__complete --"))
        XCTAssertTrue(try app.ok("completion", "fish").contains("complete -c expenses"))
        let bad = try app.run("completion", "tcsh")
        XCTAssertEqual(bad.status, 64)
        XCTAssertTrue(
            bad.stderr.hasPrefix(
                "expenses: error: invalid value 'tcsh' for '<shell>': give one of 'bash', 'zsh' or 'fish'"))
    }
}
