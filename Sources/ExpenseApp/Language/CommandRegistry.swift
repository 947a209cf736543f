/// Every command of the language, the groups that name them and the help topics beside them:
/// the one table that the parser, help, the manual pages, completion and the shortcut router all read.
public struct CommandRegistry: Sendable {
    public let commands: [CommandSpec]
    public let groups: [CommandGroup]
    /// What `help TOPIC` explains that is no command: `help rules`, `help exit-codes`. A topic
    /// named like a group (`policy`) ends that group's help.
    public let topics: [HelpTopic]

    public init(commands: [CommandSpec], groups: [CommandGroup], topics: [HelpTopic] = []) {
        self.commands = commands
        self.groups = groups
        self.topics = topics
    }

    public func command(_ path: [String]) -> CommandSpec? { commands.first { $0.path == path } }

    /// The group `path` names: one word (`report`), or a group within a group (`allowance rates`),
    /// whose name is its words.
    public func group(_ path: [String]) -> CommandGroup? {
        path.isEmpty ? nil : groups.first { $0.name == path.joined(separator: " ") }
    }

    public func isGroup(_ path: [String]) -> Bool { group(path) != nil }

    public func topic(_ name: String) -> HelpTopic? { topics.first { $0.name == name } }

    /// The topics that are no command or group: what `help` lists under HELP TOPICS.
    public var ownTopics: [HelpTopic] { topics.filter { command([$0.name]) == nil && !isGroup([$0.name]) } }

    /// The words that may follow `path`: top-level commands and groups, or a group's subcommands.
    public func subcommandNames(under path: [String]) -> [String] {
        var names: [String] = []
        for command in commands
        where !command.hidden && command.path.count > path.count
            && Array(command.path.prefix(path.count)) == path
        {
            let next = command.path[path.count]
            if !names.contains(next) { names.append(next) }
        }
        if path.isEmpty { names.append("help") }
        return names
    }

    /// The commands directly under a group, or the top-level entries (groups and lone commands).
    public func entries(under path: [String]) -> [(name: String, abstract: String)] {
        subcommandNames(under: path).compactMap { name in
            if let command = command(path + [name]) { return (name, command.abstract) }
            if let group = group(path + [name]) { return (name, group.abstract) }
            if name == "help" { return ("help", "Show help for a command or a topic (expenses help rules).") }
            return nil
        }
    }
}
