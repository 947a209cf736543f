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
    /// Turns `--shortcut TYPE` (or `--shortcut=TYPE`) at the front of argv into the `shortcut`
    /// command, so that argv, the REPL and scripts share one path. A `--db` among the launch's
    /// words moves before it, since the database is chosen when the session starts.
    public static func commandLine(_ arguments: [String]) -> [String] {
        guard let split = launchSplit(arguments) else { return arguments }
        return split.before + LaunchWords.path + split.launch
    }

    /// For the REPL's entry: argv without `--repl`, and whether it asked for the REPL after a
    /// quick action (`expenses --shortcut TYPE --repl`). Run the returned arguments as usual —
    /// the action runs and leaves `session.navigation` at its target — then start the REPL on
    /// that session.
    public static func splittingREPL(_ arguments: [String]) -> (arguments: [String], startsREPL: Bool) {
        guard var split = launchSplit(arguments) else { return (arguments, false) }
        let end = split.launch.firstIndex(of: "--") ?? split.launch.endIndex
        guard let repl = split.launch[..<end].firstIndex(of: ShortcutCommands.Options.repl.spec.word) else { return (arguments, false) }
        split.launch.remove(at: repl)
        return (split.before + LaunchWords.path + split.launch, true)
    }

    /// argv's words before the `shortcut` command (global options, a hoisted `--db`) and the
    /// launch's words after it; nil when argv is no `--shortcut` launch.
    private static func launchSplit(_ arguments: [String]) -> (before: [String], launch: [String])? {
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            if word == "--shortcut" || word.hasPrefix("--shortcut=") {
                var rest = Array(arguments[(index + 1)...])
                if let equals = word.firstIndex(of: "=") { rest.insert(String(word[word.index(after: equals)...]), at: 0) }
                let (hoisted, remaining) = hoistingDatabase(rest)
                return (Array(arguments[..<index]) + hoisted, remaining)
            }
            let globals = [GlobalOptions.db.spec, GlobalOptions.format.spec, GlobalOptions.user.spec].map(\.word)
            if globals.contains(word) {
                index += 2
            } else if globals.contains(where: { word.hasPrefix($0 + "=") }) {
                index += 1
            } else {
                return nil
            }
        }
        return nil
    }

    private static func hoistingDatabase(_ words: [String]) -> (hoisted: [String], remaining: [String]) {
        var hoisted: [String] = [], remaining: [String] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            if word == "--" {
                remaining += words[index...]
                break
            }
            let db = GlobalOptions.db.spec.word
            if word == db, index + 1 < words.count {
                hoisted += [word, words[index + 1]]
                index += 2
                continue
            }
            if word.hasPrefix(db + "=") { hoisted.append(word) } else { remaining.append(word) }
            index += 1
        }
        return (hoisted, remaining)
    }

    // MARK: - Resolving

    /// What a launch comes to: a command line for the runner to run, once, or a result of its
    /// own (help, or the receipt of a launch queued with `--defer`).
    enum Resolution {
        case command(words: [String], route: ShortcutRoute)
        case output(Output)
    }

    /// Resolves the launch in `words` against the session's quick actions: the route (unknown
    /// type 64, disabled 69) and the one command line it runs. With `--defer` it is queued here.
    static func resolve(_ words: LaunchWords, in session: Session, help: HelpFormatter, registry: CommandRegistry) throws -> Resolution {
        if words.wantsHelp { return .output(.message(help.help(for: LaunchWords.path))) }
        guard let type = words.type else { throw UsageError("Missing expected argument '<type>'", path: LaunchWords.path) }
        // At the REPL's prompt --repl asks for what is already so; elsewhere it is for starting expenses.
        if words.repl, session.lineReader == nil {
            throw UsageError("--repl only works when expenses starts: expenses --shortcut \(type) --repl", path: LaunchWords.path)
        }
        let settings = try session.settings()
        let shortcuts = try session.shortcuts(catalogPath: words.catalog)
        let router = ShortcutRouter(shortcuts: shortcuts, appID: settings.appID)
        let currentTrip = session.currentReportID ?? TripShortcuts.currentTrip(in: shortcuts, appID: settings.appID)
        let route = try router.route(type, info: words.info.map { ($0.key, $0.value) }, arguments: words.arguments,
                                     currentReport: currentTrip)
        if words.deferred {
            return .output(try enqueue(route, words: words, in: session))
        }
        var command = try commandLine(route, registry: registry)
        if let format = words.format { command += ["--format", format.rawValue] }
        return .command(words: command, route: route)
    }

    /// The command line a resolved route runs, checked against the command it names.
    static func commandLine(_ route: ShortcutRoute, registry: CommandRegistry) throws -> [String] {
        let path = route.action.commandPath
        guard let spec = registry.command(path) else {
            throw ExpenseError(.unavailable, "'\(route.item.title)' (\(route.item.type)) needs the command 'expenses \(path.joined(separator: " "))', which this build of expenses does not have",
                               hint: route.action.unavailableHint)
        }
        if let unknown = unknownParameter(route.parameters, of: route.action, command: spec) {
            throw UsageError("The quick action \(route.item.type) passes '\(unknown.key)', which is not an option of 'expenses \(spec.name)'"
                             + (unknown.suggestion.map { ". Did you mean '\($0)'?" } ?? ""), path: spec.path)
        }
        do {
            return try route.words()
        } catch {
            switch error {
            case .notAWord(let key, let type):
                throw ExpenseError(.invalidData, "\(route.item.type): the parameter '\(key)' is \(type); only strings, numbers, dates, booleans and arrays of them can be passed to 'expenses \(spec.name)'")
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
    static func unknownParameter(_ parameters: PropertyListDictionary, of action: ShortcutAction,
                                 command: CommandSpec) -> (key: String, suggestion: String?)? {
        for key in parameters.keys where !action.positional.contains(key) {
            let option = ShortcutRoute.optionName(key)
            if command.option(option) == nil {
                return (key, Suggestion.closest(to: option, among: command.options.map(\.name)))
            }
        }
        return nil
    }

    /// Queues a launch for a running session (or `shortcuts inbox --deliver`) to run.
    private static func enqueue(_ route: ShortcutRoute, words: LaunchWords, in session: Session) throws -> Output {
        let catalog = words.catalog.map(WorkingDirectory.absolute)
        let record = try session.store().enqueueLaunch(LaunchRequest(type: route.item.type, arguments: words.replayWords,
                                                                     catalog: catalog))
        return QueuedLaunch(item: route.item, record: record).output
    }
}
