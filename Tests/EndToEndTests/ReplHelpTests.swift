import ExpenseTestSupport
import Foundation
import XCTest

/// `help` at the REPL's prompt, on terminals of 80 and 120 columns: the session's own page (no
/// `expenses` before commands, no `--db` or `--version`, its words and keys), wrapped between
/// words to the window, and usage and error hints that name commands as typed there.
final class ReplHelpTests: EngineTestCase {
    override class var engines: Engines { .once(because: "touches no database: the same on either engine") }

    /// What the REPL printed for `help`, `help expense add`, a mistyped command, `help report`,
    /// `help quit` and an unknown report, on a terminal `columns` wide, each from the line typed
    /// to the next prompt, lines without their `\r`.
    private func answers(columns: Int, file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        let app = try ExpensesProcess()
        app.useTerminal(columns: columns)
        let lines = ["help", "help expense add", "reprot list", "help report", "help quit", "report show 9"]
        var steps: [[String: Any]] = [["expect": "expenses> "]]
        for typed in lines { steps += [["send": typed + "\r"], ["expect": "expenses> "]] }
        steps.append(["send": "quit\r"])
        let result = try app.terminal(steps: steps)
        XCTAssertEqual(result.status, 0, result.stdout, file: file, line: line)
        let transcript = result.stdout.replacingOccurrences(of: "\r\n", with: "\n")
        let parts = transcript.components(separatedBy: "expenses> ")
        return try lines.enumerated().map { index, typed in
            let part = try XCTUnwrap(parts.dropFirst(index + 1).first, "no answer to \(typed)", file: file, line: line)
            let echoed = try XCTUnwrap(part.range(of: typed + "\n"), "\(typed) not echoed: \(part)", file: file, line: line)
            return String(part[echoed.upperBound...])
        }
    }

    /// The words of `text` in order, a `\` that continues an example's line left out.
    private func words(_ text: String) -> [Substring] {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" }).filter { $0 != "\\" }
    }

    private func assertHelpFits(columns: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        let answers = try answers(columns: columns, file: file, line: line)
        let unwrapped = try self.answers(columns: 1000, file: file, line: line)
        for (answer, wide) in zip(answers, unwrapped) {
            for printed in answer.split(separator: "\n") {
                XCTAssertLessThanOrEqual(printed.count, columns, "wider than the terminal: \(printed)", file: file, line: line)
            }
            // The same words at either width: none broken at a line's end.
            XCTAssertEqual(words(answer), words(wide), file: file, line: line)
        }
        let page = answers[0]
        for said in ["quit", "back", "Ctrl-R", "Ctrl-C", "Ctrl-D", "TAB", "set format", "USAGE: <command> [<options>]"] {
            XCTAssertTrue(page.contains(said), "the REPL's help does not mention \(said):\n\(page)", file: file, line: line)
        }
        for shells in ["--db", "--version", "USAGE: expenses", "'expenses help"] {
            XCTAssertFalse(page.contains(shells), "the REPL's help says the shell's \(shells):\n\(page)", file: file, line: line)
        }
        let command = answers[1]
        XCTAssertTrue(command.contains("USAGE: expense add --amount <amount>"), command, file: file, line: line)
        XCTAssertFalse(command.contains("--db"), command, file: file, line: line)
        XCTAssertFalse(command.contains("expenses expense add"), command, file: file, line: line)
        let typo = answers[2]
        XCTAssertTrue(typo.contains("did you mean 'report'?"), typo, file: file, line: line)
        XCTAssertTrue(typo.contains("\nusage: <subcommand> [<options>]\n  see 'help'\n"), typo, file: file, line: line)
        XCTAssertFalse(typo.contains("expenses help"), typo, file: file, line: line)
        XCTAssertEqual(answers[4], page, "'help quit' is not the session's page", file: file, line: line)
        let group = answers[3]
        XCTAssertTrue(group.contains("USAGE: report <subcommand>"), group, file: file, line: line)
        XCTAssertTrue(group.contains("See 'help report <subcommand>'"), group, file: file, line: line)
        // An error's hint names its command as typed at the prompt too.
        XCTAssertTrue(answers[5].contains("error: unknown report 9\nhint: see 'report list'\n"), answers[5], file: file, line: line)
    }

    /// One-shot help in a window 80 columns wide (its size, not $COLUMNS): wrapped to it, the
    /// shell's page with --db, the same words as in a window too wide to wrap anything.
    func testOneShotHelpFitsTheWindow() throws {
        func help(columns: Int) throws -> String {
            let app = try ExpensesProcess()
            app.useTerminal(columns: columns)
            let result = try app.terminal(arguments: ["help", "expense", "add"], steps: [])
            XCTAssertEqual(result.status, 0, result.stdout)
            return result.stdout.replacingOccurrences(of: "\r\n", with: "\n")
        }
        let text = try help(columns: 80)
        for line in text.split(separator: "\n") { XCTAssertLessThanOrEqual(line.count, 80, String(line)) }
        XCTAssertEqual(words(text), words(try help(columns: 1000)))
        XCTAssertTrue(text.contains("USAGE: expenses expense add") && text.contains("--db <path>"), text)
    }

    func testHelpAtThePromptIsTheSessionsOwnAndFits80Columns() throws {
        try assertHelpFits(columns: 80)
    }

    func testHelpAtThePromptIsTheSessionsOwnAndFits120Columns() throws {
        try assertHelpFits(columns: 120)
    }
}
