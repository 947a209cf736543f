import ExpenseCore
import ExpenseSupport

#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Starts the app from the process's arguments: a one-shot command, or — with no command — the
/// REPL when stdin is a terminal, else a script read from stdin. A quick action on a terminal
/// (as a launcher starts one) goes into the task: to the session already open, or into a new
/// one that stays open at the action's target.
public enum Entry {
    /// - Parameters:
    ///   - streams: where the run reads and writes (`Console`): the process's own, or a test's files.
    ///   - cancellation: the session's Ctrl-C (`Cancellation.current`): the process's, which the
    ///     executable's SIGINT handler raises, or one of its own for a session run beside others.
    ///   - makeReader: the line editor for the REPL, given the history file and the completer.
    public static func main(
        _ arguments: [String], environment: Environment = Environment(), streams: ConsoleStreams = .standard,
        cancellation: Cancellation.Flag = Cancellation.process,
        makeReader: @escaping (_ historyPath: String, _ completer: @escaping ([String], String) -> [String]) -> LineReader
    ) -> ExitStatus {
        Console.$streams.withValue(streams) {
            Cancellation.$current.withValue(cancellation) { run(arguments, environment: environment, makeReader: makeReader) }
        }
    }

    private static func run(
        _ arguments: [String], environment: Environment,
        makeReader: @escaping (_ historyPath: String, _ completer: @escaping ([String], String) -> [String]) -> LineReader
    ) -> ExitStatus {
        let runner = Runner()
        var parsed: ParsedLine
        do {
            // What is missing is the runner's to check: on a terminal, a form asks for it.
            parsed = try runner.parser.parse(ShortcutLaunch.commandLine(arguments), requiringAll: false)
        } catch {
            return runner.report(error)
        }
        // A launch's `--repl` is the entry's to act on: a terminal gets a REPL anyway; without
        // one it says that no REPL can start.
        var asksForREPL = false
        if case .command(var launch, let globals) = parsed, ShortcutLaunch.isLaunch(launch), launch[ShortcutCommands.Options.repl] {
            launch.remove(ShortcutCommands.Options.repl)
            parsed = .command(launch, globals: globals)
            asksForREPL = true
        }
        var globals = GlobalValues()
        switch parsed {
        case .command(_, let given), .empty(let given): globals = given
        case .help, .version: break
        }
        let session: Session
        do {
            session = try Session(
                environment: environment, databaseOverride: globals.db,
                format: globals.format ?? .table, user: globals.user)
        } catch {
            // Help and the version read no database: a location that is none does not stop them.
            switch parsed {
            case .help, .version:
                return (try? runner.execute(parsed, in: Session(environment: environment, databaseOverride: ":memory:"))) ?? .ok
            default:
                return runner.report(error)
            }
        }
        // A name given on the command line is refused at once; one from the environment when needed.
        if globals.user != nil, case .failure(let error) = session.identity { return runner.report(error) }
        let onTerminal = Console.isTerminal(\.input) && Console.isTerminal(\.output)
        func reader() -> LineReader {
            let completer = Completer(registry: runner.registry, extraCommands: Repl.commands)
            return makeReader(historyPath(environment)) { words, current in
                completer.candidates(after: words, current: current, session: session).words
            }
        }
        if case .empty = parsed {
            if Console.isTerminal(\.input) { return Repl(runner: runner, session: session, reader: reader()).run() }
            let text: String
            do {
                text = try ScriptText.decode(Console.readStandardInputBytes(), name: "<stdin>")
            } catch {
                return runner.report(error)
            }
            return ScriptRunner(runner: runner).run(text, name: "<stdin>", in: session, options: .init())
        }
        if onTerminal, case .command(let launch, let globals) = parsed, ShortcutLaunch.isLaunch(launch),
            !launch[ShortcutCommands.Options.defer]
        {
            return launchOnTerminal(launch, globals: globals, runner: runner, session: session, reader: reader)
        }
        // A one-shot command on a terminal asks for what it was not given; elsewhere it never asks.
        if onTerminal { session.makeLineReader = reader }
        let status: ExitStatus
        do {
            status = try runner.execute(parsed, in: session)
        } catch {
            status = runner.report(error)
        }
        if asksForREPL {
            Console.error("expenses: --repl needs a terminal; the quick action ran, no REPL started\n")
        }
        return status
    }

    /// A quick action on a terminal, as a launcher starts one, resolved once: handed to the
    /// session open on the same database, else run in a REPL of its own that stays at its
    /// target. One that cannot run is not handed over: the REPL it opens shows why.
    static func launchOnTerminal(
        _ launch: Invocation, globals: GlobalValues, runner: Runner, session: Session,
        reader: () -> LineReader
    ) -> ExitStatus {
        let forward = Result { () throws -> Forward in
            guard let standsFor = launch.spec.standsFor else { throw ExpenseError(.internal, "'\(launch.spec.name)' is no launch") }
            return try standsFor(launch, session, runner.parser)
        }
        if case .success = forward, let handedOver = LaunchHandover.offer(launch, globals: globals, in: session) {
            Console.write(handedOver)
            return .ok
        }
        return Repl(runner: runner, session: session, reader: reader()).run {
            try runner.run(launch, globals: globals, in: session, forward: forward.get())
        }
    }

    /// `$EXPENSES_HISTORY`, else `$XDG_STATE_HOME/expenses/history`; its directory is created.
    static func historyPath(_ environment: Environment) -> String {
        if let path = environment["EXPENSES_HISTORY"] { return environment.path(path) }
        try? FileManager.default.createDirectory(
            atPath: environment.stateDirectory, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        return environment.stateDirectory + "/history"
    }
}
