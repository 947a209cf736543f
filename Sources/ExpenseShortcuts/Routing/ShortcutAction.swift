/// What a quick action does: the command of the command language it runs, how its userInfo
/// becomes that command's parameters, and where it leaves an interactive session.
public struct ShortcutAction: Sendable, Equatable {
    /// Where the REPL is left after the action: at the top, or inside a report (popped to the
    /// root first, then the route followed, as the source apps do).
    public enum Landing: Sendable, Equatable {
        case root
        /// The report of the `report` parameter.
        case report
        /// The report the command created (the id of its result).
        case createdReport
    }

    /// The last component of the type after the app id: `showReports`.
    public let name: String
    /// The words of the command, possibly with fixed options: `["expense", "list", "--unassigned"]`.
    public let command: [String]
    /// userInfo keys passed as positional arguments, in order; every other key becomes `--key value`.
    public let positional: [String]
    /// Whether a missing `report` parameter is filled in with the current trip.
    public let defaultsToCurrentReport: Bool
    public let landing: Landing

    public init(
        _ name: String, _ command: [String], positional: [String] = [], defaultsToCurrentReport: Bool = false,
        landing: Landing = .root
    ) {
        self.name = name
        self.command = command
        self.positional = positional
        self.defaultsToCurrentReport = defaultsToCurrentReport
        self.landing = landing
    }

    /// The path of the command (its words before any option).
    public var commandPath: [String] { Array(command.prefix { !$0.hasPrefix("-") }) }
}
