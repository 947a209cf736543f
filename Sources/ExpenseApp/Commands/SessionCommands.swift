import ExpenseCore
import ExpenseSupport
import Rendering

/// Where the user is and how results print: `open report`, `back`, `home`, `set`, `show settings`.
/// Most useful at the REPL prompt, where the opened report becomes the default of report commands.
enum SessionCommands {
    static let all: [CommandSpec] = [openReport, back, home, set, showSettings]

    static let openReport = CommandSpec(
        ["open", "report"], abstract: "Make a report the current one: report commands default to it.",
        arguments: [CommonArguments.report],
        examples: ["open report 3", "expense add --amount 12 --category taxi   # goes to report 3"]
    ) { invocation, session in
        let report = try session.store().report(try invocation[CommonArguments.report])
        if session.currentReportID != report.id { session.navigation.append(report.id) }
        let items = "\(report.itemCount) item\(report.itemCount == 1 ? "" : "s")"
        return .message("Report \(report.id): \(report.title) (\(report.status.rawValue), \(items), \(report.total))")
    }

    static let back = CommandSpec(["back"], abstract: "Go back to the report opened before the current one.") { _, session in
        guard !session.navigation.isEmpty else { return .message("Already at the top.") }
        session.navigation.removeLast()
        return .message(session.currentReportID.map { "Back to report \($0)." } ?? "Back at the top.")
    }

    static let home = CommandSpec(["home"], abstract: "Leave every opened report: back to the top.") { _, session in
        session.navigation.removeAll()
        return .message("At the top.")
    }

    static let settingNames = ["format", "user"]

    static let set = CommandSpec(
        ["set"], abstract: "Change a setting of this session: format (table, json, csv) or user.",
        arguments: [
            ArgumentSpec("name", "format or user.", completion: .values(settingNames)),
            ArgumentSpec("value", "The new value."),
        ],
        examples: ["set format json", "set user bob"]
    ) { invocation, session in
        let name = invocation.arguments[0]
        let value = invocation.arguments[1]
        switch name {
        case "format":
            guard let format = OutputFormat(rawValue: value) else {
                throw InvalidArgument.notAllowed(GlobalOptions.formats).usageError(value, label: "format", path: invocation.spec.path)
            }
            session.format = format
        case "user":
            try session.setUser(value)
            return .message("user = \(try session.user)")
        default:
            throw UsageError(
                "unknown setting '\(name)': give one of \(CommandParser.list(settingNames))",
                hint: UsageError.didYouMean(name, among: settingNames), path: invocation.spec.path)
        }
        return .message("\(name) = \(value)")
    }

    static let showSettings = CommandSpec(["show", "settings"], abstract: "Show this session's settings.") { _, session in
        let rows: [(String, String)] = [
            ("format", session.format.rawValue), ("user", (try? session.user.value) ?? "(invalid)"), ("database", session.databaseName),
            ("report", session.currentReportID.map(String.init) ?? "(none)"),
        ]
        return .listing(
            Listing(
                columns: [.init("name", "setting"), .init("value", "value")],
                rows: rows.map { [.text($0.0), .text($0.1)] }))
    }
}
