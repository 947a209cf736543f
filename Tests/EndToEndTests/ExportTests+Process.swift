import ExpenseTestSupport
import Foundation
import XCTest

/// The checks of `ExportTests` that need the built binary as a process of its own.
extension ExportTests {

    // MARK: - The format from the file's name, and PDF

    func testPDFGoesToAPipeButNotToATerminal() throws {
        let piped = try app.launch(["report", "export", "1", "--format", "pdf"], stdin: Data())()
        XCTAssertEqual(piped.0, 0, String(decoding: piped.2, as: UTF8.self))
        XCTAssertTrue(piped.1.starts(with: Data("%PDF-".utf8)))
        let command = ([ExpensesProcess.binary.path, "report", "export", "1", "--format", "pdf"]).map(ExpensesProcess.shellQuoted).joined(
            separator: " ")
        let terminal = try app.run(
            ["-c", "script -qec \(ExpensesProcess.shellQuoted(command)) /dev/null </dev/null"],
            executable: URL(fileURLWithPath: "/bin/sh"))
        XCTAssertEqual(terminal.status, 64, terminal.stdout)
        XCTAssertTrue(
            terminal.stdout.contains("expenses: error: a PDF is not for a terminal: give '--output <file>', or pipe it"), terminal.stdout)
        XCTAssertFalse(terminal.stdout.contains("%PDF"))
        // Nor when a transaction holds it back, to be shown on the terminal at the commit.
        try "report export 1 --format pdf\n".write(toFile: app.path("pdf.expenses"), atomically: true, encoding: .utf8)
        let script = [ExpensesProcess.binary.path, "run", "--bail", "--transaction", app.path("pdf.expenses")]
        let held = try app.run(
            [
                "-c",
                "script -qec \(ExpensesProcess.shellQuoted(script.map(ExpensesProcess.shellQuoted).joined(separator: " "))) /dev/null </dev/null",
            ],
            executable: URL(fileURLWithPath: "/bin/sh"))
        XCTAssertEqual(held.status, 64, held.stdout)
        XCTAssertTrue(held.stdout.contains("error: a PDF is not for a terminal"), held.stdout)
        XCTAssertFalse(held.stdout.contains("%PDF"))
    }

    /// Chromium as google-chrome, faked: it shows what it was given (a private directory for
    /// the page and the profile, which is gone afterwards) and prints a PDF of its own.
    func testThePrinterIsFoundByAnyNameAndWorksInAPrivateDirectory() throws {
        let bin = app.path("bin")
        let temporary = app.path("tmp")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        let log = app.path("chrome.log")
        // Shell builtins only: the PATH holds nothing else.
        let fake = """
            #!/bin/sh
            for argument in "$@"; do
              printf '%s\\n' "$argument" >> \(ExpensesProcess.shellQuoted(log))
              case "$argument" in
                --print-to-pdf=*) pdf=${argument#--print-to-pdf=} ;;
                file://*) page=${argument#file://} ;;
              esac
            done
            [ -f "$page" ] && printf 'page:%s\\n' "$HOME" >> \(ExpensesProcess.shellQuoted(log))
            printf '%%PDF-1.4 fake' > "$pdf"

            """
        _ = FileManager.default.createFile(
            atPath: bin + "/google-chrome", contents: Data(fake.utf8), attributes: [.posixPermissions: 0o755])
        app.environment["PATH"] = bin
        app.environment["TMPDIR"] = temporary
        try app.ok("report", "export", "1", "-o", app.path("trip.pdf"))
        XCTAssertEqual(try String(contentsOfFile: app.path("trip.pdf"), encoding: .utf8), "%PDF-1.4 fake")
        let arguments = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertTrue(arguments.contains("--headless"), "\(arguments)")
        let profile = try XCTUnwrap(arguments.first { $0.hasPrefix("--user-data-dir=") }?.dropFirst("--user-data-dir=".count))
        XCTAssertTrue(profile.hasPrefix(temporary + "/expenses-print-"), String(profile))
        let home = try XCTUnwrap(arguments.first { $0.hasPrefix("page:") }?.dropFirst("page:".count), "the page was there to print")
        XCTAssertTrue(profile.hasPrefix(home + "/"), "its HOME is the private directory too")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary), [], "the private directory is removed")
        // A browser that prints nothing is said so, and nothing is written.
        _ = FileManager.default.createFile(
            atPath: bin + "/google-chrome", contents: Data("#!/bin/sh\necho 'no display' >&2\nexit 3\n".utf8),
            attributes: [.posixPermissions: 0o755])
        let failed = try app.run("report", "export", "1", "-o", app.path("failed.pdf"))
        XCTAssertEqual(failed.status, 69)
        XCTAssertEqual(failed.stderr, "expenses: error: Chromium (\(bin)/google-chrome) printed no PDF (exit status 3): no display\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: app.path("failed.pdf")))
    }
}
