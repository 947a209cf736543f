#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ExpenseCore

/// Starts the app from the process's arguments: a one-shot command, or — with no command — the
/// REPL when stdin is a terminal, else a script read from stdin.
public enum Entry {
    /// - Parameter makeReader: the line editor for the REPL, given the history file and the completer.
    public static func main(_ arguments: [String], environment: Environment = Environment(),
                            makeReader: (_ historyPath: String, _ completer: @escaping ([String], String) -> [String]) -> LineReader) -> ExitStatus {
        let runner = Runner()
        // `expenses --shortcut TYPE --repl`: run the quick action, then stay in the REPL at its target.
        let (launch, startsREPL) = ShortcutLaunch.splittingREPL(arguments)
        let parsed: ParsedLine
        do {
            parsed = try runner.parser.parse(ShortcutLaunch.commandLine(launch))
        } catch {
            return runner.report(error)
        }
        var globals: [String: String] = [:]
        switch parsed {
        case .command(_, let given), .empty(let given): globals = given
        case .help, .version: break
        }
        let session = Session(environment: environment, databaseOverride: globals["db"],
                              format: globals["format"].flatMap(OutputFormat.init) ?? .table, user: globals["user"])
        func repl() -> ExitStatus {
            let completer = Completer(registry: runner.registry, extraCommands: Repl.commands)
            let reader = makeReader(historyPath(environment)) { words, current in
                completer.candidates(after: words, current: current, session: session).words
            }
            let repl = Repl(runner: runner, session: session, reader: reader)
            // Quick actions a launcher queued (--defer) while this session runs are picked up
            // before each prompt, each exactly once.
            repl.beforePrompt = { _ = LaunchInbox.deliverPending(in: $0, runner: runner) }
            return repl.run()
        }
        if case .empty = parsed {
            if isatty(STDIN_FILENO) != 0 { return repl() }
            let text = Console.readStandardInput()
            return ScriptRunner(runner: runner).run(text, name: "<stdin>", in: session, options: .init())
        }
        let status: ExitStatus
        do {
            status = try runner.execute(parsed, in: session)
        } catch {
            status = runner.report(error)
        }
        guard startsREPL else { return status }
        guard isatty(STDIN_FILENO) != 0 else {
            Console.error("expenses: --repl needs a terminal; the quick action ran, no REPL started\n")
            return status
        }
        return repl()
    }

    /// `$EXPENSES_HISTORY`, else `$XDG_STATE_HOME/expenses/history`; its directory is created.
    static func historyPath(_ environment: Environment) -> String {
        if let path = environment["EXPENSES_HISTORY"] { return path }
        try? FileManager.default.createDirectory(atPath: environment.stateDirectory, withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o700])
        return environment.stateDirectory + "/history"
    }
}
