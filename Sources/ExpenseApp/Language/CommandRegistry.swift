/// Every command of the language and the groups that name them: the one table that the parser,
/// help, completion and the shortcut router all read.
public struct CommandRegistry: Sendable {
    public let commands: [CommandSpec]
    public let groups: [CommandGroup]

    public init(commands: [CommandSpec], groups: [CommandGroup]) {
        self.commands = commands
        self.groups = groups
    }

    public func command(_ path: [String]) -> CommandSpec? { commands.first { $0.path == path } }

    public func group(_ path: [String]) -> CommandGroup? {
        path.count == 1 ? groups.first { $0.name == path[0] } : nil
    }

    public func isGroup(_ path: [String]) -> Bool { group(path) != nil }

    /// The words that may follow `path`: top-level commands and groups, or a group's subcommands.
    public func subcommandNames(under path: [String]) -> [String] {
        var names: [String] = []
        for command in commands where !command.hidden && command.path.count > path.count
            && Array(command.path.prefix(path.count)) == path {
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
            if name == "help" { return ("help", "Show help for a command.") }
            return nil
        }
    }
}
