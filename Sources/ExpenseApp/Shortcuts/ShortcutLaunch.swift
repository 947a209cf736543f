import ExpenseCore
import ExpenseShortcuts
import ExpenseStore
import ExpenseSupport
import PropertyList

/// Runs a quick action: `expenses --shortcut TYPE ...` from a launcher, `shortcut TYPE ...` at the
/// REPL prompt or in a script, and launches delivered from the inbox. The action becomes a
/// command line of the command language and goes through the same runner as everything else;
/// its exit status is the launch's.
public enum ShortcutLaunch {
    /// Turns `--shortcut TYPE` (or `--shortcut=TYPE`) after argv's global options into the
    /// `shortcut` command, so that argv, the REPL and scripts share one path (the parser takes a
    /// global option such as `--db` wherever it is).
    public static func commandLine(_ arguments: [String]) -> [String] {
        var index = 0
        let globals = [GlobalOptions.db.spec, GlobalOptions.format.spec, GlobalOptions.user.spec].map(\.word)
        while index < arguments.count {
            let word = arguments[index]
            if word == "--shortcut" || word.hasPrefix("--shortcut=") {
                let type = word.firstIndex(of: "=").map { [String(word[word.index(after: $0)...])] } ?? []
                return Array(arguments[..<index]) + ShortcutCommands.launch.path + type + arguments[(index + 1)...]
            }
            if globals.contains(word) {
                index += 2
            } else if globals.contains(where: { word.hasPrefix($0 + "=") }) || word == GlobalOptions.noPager.spec.word {
                index += 1
            } else {
                return arguments
            }
        }
        return arguments
    }

    /// Whether `invocation` is a quick action's launch (`shortcut TYPE`).
    static func isLaunch(_ invocation: Invocation) -> Bool { invocation.spec.path == ShortcutCommands.launch.path }

    // MARK: - Resolving

    /// Resolves the launch `launch` (the `shortcut` command's line) against the session's quick
    /// actions: the route (unknown type 64, disabled 69) and the one command it runs, parsed by
    /// `parser`. With `--defer` it is queued here.
    @Sendable
    static func resolve(_ launch: Invocation, in session: Session, parser: CommandParser) throws -> Forward {
        typealias Options = ShortcutCommands.Options
        let type = try launch[ShortcutCommands.launchType]
        // At the REPL's prompt --repl asks for what is already so; elsewhere it is for starting
        // expenses, whose entry takes it off the line.
        if launch[Options.repl], session.lineReader == nil {
            throw UsageError("--repl only works when expenses starts: expenses --shortcut \(type) --repl", path: launch.spec.path)
        }
        let settings = try session.settings()
        let shortcuts = try session.shortcuts(catalogPath: try launch[Options.catalog])
        let router = ShortcutActions.router(shortcuts, appID: settings.appID)
        let currentTrip = session.currentReportID ?? TripShortcuts.currentTrip(in: shortcuts, appID: settings.appID)
        let route = try router.route(
            type, info: try launch[Options.info].map { ($0.key, $0.value) },
            arguments: try launch[ShortcutCommands.passedOn], currentReport: currentTrip)
        if launch[Options.defer] {
            return .output(try enqueue(route, launch: launch, in: session))
        }
        guard
            case .command(let command, let globals) = try parser.parse(
                try inboxFirst(try commandLine(route, registry: parser.registry), of: route, in: session),
                requiringAll: false)
        else {
            throw ExpenseError(.internal, "\(type) does not come to a command")
        }
        return .command(command, globals: globals) { output in target(of: route, output: output) }
    }

    /// "Show Reports" for someone whose decision reports wait for shows what waits for them: their
    /// inbox (`expenses inbox`), unless the launch passed the list something of its own.
    static func inboxFirst(_ words: [String], of route: ShortcutRoute, in session: Session) throws -> [String] {
        guard route.action == ShortcutActions.named("showReports"), words == route.action.command,
            try !session.store().waitingForDecision(by: session.user).isEmpty
        else { return words }
        return InboxCommands.inbox.path
    }

    /// The words a launch keeps to be run later (`--defer`, or handed to an open session): the
    /// `--info` pairs and the words passed on (the type and catalog are kept apart).
    static func replayWords(_ launch: Invocation) throws -> [String] {
        try launch[ShortcutCommands.Options.info].flatMap { ["--info", $0.word] } + launch[ShortcutCommands.passedOn]
    }

    /// The command line a resolved route runs, checked against the command it names.
    static func commandLine(_ route: ShortcutRoute, registry: CommandRegistry) throws -> [String] {
        let path = route.action.commandPath
        guard let spec = registry.command(path) else {
            throw ExpenseError(
                .internal, "'\(route.item.type)' names the command 'expenses \(path.joined(separator: " "))', which is not in the registry")
        }
        if let unknown = unknownParameter(route.parameters, of: route.action, command: spec) {
            throw UsageError(
                "the quick action \(route.item.type) passes '\(unknown.key)', which is not an option of 'expenses \(spec.name)'",
                hint: unknown.suggestion.map { "did you mean '\($0)'?" }, path: spec.path)
        }
        do {
            return try route.words()
        } catch {
            switch error {
            case .notAWord(let key, let type):
                throw ExpenseError(
                    .invalidData,
                    "\(route.item.type): the parameter '\(key)' is \(type); only strings, numbers, dates, booleans and arrays of them can be passed to 'expenses \(spec.name)'"
                )
            }
        }
    }

    /// Where the session is left after `route` ran with `output`: at the root, or inside the
    /// report the action is about or the command touched, as the source apps do.
    static func target(of route: ShortcutRoute, output: Output) -> Int64? {
        let touched = output.touchedReport ?? nil
        switch route.action.landing {
        case .root: return nil
        case .report: return touched ?? route.reportID
        case .createdReport: return touched
        }
    }

    /// The first parameter that `command` has no option for, with the nearest option's name.
    static func unknownParameter(
        _ parameters: PropertyListDictionary, of action: ShortcutAction,
        command: CommandSpec
    ) -> (key: String, suggestion: String?)? {
        for key in parameters.keys where !action.positional.contains(key) {
            let option = ShortcutRoute.optionName(key)
            if command.option(option) == nil {
                return (key, Suggestion.closest(to: option, among: command.options.map(\.name)))
            }
        }
        return nil
    }

    /// Queues a launch for a running session (or `shortcuts inbox --deliver`) to run.
    private static func enqueue(_ route: ShortcutRoute, launch: Invocation, in session: Session) throws -> Output {
        let catalog = try launch[ShortcutCommands.Options.catalog].map(session.environment.path)
        let record = try session.store().enqueueLaunch(
            LaunchRequest(
                type: route.item.type, arguments: try replayWords(launch),
                catalog: catalog))
        return QueuedLaunch(item: route.item, record: record).output
    }
}
