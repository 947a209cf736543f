/// A freedesktop desktop entry (Desktop Entry Specification 1.4) whose actions are quick
/// actions: `Actions=` lists them and a `[Desktop Action id]` group runs each with
/// `expenses --shortcut TYPE`, as launchers show in a right-click menu or a dock's quicklist.
public struct DesktopEntry: Equatable, Sendable {
    /// A string value with its translations by locale (`de`, `pt_BR`): a `Key=` line, then one
    /// `Key[de]=` line a language (the spec's "Localized values for keys"), which a launcher picks
    /// by the user's LANG. `Key=` holds the development language, so a locale without a
    /// translation shows that, whatever the LANG of whoever wrote the file.
    public struct LocalizedString: Equatable, Sendable, ExpressibleByStringLiteral {
        public var value: String
        /// By locale; one equal to `value` adds nothing and is left out.
        public var translations: [String: String]

        public init(_ value: String, translations: [String: String] = [:]) {
            self.value = value
            self.translations = translations
        }

        public init(stringLiteral value: String) { self.init(value) }

        func lines(_ key: String) -> [String] {
            ["\(key)=\(DesktopEntry.escape(value))"]
                + translations.keys.sorted().compactMap { locale in
                    guard let text = translations[locale], text != value, DesktopEntry.isLocale(locale) else { return nil }
                    return "\(key)[\(locale)]=\(DesktopEntry.escape(text))"
                }
        }
    }

    public struct Action: Equatable, Sendable {
        public var id: String
        public var name: LocalizedString
        public var icon: String?
        public var arguments: [String]
    }

    public var name: LocalizedString = "Expenses"
    public var genericName: LocalizedString = "Travel Expenses"
    public var comment: LocalizedString = "Travel expense reports, their items and receipts"
    /// The entry's own icon: a name of the icon theme (`expenses`) or an absolute path; none by default.
    public var icon: String?
    /// The program, with the options every action needs before `--shortcut` (`--db PATH`).
    public var command: [String]
    public var actions: [Action]
    /// Keys of this program's own (`X-Expenses-Database`), which the spec lets a file carry and
    /// launchers ignore; written in key order.
    public var extensionKeys: [String: String] = [:]

    /// An entry for `shortcuts` (the visible ones, in order) run by `command`; `launchOptions`
    /// follow the type (`--catalog PATH`). `translations` gives a quick action's title in other
    /// languages, by locale.
    public init(
        shortcuts: [ShortcutSet.Entry], command: [String], launchOptions: [String] = [],
        translations: (ShortcutSet.Entry) -> [String: String] = { _ in [:] }
    ) {
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
            return Action(
                id: id, name: LocalizedString(entry.item.title, translations: translations(entry)),
                icon: Self.iconName(entry.item.icon), arguments: ["--shortcut", entry.item.type] + launchOptions)
        }
    }

    public func render() -> String {
        var lines =
            ["[Desktop Entry]", "Type=Application", "Version=1.4"]
            + name.lines("Name") + genericName.lines("GenericName") + comment.lines("Comment")
        if let icon { lines.append("Icon=\(Self.escape(icon))") }
        lines += [
            "Exec=\(Self.exec(command))",
            "TryExec=\(Self.escape(command.first ?? ""))",
            "Terminal=true",
            "Categories=Office;Finance;",
            "Keywords=expenses;travel;receipts;reimbursement;",
        ]
        if !actions.isEmpty { lines.append("Actions=" + actions.map { $0.id + ";" }.joined()) }
        lines += extensionKeys.keys.sorted().map { "\($0)=\(Self.escape(extensionKeys[$0] ?? ""))" }
        for action in actions {
            lines +=
                ["", "[Desktop Action \(action.id)]"] + action.name.lines("Name")
                + ["Exec=\(Self.exec(command + action.arguments))"]
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
    ///
    /// Compared scalar by scalar, as everything here: a reserved character followed by a
    /// combining mark is one Swift Character, and must still be quoted or escaped.
    static func exec(_ arguments: [String]) -> String {
        let reserved: Set<Unicode.Scalar> = [
            " ", "\t", "\n", "\r", "\"", "'", "\\", ">", "<", "~", "|", "&", ";", "$", "*", "?", "#",
            "(", ")", "`",
        ]
        let quoted = arguments.map { argument -> String in
            var percent = String.UnicodeScalarView()
            for scalar in argument.unicodeScalars {
                percent.append(scalar)
                if scalar == "%" { percent.append("%") }  // a field code's % is doubled
            }
            guard argument.isEmpty || percent.contains(where: reserved.contains) else { return String(percent) }
            var out = String.UnicodeScalarView(["\""])
            for scalar in percent {
                if scalar == "\"" || scalar == "`" || scalar == "$" || scalar == "\\" { out.append("\\") }
                out.append(scalar)
            }
            out.append("\"")
            return String(out)
        }
        return escape(quoted.joined(separator: " "))
    }

    /// The keys of the `[Desktop Entry]` group of a file's `text`, their values unescaped; what a
    /// program reads back of an entry it wrote. Localized keys keep their `[locale]`.
    public static func keys(in text: String) -> [String: String] {
        var keys: [String: String] = [:]
        var inMainGroup = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("[") {
                inMainGroup = line == "[Desktop Entry]"
                continue
            }
            guard inMainGroup, !line.hasPrefix("#"), let equals = line.firstIndex(of: "=") else { continue }
            // Spaces around `=` are not part of the key or the value.
            let key = String(line[..<equals].reversed().drop { $0 == " " }.reversed())
            let value = String(line[line.index(after: equals)...].drop { $0 == " " })
            if keys[key] == nil { keys[key] = unescape(value) }
        }
        return keys
    }

    /// A locale as a key's `[...]` may hold it: `lang_COUNTRY.ENCODING@MODIFIER`.
    static func isLocale(_ locale: String) -> Bool {
        !locale.isEmpty && locale.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_.@-".contains($0)) }
    }

    /// The escapes of string values: `\\`, `\n`, `\t`, `\r`.
    ///
    /// Scalar by scalar: `"\r\n"` is one Swift Character, equal to neither "\r" nor "\n", and
    /// was written raw, so a title could plant lines (`Exec=...`) of its own in the entry.
    static func escape(_ value: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": out.append(contentsOf: "\\\\".unicodeScalars)
            case "\n": out.append(contentsOf: "\\n".unicodeScalars)
            case "\t": out.append(contentsOf: "\\t".unicodeScalars)
            case "\r": out.append(contentsOf: "\\r".unicodeScalars)
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    /// The value `escape` wrote, and `\s` (a space) as the spec allows too.
    static func unescape(_ value: String) -> String {
        var out = ""
        var escaped = false
        for character in value {
            if escaped {
                switch character {
                case "s": out.append(" ")
                case "n": out.append("\n")
                case "t": out.append("\t")
                case "r": out.append("\r")
                default: out.append(character)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                out.append(character)
            }
        }
        return out
    }
}
