import ExpenseCore
import ExpenseSupport

/// Turns the words of one command line — from argv, a REPL prompt or a script line — into an
/// `Invocation`, or a `UsageError` in the swift-argument-parser manner.
public struct CommandParser {
    public let registry: CommandRegistry

    public init(registry: CommandRegistry) { self.registry = registry }

    /// - Parameter requiringAll: whether a missing required option or argument is an error here;
    ///   the runner parses without, and checks `Invocation.missing` itself, so that on a terminal
    ///   a command's form can ask for what is missing instead.
    public func parse(_ words: [String], requiringAll: Bool = true) throws(UsageError) -> ParsedLine {
        var line = Line(words: words)
        while line.index < words.count {
            let word = words[line.index]
            line.index += 1
            if !line.afterDashDash, word == "--" {
                line.afterDashDash = true
                if line.passesOn { line.takeArgument(word) }  // the command it passes words on to reads it too
            } else if !line.afterDashDash, word.count > 1, word.hasPrefix("-"), !Self.isNegativeNumber(word) {
                try line.takeOption(word)
            } else if line.spec == nil {
                // A word: part of the command's name until a command is found, then an argument.
                if line.path.isEmpty, word == "help" {
                    return .help(path: try resolveHelpPath(Array(words[line.index...]).filter { !$0.hasPrefix("-") }))
                }
                try takeName(word, into: &line)
            } else {
                line.takeArgument(word)
            }
        }
        return try finish(line, requiringAll: requiringAll)
    }

    /// A command line as far as it is read.
    private struct Line {
        let words: [String]
        var index = 0
        var globals = GlobalValues()
        var path: [String] = []
        var spec: CommandSpec?
        var invocation: Invocation?
        var wantsHelp = false, wantsVersion = false, afterDashDash = false
        var unexpected: [String] = []

        /// The command's options, then the global ones: a command's own option of a global's
        /// name (report export --format html) wins.
        var options: [OptionSpec] { (spec?.options ?? []) + GlobalOptions.specs }

        /// Whether an option the command does not know is one of the words it passes on: once
        /// its required arguments are given (`shortcut TYPE`).
        var passesOn: Bool {
            guard let spec, spec.passesOnUnknownOptions else { return false }
            return (invocation?.arguments.count ?? 0) >= spec.arguments.filter { !$0.optional }.count
        }

        /// `--name value`, `--name=value`, `--flag` or `-h`.
        mutating func takeOption(_ word: String) throws(UsageError) {
            var name: String
            var inlineValue: String?
            if word.hasPrefix("--") {
                let body = word.dropFirst(2)
                if let equals = body.firstIndex(of: "=") {
                    name = String(body[..<equals])
                    inlineValue = String(body[body.index(after: equals)...])
                } else {
                    name = String(body)
                }
            } else {
                guard let known = options.first(where: { $0.short.map(String.init) == String(word.dropFirst()) }) else {
                    if passesOn { return takeArgument(word) }
                    throw UsageError("unknown option '\(word)'", path: path)
                }
                name = known.name
            }
            guard let option = options.first(where: { $0.name == name }) else {
                if passesOn { return takeArgument(word) }
                throw UsageError(
                    "unknown option '--\(name)'", hint: UsageError.didYouMean("--\(name)", among: options.map(\.word)), path: path)
            }
            if option.isFlag {
                if inlineValue != nil { throw UsageError("the flag '--\(name)' does not take a value", path: path) }
                try takeFlag(name)
            } else {
                if let inlineValue {
                    try takeValue(inlineValue, of: option)
                } else {
                    try takeValue(try nextValue(for: option), of: option)
                }
            }
        }

        private mutating func takeFlag(_ name: String) throws(UsageError) {
            switch name {
            case GlobalOptions.help.spec.name: wantsHelp = true
            case GlobalOptions.version.spec.name: wantsVersion = true
            case GlobalOptions.noPager.spec.name: globals.noPager = true
            default:
                if invocation == nil { throw UsageError("unknown option '--\(name)' before a command", path: path) }
                invocation?.addFlag(name)
            }
        }

        private mutating func nextValue(for option: OptionSpec) throws(UsageError) -> String {
            guard index < words.count, !words[index].hasPrefix("--") else {
                throw UsageError("missing value for '\(option.synopsis)'", path: path)
            }
            index += 1
            return words[index - 1]
        }

        private mutating func takeValue(_ value: String, of option: OptionSpec) throws(UsageError) {
            if let allowed = option.allowed, !allowed.contains(value) {
                throw InvalidArgument.notAllowed(allowed).usageError(value, label: option.synopsis, path: path)
            }
            if spec?.options.contains(where: { $0.name == option.name }) != true,
                GlobalOptions.specs.contains(where: { $0.name == option.name })
            {
                globals.set(value, forOptionNamed: option.name)
            } else if invocation?.hasValue(forOptionNamed: option.name) == true, !option.repeats {
                throw UsageError("'\(option.synopsis)' was given more than once", path: path)
            } else {
                invocation?.add(value, forOptionNamed: option.name)
            }
        }

