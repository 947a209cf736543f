/// The options every command accepts, before or after its words.
public enum GlobalOptions {
    public static let formats = OutputFormat.allCases.map(\.rawValue)

    static let db = Option.text(
        "db", "path",
        "The database: a file, or a team database on PostgreSQL (postgresql://USER@HOST/DB, service=NAME); default $EXPENSES_DB, else $XDG_DATA_HOME/expenses/expenses.sqlite.",
        completion: .file)
    static let format: Option<OutputFormat?> = .value("format", "How to print results.")
    static let user = Option.text(
        "user", "name", "Who you are, for ownership and approvals (default: $EXPENSES_USER, else your login name).")
    static let noPager = Option.flag("no-pager", "Print tables straight to the terminal, not through $EXPENSES_PAGER, $PAGER or less.")
    static let help = Option.flag("help", "Show help information.", short: "h")
    static let version = Option.flag("version", "Show the version.")

    public static let specs: [OptionSpec] = [db.spec, format.spec, user.spec, noPager.spec, help.spec, version.spec]
}

/// The global options a line gave. They apply to its command only; `set format` at the REPL
/// changes the session.
public struct GlobalValues: Equatable, Sendable {
    public var db: String?
    public var format: OutputFormat?
    public var user: String?
    public var noPager = false

    public init(db: String? = nil, format: OutputFormat? = nil, user: String? = nil, noPager: Bool = false) {
        self.db = db
        self.format = format
        self.user = user
        self.noPager = noPager
    }

    /// Takes the value of the global option `name`, already checked against its allowed values.
    mutating func set(_ value: String, forOptionNamed name: String) {
        switch name {
        case GlobalOptions.db.spec.name: db = value
        case GlobalOptions.format.spec.name: format = OutputFormat(rawValue: value)
        case GlobalOptions.user.spec.name: user = value
        default: assertionFailure("--\(name) is no global option with a value")
        }
    }
}
