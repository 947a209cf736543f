import ExpenseCore
import ExpenseStore
import ExpenseSupport

#if canImport(Glibc)
import Glibc
#endif

/// Runs command lines: parse, execute, render, report errors. The one path that one-shot
/// commands, REPL lines, script lines and shortcuts all take.
public struct Runner {
    public let registry: CommandRegistry
    public let parser: CommandParser
    public let help: HelpFormatter
    public static let version = "0.1.0"

    public init(registry: CommandRegistry = Commands.registry) {
        self.registry = registry
        parser = CommandParser(registry: registry)
        help = HelpFormatter(registry: registry)
    }

    /// Runs one command line and prints its result to stdout or its error to stderr.
    /// - Parameter location: `FILE:LINE` when the line comes from a script.
    @discardableResult
    public func run(_ words: [String], in session: Session, location: String? = nil) -> ExitStatus {
        do {
            let words = LineWords.meaning(words, openReport: session.currentReportID)
            return try execute(parser.parse(words, requiringAll: false), in: session)
        } catch {
            return report(error, location: location, audience: session.helpAudience)
        }
    }

    /// Executes an already parsed line.
    public func execute(_ line: ParsedLine, in session: Session) throws -> ExitStatus {
        switch line {
        case .help(let path):
            Console.write(help(in: session).help(for: path))
        case .version:
            Console.write("expenses \(Self.version)\n")
        case .empty:
            break
        case .command(let invocation, let globals):
            return try run(invocation, globals: globals, in: session)
        }
        return .ok
    }

    /// Runs a parsed command with its line's global options.
    /// - Parameter forward: what the command, one that stands for another (a quick action),
    ///   was already resolved to (by the entry, which offered it to an open session first); it
    ///   runs in place of resolving the command again.
    func run(_ invocation: Invocation, globals: GlobalValues, in session: Session, forward: Forward? = nil) throws -> ExitStatus {
        if let db = globals.db, session.isStoreOpen,
            try session.environment.database(db) != session.location
        {
            throw ExpenseError(
                .usage, "--db can only be given when expenses starts",
                hint: "this session already uses \(session.databaseName)")
        }
        // Options on the line apply to this command only; `set format` changes the session.
        let savedIdentity = session.identity
        let savedPaging = session.paging
        defer { (session.identity, session.paging) = (savedIdentity, savedPaging) }
        if let user = globals.user { try session.setUser(user, namedBy: "--user") }
        if globals.noPager { session.paging = false }
        let format = globals.format ?? session.format
        let renderer = Renderer(format: format, screen: Screen(session.environment, paging: session.paging))
        if let standsFor = invocation.spec.standsFor {
            return try run(forward ?? standsFor(invocation, session, parser), renderer: renderer, in: session)
        }
        return try perform(invocation, renderer: renderer, followsSession: globals.format == nil, in: session).status
    }

    /// What a command line produces, run as `run` runs it (its checks, its words, the trip quick
    /// actions following it) but printed nowhere and asking nothing: the web's forms run the
    /// commands this way. A missing value is the usage error, as in a script.
    func output(of words: [String], in session: Session) throws -> Output {
        let line: ParsedLine
        do {
            line = try parser.parse(words)
        } catch {
            throw ExpenseError(.usage, error.message, hint: error.hint)
        }
        guard case .command(let invocation, _) = line else { throw ExpenseError(.usage, "not a command: \(words.joined(separator: " "))") }
        try invocation.spec.validate?(invocation)
        let output = try session.withoutQuestions { try invocation.spec.run(invocation, session) }
        TripShortcuts.afterCommand(output, in: session)
        return output
    }

    /// Runs a command, prints its result, and lets the app's trip quick actions follow what it
    /// changed. A command missing a required value asks for it on a terminal, through its form.
    /// - Parameter followsSession: whether the format is the session's (no `--format` on the
    ///   line): then a command that changes it (`set format table`) answers in the new one.
    @discardableResult
    private func perform(_ invocation: Invocation, renderer: Renderer, followsSession: Bool = false, in session: Session) throws -> Output {
        var invocation = invocation
        var renderer = renderer
        invocation.format = renderer.format
        try invocation.spec.validate?(invocation)
        if let missing = invocation.missing {
            guard let form = invocation.spec.form, let reader = session.lineReader else { throw missing }
            try form(invocation, session).fill(&invocation, reader: reader)
            if let missing = invocation.missing { throw missing }
        }
        let output: Output
        do {
            output = try invocation.spec.run(invocation, session)
        } catch let error as ExpenseError where session.isServer {
            throw ErrorPresenter.onTeamDatabase(error)
        }
        if followsSession { renderer.format = session.format }
        renderer.print(output)
        TripShortcuts.afterCommand(output, in: session)
        return output
    }

    /// What a command that stands for another came to: its own result, or the command run once,
    /// here, from the root of the session, which is then left at the command's landing (a quick
    /// action's target, as the source apps do).
    private func run(_ forward: Forward, renderer: Renderer, in session: Session) throws -> ExitStatus {
        switch forward {
        case .output(let output):
            renderer.print(output)
            return output.status
        case .command(let command, let globals, let landing):
            session.navigation.removeAll()
            var renderer = renderer
            if let format = globals.format { renderer.format = format }
            let output = try perform(command, renderer: renderer, in: session)
            if let target = landing(output) { session.navigation.append(target) }
            return output.status
        }
    }

    /// Help as `session` reads it: wrapped to its terminal's width (80 when output is no
    /// terminal), and at the REPL's prompt written as commands are typed there.
    func help(in session: Session) -> HelpFormatter {
        var help = self.help
        help.width = Screen(session.environment, paging: false).columns ?? HelpLayout.defaultWidth
        help.audience = session.helpAudience
        return help
    }

    /// Prints `error` as one clear line (plus a hint, and for a usage error the usage) and
    /// returns its exit status.
    /// - Parameter audience: where the person reads it: at the REPL's prompt the usage and the
    ///   hints name commands as typed there (`see 'help report'`, `recall it first: report recall 1`).
    @discardableResult
    public func report(_ error: Error, location: String? = nil, audience: HelpAudience = .shell) -> ExitStatus {
        let prefix = location.map { "\($0): error: " } ?? "expenses: error: "
        var help = self.help
        help.audience = audience
        switch error {
        case let usage as UsageError:
            let helpPath = usage.path.isEmpty ? "" : " " + usage.path.joined(separator: " ")
            Console.error(
                "\(prefix)\(usage.message)\n" + (usage.hint.map { "hint: \(help.asTyped($0))\n" } ?? "")
                    + "usage: \(help.usage(for: usage.path))\n  see '\(audience.command("help"))\(helpPath)'\n")
            return .usage
        case let failure as ExpenseError:
            Console.error(ErrorPresenter.lines(failure, prefix: prefix, asTyped: help.asTyped))
            return ExitStatus(failure.kind)
        case let silent as SilentFailure:
            return silent.status
        case let database as DatabaseError:
            return report(ErrorPresenter.error(database), location: location, audience: audience)
        default:
            Console.error("\(prefix)internal error: \(error)\n")
            return .software
        }
    }
}
