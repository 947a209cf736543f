/// A freedesktop desktop entry (Desktop Entry Specification 1.4) whose actions are quick
/// actions: `Actions=` lists them and a `[Desktop Action id]` group runs each with
/// `expenses --shortcut TYPE`, as launchers show in a right-click menu or a dock's quicklist.
public struct DesktopEntry: Equatable, Sendable {
    public struct Action: Equatable, Sendable {
        public var id: String
        public var name: String
        public var icon: String?
        public var arguments: [String]
    }

    public var name = "Expenses"
    public var genericName = "Travel Expenses"
    public var comment = "Travel expense reports, their items and receipts"
    /// The program, with the options every action needs before `--shortcut` (`--db PATH`).
    public var command: [String]
    public var actions: [Action]

    /// An entry for `shortcuts` (the visible ones, in order) run by `command`; `launchOptions`
    /// follow the type (`--catalog PATH`).
    public init(shortcuts: [ShortcutSet.Entry], command: [String], launchOptions: [String] = []) {
        self.command = command
        var used: Set<String> = []
        actions = shortcuts.map { entry in
            var id = Self.identifier(entry.item.type)
            var suffix = 2
            while used.contains(id) {
                id = Self.identifier(entry.item.type) + "-\(suffix)"
                suffix += 1
            }
            used.insert(id)
            return Action(id: id, name: entry.item.title, icon: Self.iconName(entry.item.icon),
                          arguments: ["--shortcut", entry.item.type] + launchOptions)
        }
    }

    public func render() -> String {
        var lines = [
            "[Desktop Entry]",
            "Type=Application",
            "Version=1.4",
            "Name=\(Self.escape(name))",
            "GenericName=\(Self.escape(genericName))",
            "Comment=\(Self.escape(comment))",
            "Exec=\(Self.exec(command))",
            "TryExec=\(Self.escape(command[0]))",
            "Terminal=true",
            "Categories=Office;Finance;",
            "Keywords=expenses;travel;receipts;reimbursement;",
        ]
        if !actions.isEmpty { lines.append("Actions=" + actions.map { $0.id + ";" }.joined()) }
        for action in actions {
            lines += ["", "[Desktop Action \(action.id)]", "Name=\(Self.escape(action.name))",
                      "Exec=\(Self.exec(command + action.arguments))"]
            if let icon = action.icon { lines.append("Icon=\(Self.escape(icon))") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// An action id from a type: its last component, in the characters group names allow.
    static func identifier(_ type: String) -> String {
        let last = type.split(separator: ".").last.map(String.init) ?? type
        let cleaned = String(last.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") ? $0 : "-" })
        return cleaned.isEmpty ? "action" : cleaned
    }

    /// The icon a launcher can find: an absolute image path as is, else the system icon's
    /// freedesktop name (a symbol or bundle image name means nothing on Linux).
    static func iconName(_ icon: ShortcutIcon) -> String? {
        if let file = icon.file, file.hasPrefix("/") { return file }
        return icon.type?.freedesktopName
    }

    /// An Exec value: each argument quoted when the spec reserves a character in it, `%` doubled
    /// (field codes), then escaped as every string value is.
    static func exec(_ arguments: [String]) -> String {
        let reserved: Set<Character> = [" ", "\t", "\n", "\"", "'", "\\", ">", "<", "~", "|", "&", ";", "$", "*", "?", "#", "(", ")", "`"]
        let quoted = arguments.map { argument -> String in
            let percent = argument.replacing("%", with: "%%")
            guard argument.isEmpty || percent.contains(where: reserved.contains) else { return percent }
            var out = "\""
            for character in percent {
                if character == "\"" || character == "`" || character == "$" || character == "\\" { out.append("\\") }
                out.append(character)
            }
            return out + "\""
        }
        return escape(quoted.joined(separator: " "))
    }

    /// The escapes of string values: `\\`, `\n`, `\t`, `\r`.
    static func escape(_ value: String) -> String {
        var out = ""
        for character in value {
            switch character {
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default: out.append(character)
            }
        }
        return out
    }
}
