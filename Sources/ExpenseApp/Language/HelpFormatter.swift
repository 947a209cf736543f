/// Help text in fixed sections — OVERVIEW, USAGE, ARGUMENTS, OPTIONS, SUBCOMMANDS, EXAMPLES —
/// the same for `help X`, `X --help` and `X -h`; a help topic's text (`help rules`) in its own
/// sections (`Help/HelpTopic+Terminal.swift`). Laid out for the terminal it is read on (`width`,
/// `HelpLayout`), and for where it is read (`audience`): at the REPL's prompt commands are typed
/// without `expenses`, and the page of `help` alone is the session's (`Help/ReplHelpPage.swift`).
public struct HelpFormatter {
    public let registry: CommandRegistry
    /// The columns help is wrapped to: the terminal's, else `HelpLayout.defaultWidth`.
    public var width = HelpLayout.defaultWidth
    public var audience = HelpAudience.shell
    static let labelWidth = HelpLayout.termColumn

    public init(registry: CommandRegistry) { self.registry = registry }

    /// Running text such as a hint, which names commands as typed in a shell (`recall it first:
    /// expenses report recall 1`), with its commands as typed here: at the prompt `expenses` goes
    /// where a command follows it, and prose stays ("expenses reads camt.053").
    func asTyped(_ text: String) -> String {
        guard audience == .prompt else { return text }
        let commands = Set(registry.subcommandNames(under: []))
        return text.replacing(/\bexpenses ([a-z][a-z-]*)\b/) { found in
            commands.contains(String(found.output.1)) ? found.output.1 : found.output.0
        }
    }

    public func help(for path: [String]) -> String {
        if let command = registry.command(path) { return help(command) }
        if path.count == 1, let topic = registry.topic(path[0]) {
            return registry.isGroup(path)
                ? groupHelp(path) + "\n" + topic.groupSection(width: width, audience: audience)
                : topic.terminalText(width: width, audience: audience)
        }
        if path.isEmpty, audience == .prompt { return replPage() }
        return groupHelp(path)
    }

    public func usage(for path: [String]) -> String {
        if let command = registry.command(path) { return usage(command) }
        return audience.command("\(path.map { $0 + " " }.joined())<subcommand> [<options>]")
    }

    func usage(_ command: CommandSpec) -> String { usageWords(command).joined(separator: " ") }

    /// The usage line's parts, each kept whole when the line is wrapped (`--amount <amount>`).
    private func usageWords(_ command: CommandSpec) -> [String] {
        var parts = audience == .shell ? ["expenses"] : []
        parts.append(command.name)
        for option in command.options where option.required { parts.append(option.synopsis) }
        if command.options.contains(where: { !$0.required }) { parts.append("[<options>]") }
        parts += command.arguments.map(\.synopsis)
        return parts
    }

    func help(_ command: CommandSpec) -> String {
        var text = paragraph("OVERVIEW: ", command.abstract)
        if !command.discussion.isEmpty { text += "\n" + HelpLayout.wrap(audience.text(command.discussion), indent: 0, width: width) }
        text += "\n" + HelpLayout.hanging("USAGE: ", usageWords(command), width: width)
        if !command.arguments.isEmpty {
            text += "\nARGUMENTS:\n"
            for argument in command.arguments { text += row("<\(argument.name)>", argument.help) }
        }
        text += "\nOPTIONS:\n"
        for option in command.options { text += row(label(option), describe(option)) }
        text += "\nGLOBAL OPTIONS:\n"
        for option in audience.globalOptions where option.name != GlobalOptions.version.spec.name {
            text += row(label(option), describe(option))
        }
        // A command that is also a group (`import FILE...`, `import list`) lists its subcommands.
        let subcommands = registry.entries(under: command.path)
        if !subcommands.isEmpty {
            text += "\nSUBCOMMANDS:\n"
            for entry in subcommands { text += row(entry.name, entry.abstract) }
        }
        if !command.examples.isEmpty {
            text += "\nEXAMPLES:\n" + command.examples.map { HelpLayout.example(audience.command(typed: $0), width: width) }.joined()
        }
        return text
    }

    func groupHelp(_ path: [String]) -> String {
        let abstract =
            registry.group(path)?.abstract
            ?? "Keep travel expense reports, their items and receipts, and reach them in one step."
        var text = paragraph("OVERVIEW: ", abstract) + "\n" + paragraph("USAGE: ", usage(for: path))
        if path.isEmpty {
            text += "\nOPTIONS:\n"
            for option in audience.globalOptions { text += row(label(option), describe(option)) }
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
        let help = audience.command("help")
        text +=
            "\n"
            + HelpLayout.wrap(
                "See '\(help) \(helpPath)' for detailed help" + (path.isEmpty ? ", '\(help) <topic>' for a topic." : "."),
                indent: 2, width: width)
        return text
    }

    /// `heading` and running text after it, its further lines under the text's start.
    func paragraph(_ heading: String, _ text: String) -> String {
        HelpLayout.hanging(heading, text.split(separator: " ").map(String.init), width: width)
    }

    func label(_ option: OptionSpec) -> String {
        (option.short.map { "-\($0), " } ?? "") + option.synopsis
    }

    func describe(_ option: OptionSpec) -> String {
        var text = option.help
        if let allowed = option.allowed { text += " (values: \(allowed.joined(separator: ", ")))" }
        if option.repeats { text += " (can be repeated)" }
        return text
    }

    func row(_ label: String, _ help: String) -> String { HelpLayout.row(label, audience.text(help), width: width) }
}

/// Who reads help, and so how a command is written in it: in a shell, `expenses report list`;
/// at the REPL's prompt, `report list`, where `--db` and `--version` are no options of a line
/// (the session's database is chosen when it starts).
public enum HelpAudience: Sendable {
    case shell
    case prompt

    /// A command as it is typed here.
    func command(_ words: String) -> String { self == .shell ? "expenses " + words : words }

    /// An example written for a shell (`expenses report list`) as it is typed here.
    func command(typed example: String) -> String {
        guard self == .prompt, example.hasPrefix("expenses ") else { return example }
        return String(example.dropFirst("expenses ".count))
    }

    /// Running text that names commands as typed in a shell (`'expenses import list'`), as they
    /// are typed here.
    func text(_ text: String) -> String {
        self == .shell ? text : text.replacing("'expenses ", with: "'")
    }

    /// The options every line may take here.
    var globalOptions: [OptionSpec] {
        let shellOnly = [GlobalOptions.db.spec.name, GlobalOptions.version.spec.name]
        return self == .shell ? GlobalOptions.specs : GlobalOptions.specs.filter { !shellOnly.contains($0.name) }
    }
}