        mutating func takeArgument(_ word: String) {
            if invocation?.arguments.count ?? 0 < (spec?.arguments.count ?? 0) || spec?.arguments.last?.variadic == true {
                invocation?.arguments.append(word)
            } else {
                unexpected.append(word)
            }
        }
    }

    /// A word of the command's name: a group, or the command itself.
    private func takeName(_ word: String, into line: inout Line) throws(UsageError) {
        let candidate = line.path + [word]
        if let found = registry.command(candidate),
            !namesSubcommand(candidate, line.index < line.words.count ? line.words[line.index] : nil)
        {
            line.spec = found
            line.path = candidate
            line.invocation = Invocation(spec: found)
        } else if registry.isGroup(candidate) {
            line.path = candidate
        } else {
            throw unknownCommand(word, under: line.path)
        }
    }

    /// What the whole line asks for, once every word is read.
    private func finish(_ line: Line, requiringAll: Bool) throws(UsageError) -> ParsedLine {
        var line = line
        if line.wantsHelp { return .help(path: line.path) }
        if line.wantsVersion, line.path.isEmpty { return .version }
        if line.spec == nil, !line.path.isEmpty {
            // A group alone runs its default subcommand (`expenses report` lists reports).
            guard let group = registry.group(line.path), let fallback = group.defaultSubcommand,
                let found = registry.command(line.path + [fallback])
            else {
                throw UsageError("missing subcommand for '\(line.path.joined(separator: " "))'", path: line.path)
            }
            line.path += [fallback]
            line.invocation = Invocation(spec: found)
        }
        guard let invocation = line.invocation else { return .empty(globals: line.globals) }
        if !line.unexpected.isEmpty {
            let quoted = line.unexpected.map { "'\($0)'" }.joined(separator: ", ")
            throw UsageError(
                line.unexpected.count == 1 ? "unexpected argument \(quoted)" : "\(line.unexpected.count) unexpected arguments: \(quoted)",
                path: line.path)
        }
        if requiringAll, let missing = invocation.missing { throw missing }
        return .command(invocation, globals: line.globals)
    }

    /// The command, group or topic `help WORDS` is about; `help help` is help itself: the overview,
    /// which says how help is asked for.
    private func resolveHelpPath(_ words: [String]) throws(UsageError) -> [String] {
        let words = Array(words.drop { $0 == "help" })
        var path: [String] = []
        for (position, word) in words.enumerated() {
            let candidate = path + [word]
            if path.isEmpty, registry.topic(word) != nil, registry.command(candidate) == nil, !registry.isGroup(candidate) {
                guard words.count == 1 else {
                    throw UsageError("'\(word)' is a help topic: 'expenses help \(word)' takes nothing after it", path: [])
                }
                return candidate
            }
            guard registry.command(candidate) != nil || registry.isGroup(candidate) else {
                throw unknownCommand(word, under: path, alsoTopics: path.isEmpty)
            }
            path = candidate
            if registry.command(candidate) != nil, !namesSubcommand(candidate, words.dropFirst(position + 1).first) { break }
        }
        return path
    }

    /// True when `path` is both a command and a group and `next` names one of the group's
    /// subcommands: `import FILE` runs the import, `import list` lists the batches.
    private func namesSubcommand(_ path: [String], _ next: String?) -> Bool {
        guard let next, registry.isGroup(path) else { return false }
        return registry.command(path + [next]) != nil
    }

    /// - Parameter alsoTopics: whether the word may be a help topic too (after `help`).
    private func unknownCommand(_ word: String, under path: [String], alsoTopics: Bool = false) -> UsageError {
        let names = registry.subcommandNames(under: path) + (alsoTopics ? registry.topics.map(\.name) : [])
        // The whole command as typed, and as meant: "unknown command 'report lsit'", "did you mean 'report list'?"
        let whole = { (last: String) in (path + [last]).joined(separator: " ") }
        return UsageError(
            "unknown command '\(whole(word))'", hint: UsageError.didYouMean(word, among: names, as: whole), path: path)
    }

    static func isNegativeNumber(_ word: String) -> Bool {
        word.count > 1 && word.hasPrefix("-") && word.dropFirst().allSatisfy { $0.isNumber || $0 == "." || $0 == "," }
    }

    /// 'a', 'b' or 'c'
    static func list(_ values: [String]) -> String {
        WordList.joined(values.map { "'\($0)'" }, "or")
    }
}
