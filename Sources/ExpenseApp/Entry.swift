#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ExpenseCore

/// Starts the app from the process's arguments: a one-shot command, or — with no command — a
/// script read from stdin when stdin is not a terminal.
public enum Entry {
    public static func main(_ arguments: [String], environment: Environment = Environment()) -> ExitStatus {
        let runner = Runner()
        let parsed: ParsedLine
        do {
            parsed = try runner.parser.parse(arguments)
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
        if case .empty = parsed {
            guard isatty(STDIN_FILENO) == 0 else {
                Console.write(runner.help.help(for: []))
                return .ok
            }
            let text = Console.readStandardInput()
            return ScriptRunner(runner: runner).run(text, name: "<stdin>", in: session, options: .init())
        }
        do {
            return try runner.execute(parsed, in: session)
        } catch {
            return runner.report(error)
        }
    }
}
