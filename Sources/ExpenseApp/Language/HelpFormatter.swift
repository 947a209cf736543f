/// Help text in fixed sections — OVERVIEW, USAGE, ARGUMENTS, OPTIONS, SUBCOMMANDS, EXAMPLES —
/// the same for `help X`, `X --help` and `X -h`; a help topic's text (`help rules`) in its own
/// sections (`Help/HelpTopic+Terminal.swift`).
public struct HelpFormatter {
    public let registry: CommandRegistry
    static let labelWidth = 26

    public init(registry: CommandRegistry) { self.registry = registry }

    public func help(for path: [String]) -> String {
        if let command = registry.command(path) { return help(command) }
        if path.count == 1, let topic = registry.topic(path[0]) {
            return registry.isGroup(path) ? groupHelp(path) + "\n" + topic.groupSection : topic.terminalText
        }
        return groupHelp(path)
    }

    public func usage(for path: [String]) -> String {
        if let command = registry.command(path) { return usage(command) }
        return "expenses \(path.map { $0 + " " }.joined())<subcommand> [<options>]"
    }

    func usage(_ command: CommandSpec) -> String {
        var parts = ["expenses", command.name]
        for option in command.options where option.required { parts.append(option.synopsis) }
        if command.options.contains(where: { !$0.required }) { parts.append("[<options>]") }
        parts += command.arguments.map(\.synopsis)
        return parts.joined(separator: " ")
    }

    func help(_ command: CommandSpec) -> String {
        var text = "OVERVIEW: \(command.abstract)\n"
        if !command.discussion.isEmpty { text += "\n\(command.discussion)\n" }
        text += "\nUSAGE: \(usage(command))\n"
        if !command.arguments.isEmpty {
            text += "\nARGUMENTS:\n"
            for argument in command.arguments { text += row("<\(argument.name)>", argument.help) }
        }
        text += "\nOPTIONS:\n"
        for option in command.options { text += row(label(option), describe(option)) }
        text += "\nGLOBAL OPTIONS:\n"
        for option in GlobalOptions.specs where option.name != GlobalOptions.version.spec.name {
            text += row(label(option), describe(option))
        }
        // A command that is also a group (`import FILE...`, `import list`) lists its subcommands.
        let subcommands = registry.entries(under: command.path)
        if !subcommands.isEmpty {
            text += "\nSUBCOMMANDS:\n"
            for entry in subcommands { text += row(entry.name, entry.abstract) }
        }
        if !command.examples.isEmpty {
            text += "\nEXAMPLES:\n" + command.examples.map { "  \($0)\n" }.joined()
        }
        return text
    }

    func groupHelp(_ path: [String]) -> String {
        let abstract =
            registry.group(path)?.abstract
            ?? "Keep travel expense reports, their items and receipts, and reach them in one step."
        var text = "OVERVIEW: \(abstract)\n\nUSAGE: \(usage(for: path))\n"
        if path.isEmpty {
            text += "\nOPTIONS:\n"
            for option in GlobalOptions.specs { text += row(label(option), describe(option)) }
        }
        text += "\nSUBCOMMANDS:\n"
        let fallback = registry.group(path)?.defaultSubcommand
        for entry in registry.entries(under: path) {
            text += row(entry.name + (entry.name == fallback ? " (default)" : ""), entry.abstract)
        }
        if path.isEmpty, !registry.topics.isEmpty {
            text += "\nHELP TOPICS:\n"
            for topic in registry.topics { text += row(topic.name, topic.abstract) }
        }
        let helpPath = path.isEmpty ? "<subcommand>" : path.joined(separator: " ") + " <subcommand>"
        text +=
            "\n  See 'expenses help \(helpPath)' for detailed help" + (path.isEmpty ? ", 'expenses help <topic>' for a topic.\n" : ".\n")
        return text
    }

    private func label(_ option: OptionSpec) -> String {
        (option.short.map { "-\($0), " } ?? "") + option.synopsis
    }

    private func describe(_ option: OptionSpec) -> String {
        var text = option.help
        if let allowed = option.allowed { text += " (values: \(allowed.joined(separator: ", ")))" }
        if option.repeats { text += " (can be repeated)" }
        return text
    }

    private func row(_ label: String, _ help: String) -> String {
        let indent = String(repeating: " ", count: 2)
        if label.count + 2 > Self.labelWidth - 2 {
            return indent + label + "\n" + String(repeating: " ", count: Self.labelWidth) + help + "\n"
        }
        return indent + label + String(repeating: " ", count: Self.labelWidth - 2 - label.count) + help + "\n"
    }
}
