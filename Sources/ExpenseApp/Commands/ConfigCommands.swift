import ExpenseCore
import ExpenseStore
import ExpenseSupport
import Rendering

/// `config list|get|set|unset`: the settings of this machine, in `$XDG_CONFIG_HOME/expenses/config`.
enum ConfigCommands {
    static let all: [CommandSpec] = [list, get, set, unset]

    static let keyArgument = Argument<String>.value(
        "key", "The setting: " + Settings.keys.map(\.name).joined(separator: ", ") + ", or var.NAME.",
        completion: .values(Settings.keys.map(\.name)))
    static let valueArgument = Argument<String>.value("value", "The new value.")

    static let list = CommandSpec(
        ["config", "list"], abstract: "List the settings, their values and where each comes from.",
        examples: ["expenses config list", "expenses config list --format json"]
    ) { _, session in
        let file = try session.configFile()
        let settings = try session.settings()
        let fromFile = Dictionary(file.settings.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
        var rows: [[Listing.Cell]] = Settings.keys.map { key in
            let inFile = fromFile[key.name] != nil
            return [
                .text(key.name), .text(settings.value(key.name) ?? unset(key.name, session)),
                .text(key.name == "database" && !inFile ? databaseSource(session) : inFile ? "file" : "default"), .text(key.help),
            ]
        }
        for (name, value) in settings.variables.sorted(by: { $0.key < $1.key }) {
            rows.append([.text(Settings.variablePrefix + name), .text(value), .text("file"), .text("$(\(name)) in catalogs")])
        }
        for unknown in Settings.unknownKeys(in: file) {
            rows.append([
                .text(unknown.key), .text(fromFile[unknown.key] ?? ""), .text("file, line \(unknown.line)"), .text("unknown: ignored"),
            ])
        }
        return .listing(
            Listing(
                columns: [
                    .init("key", "key", fit: .whole), .init("value", "value", fit: .wrap), .init("source", "source"),
                    .init("description", "description", fit: .wrap),
                ],
                rows: rows, note: "(config file: \(session.configPath))"))
    }

    static let get = CommandSpec(
        ["config", "get"], abstract: "Print one setting's value.",
        arguments: [keyArgument], examples: ["expenses config get app-id"]
    ) { invocation, session in
        let name = try invocation[keyArgument]
        let settings = try session.settings()
        if let variable = Settings.variableName(name) {
            guard let value = settings.variables[variable] else {
                throw ExpenseError(.invalidData, "\(name) is not set", hint: "set it: expenses config set \(name) VALUE")
            }
            return .message(value)
        }
        _ = try requireKey(name, invocation)
        return .message(settings.value(name) ?? unset(name, session))
    }

    /// What an unset setting means, said as it is: the database in use (from --db, EXPENSES_DB or
    /// the default path), no camera, no inbox folder, the catalog built into the app.
    static func unset(_ key: String, _ session: Session) -> String {
        switch key {
        case "database": return session.databaseName
        case "camera.command": return "(none: no camera is set up)"
        case "receipts.inbox": return "(none: no inbox folder is set up)"
        default: return "(built in)"
        }
    }

    /// Where the database in use was named when the config file does not name it.
    static func databaseSource(_ session: Session) -> String {
        if session.databaseGivenByOption { return "--db" }
        return session.environment["EXPENSES_DB"] != nil ? "EXPENSES_DB" : "default"
    }

    static let set = CommandSpec(
        ["config", "set"], abstract: "Change a setting, in the config file.",
        arguments: [keyArgument, valueArgument],
        examples: [
            "expenses config set app-id com.example.trips", "expenses config set shortcuts.max-visible 6",
            "expenses config set default-currency CHF", "expenses config set var.TEAM_ID ABCDE12345",
        ]
    ) { invocation, session in
        let name = try invocation[keyArgument]
        var value = try invocation[valueArgument]
        if let variable = Settings.variableName(name) {
            guard let first = variable.first, first.isLetter || first == "_",
                variable.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
            else {
                throw ExpenseError(.invalidData, "invalid variable name '\(variable)'", hint: "letters, digits and '_', as in var.TEAM_ID")
            }
        } else {
            value = try requireKey(name, invocation).check(value)
        }
        var file = try session.configFile()
        file.set(name, value)
        try OutputFile.write(file.text, to: file.path, mode: 0o600, createDirectories: true)
        session.forgetSettings()
        InstalledDesktopEntry.refresh(afterSetting: name, in: session)
        // A connection string's password stays in the file (mode 0600), not on the screen.
        return .message("\(name) = \(name == "database" ? SettingKey.shownDatabase(value) : value)")
    }

    static let unset = CommandSpec(
        ["config", "unset"], abstract: "Remove a setting from the config file: its default applies again.",
        arguments: [keyArgument], examples: ["expenses config unset app-id"]
    ) { invocation, session in
        let name = try invocation[keyArgument]
        if Settings.variableName(name) == nil { _ = try requireKey(name, invocation) }
        var file = try session.configFile()
        guard file.unset(name) else { return .message("\(name) was not set") }
        try OutputFile.write(file.text, to: file.path, mode: 0o600, createDirectories: true)
        session.forgetSettings()
        InstalledDesktopEntry.refresh(afterSetting: name, in: session)
        let fallback = Settings.key(name)?.defaultValue.map { " (now \($0))" } ?? ""
        return .message("\(name) is unset\(fallback)")
    }

    private static func requireKey(_ name: String, _ invocation: Invocation) throws -> SettingKey {
        if let key = Settings.key(name) { return key }
        let names = Settings.keys.map(\.name)
        throw UsageError(
            "unknown setting '\(name)': the settings are " + names.joined(separator: ", ") + ", and var.NAME",
            hint: UsageError.didYouMean(name, among: names), path: invocation.spec.path)
    }
}
