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
        var globals = GlobalValues()
        var path: [String] = []
        var spec: CommandSpec?
        var invocation: Invocation?
        var wantsHelp = false, wantsVersion = false, afterDashDash = false
        var index = 0
        var unexpected: [String] = []

        func option(named name: String, for command: CommandSpec?) -> OptionSpec? {
            (command?.options ?? []).first { $0.name == name } ?? GlobalOptions.specs.first { $0.name == name }
        }

        while index < words.count {
            let word = words[index]
            index += 1
            if !afterDashDash, word == "--" {
                afterDashDash = true
                continue
            }
            if !afterDashDash, word.count > 1, word.hasPrefix("-"), !Self.isNegativeNumber(word) {
                var name: String, inlineValue: String?
                if word.hasPrefix("--") {
                    let body = word.dropFirst(2)
                    if let equals = body.firstIndex(of: "=") {
                        name = String(body[..<equals])
                        inlineValue = String(body[body.index(after: equals)...])
                    } else {
                        name = String(body)
                    }
                } else {
                    let short = word.dropFirst()
                    let known = ((spec?.options ?? []) + GlobalOptions.specs).first { $0.short.map(String.init) == String(short) }
                    guard let known else {
                        throw UsageError("Unknown option '\(word)'", path: path)
                    }
                    name = known.name
                }
                guard let option = option(named: name, for: spec) else {
                    let candidates = ((spec?.options ?? []) + GlobalOptions.specs).map { "--\($0.name)" }
                    let suggestion = Suggestion.closest(to: "--\(name)", among: candidates)
                    throw UsageError("Unknown option '--\(name)'." + (suggestion.map { " Did you mean '\($0)'?" } ?? ""),
                                     path: path)
                }
                if option.isFlag {
                    if inlineValue != nil { throw UsageError("The flag '--\(name)' does not take a value", path: path) }
                    switch name {
                    case GlobalOptions.help.spec.name: wantsHelp = true
                    case GlobalOptions.version.spec.name: wantsVersion = true
                    default:
                        if invocation == nil { throw UsageError("Unknown option '--\(name)' before a command", path: path) }
                        invocation?.addFlag(name)
                    }
                    continue
                }
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else if index < words.count, !words[index].hasPrefix("--") {
                    value = words[index]
                    index += 1
                } else {
                    throw UsageError("Missing value for '\(option.synopsis)'", path: path)
                }
                if let allowed = option.allowed, !allowed.contains(value) {
                    throw UsageError("The value '\(value)' is invalid for '\(option.synopsis)'. Please provide one of \(Self.list(allowed)).",
                                     path: path)
                }
                // A command's own option of the same name (report export --format html) wins.
                if spec?.options.contains(where: { $0.name == name }) != true,
                   GlobalOptions.specs.contains(where: { $0.name == name }) {
                    globals.set(value, forOptionNamed: name)
                } else if invocation?.hasValue(forOptionNamed: name) == true, !option.repeats {
                    throw UsageError("'\(option.synopsis)' was given more than once", path: path)
                } else {
                    invocation?.add(value, forOptionNamed: name)
                }
                continue
            }
            // A word: part of the command's name until a command is found, then an argument.
            if spec == nil {
                if path.isEmpty, word == "help" {
                    return .help(path: try resolveHelpPath(Array(words[index...]).filter { !$0.hasPrefix("-") }))
                }
                let candidate = path + [word]
                if let found = registry.command(candidate), !namesSubcommand(candidate, index < words.count ? words[index] : nil) {
                    spec = found
                    path = candidate
                    invocation = Invocation(spec: found)
                    if found.parsesOwnWords {
                        invocation?.arguments = Array(words[index...])
                        index = words.count
                    }
                } else if registry.isGroup(candidate) {
                    path = candidate
                } else {
                    throw unknownCommand(word, under: path)
                }
                continue
            }
            if invocation?.arguments.count ?? 0 < (spec?.arguments.count ?? 0) || spec?.arguments.last?.variadic == true {
                invocation?.arguments.append(word)
            } else {
                unexpected.append(word)
            }
        }

        if wantsHelp { return .help(path: path) }
        if wantsVersion, path.isEmpty { return .version }
        if spec == nil, !path.isEmpty {
            // A group alone runs its default subcommand (`expenses report` lists reports).
            guard let group = registry.group(path), let fallback = group.defaultSubcommand,
                  let found = registry.command(path + [fallback]) else {
                throw UsageError("Missing subcommand for '\(path.joined(separator: " "))'", path: path)
            }
            spec = found
            path += [fallback]
            invocation = Invocation(spec: found)
        }
        guard let invocation else { return .empty(globals: globals) }
        if !unexpected.isEmpty {
            let quoted = unexpected.map { "'\($0)'" }.joined(separator: ", ")
            throw UsageError(unexpected.count == 1 ? "Unexpected argument \(quoted)" : "\(unexpected.count) unexpected arguments: \(quoted)",
                             path: path)
        }
        if requiringAll, let missing = invocation.missing { throw missing }
        return .command(invocation, globals: globals)
    }

    private func resolveHelpPath(_ words: [String]) throws(UsageError) -> [String] {
        var path: [String] = []
        for (position, word) in words.enumerated() {
            let candidate = path + [word]
            guard registry.command(candidate) != nil || registry.isGroup(candidate) else {
                throw unknownCommand(word, under: path)
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

    private func unknownCommand(_ word: String, under path: [String]) -> UsageError {
        let names = registry.subcommandNames(under: path)
        let suggestion = Suggestion.closest(to: word, among: names)
        let what = path.isEmpty ? "command" : "subcommand of '\(path.joined(separator: " "))'"
        return UsageError("Unknown \(what) '\(word)'." + (suggestion.map { " Did you mean '\($0)'?" } ?? ""), path: path)
    }

    static func isNegativeNumber(_ word: String) -> Bool {
        word.count > 1 && word.hasPrefix("-") && word.dropFirst().allSatisfy { $0.isNumber || $0 == "." || $0 == "," }
    }

    /// 'a', 'b' or 'c'
    static func list(_ values: [String]) -> String {
        let quoted = values.map { "'\($0)'" }
        guard quoted.count > 1 else { return quoted.joined() }
        return quoted.dropLast().joined(separator: ", ") + " or " + quoted[quoted.count - 1]
    }
}
