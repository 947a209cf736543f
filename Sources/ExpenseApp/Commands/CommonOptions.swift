import ExpenseCore
import ExpenseSupport

/// Options that several commands read the same way, declared once; each command describes its
/// use with `described(_:)`.
enum CommonOptions {
    /// `--report <id>`: the report a command works on; `Session.reportID` falls back to the one
    /// opened in the REPL.
    static let report = Option.id("report", "The report.", completion: .reportID)
    static let expense = Option.id("expense", "The expense.", completion: .expenseID)
    /// `--force`: an output file that exists is replaced; without it, the command refuses (73).
    static let force = Option.flag("force", "Replace the output file if it exists.")
}
