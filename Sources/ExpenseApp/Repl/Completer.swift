import ExpenseCore
import ExpenseStore
import ExpenseSupport

/// What may come next on a command line: command words, options, and values — report ids,
/// category and currency codes — looked up in the database. Serves the REPL's TAB and the
/// shell completion scripts (through `expenses __complete`).
public struct Completer {
    public let registry: CommandRegistry
    /// Words only the REPL understands.
    public var extraCommands: [String] = []

    public init(registry: CommandRegistry, extraCommands: [String] = []) {
        self.registry = registry
        self.extraCommands = extraCommands
    }

    /// Candidates for `current`, the word being typed, after the complete `words` before it.
    /// An empty result with `wantsFiles` true means: complete a file name.
    public func candidates(after words: [String], current: String, session: Session) -> (words: [String], wantsFiles: Bool) {
        // `--shortcut TYPE` is the `shortcut` command said as an option (ShortcutLaunch).
        let words = words.map { $0 == "--shortcut" ? "shortcut" : $0 }
        var path: [String] = []
        var spec: CommandSpec?
        var index = 0
        while index < words.count, spec == nil {
            let word = words[index]
            index += 1
            if word.hasPrefix("-") {
                if GlobalOptions.specs.first(where: { "--\($0.name)" == word })?.isFlag == false { index += 1 }
                continue
            }
            if path.isEmpty, word == "help" {
                return (filter(helpWords(after: Array(words[index...])), current), false)
            }
            path.append(word)
            spec = registry.command(path)
            if spec == nil, !registry.isGroup(path) { return ([], false) }
        }
        guard let spec else {
            let names = registry.subcommandNames(under: path) + (path.isEmpty ? extraCommands : [])
            return (filter(names, current), false)
        }
        let rest = Array(words[index...])
        let options = spec.options + GlobalOptions.specs.filter { $0.name != GlobalOptions.version.spec.name }
        if let last = rest.last, last.hasPrefix("--"), let option = options.first(where: { "--\($0.name)" == last }), !option.isFlag {
            return values(option.completion, current, session)
        }
        if current.hasPrefix("-") {
            let given = Set(rest.filter { $0.hasPrefix("--") })
            let names = options.filter { $0.repeats || !given.contains("--\($0.name)") }.map { "--\($0.name)" }
            return (filter(names, current), false)
        }
        // The next positional argument: count the ones given, skipping options and their values.
        var positionals = 0
        var skipNext = false
        for word in rest {
            if skipNext {
                skipNext = false
                continue
            }
            if word.hasPrefix("--") {
                skipNext = options.first { "--\($0.name)" == word }?.isFlag == false
                continue
            }
            positionals += 1
        }
        if positionals < spec.arguments.count || spec.arguments.last?.variadic == true,
            let argument = spec.arguments.indices.contains(positionals) ? spec.arguments[positionals] : spec.arguments.last
        {
            return values(argument.completion, current, session)
        }
        return (filter(options.map { "--\($0.name)" }, current), false)
    }

    /// What may follow `help` and `words`: a command's words, or (first) a topic's name.
    private func helpWords(after words: [String]) -> [String] {
        let path = words.filter { !$0.hasPrefix("-") }
        guard !path.isEmpty else { return registry.subcommandNames(under: []) + registry.ownTopics.map(\.name) }
        guard registry.command(path) == nil || registry.isGroup(path) else { return [] }
        return registry.subcommandNames(under: path)
    }

    private func values(_ source: CompletionSource, _ current: String, _ session: Session) -> (words: [String], wantsFiles: Bool) {
        switch source {
        case .none: return ([], false)
        case .file: return ([], true)
        case .values(let values): return (filter(values, current), false)
        case .currency: return (filter(CurrencyTable.standard.all.map(\.code), current.uppercased()), false)
        case .category:
            return (filter((try? session.existingStore()?.categories().map(\.code)) ?? [], current), false)
        case .country:
            return (filter((try? session.existingStore()?.allowanceCountries().map(\.code)) ?? [], current.uppercased()), false)
        case .meals:
            return (MealsChoice.candidates(current), false)
        case .reportID:
            let ids = (try? session.existingStore()?.reports(limit: 200).map { String($0.id) }) ?? []
            return (filter(ids, current), false)
        case .shortcutType:
            let types = (try? session.shortcuts().entries().map(\.item.type)) ?? []
            return (filter(types, current), false)
        case .expenseID:
            let ids = (try? session.existingStore()?.recentExpenseIDs(limit: 200).map(String.init)) ?? []
            return (filter(ids, current), false)
        }
    }

    private func filter(_ names: [String], _ prefix: String) -> [String] {
        names.filter { $0.hasPrefix(prefix) }
    }
}
