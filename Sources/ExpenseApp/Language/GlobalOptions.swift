/// The options every command accepts, before or after its words.
public enum GlobalOptions {
    public static let formats = ["table", "json", "csv"]

    public static let specs: [OptionSpec] = [
        .value("db", "path", "The database file (default: $EXPENSES_DB, else $XDG_DATA_HOME/expenses/expenses.sqlite).",
               completion: .file),
        .value("format", "format", "How to print results.", allowed: formats),
        .value("user", "name", "Who you are, for ownership and approvals (default: $EXPENSES_USER, else your login name)."),
        .flag("help", "Show help information.", short: "h"),
        .flag("version", "Show the version."),
    ]
}
