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

    /// A list's window, one rule for every list: `--limit N` shows at most N rows in every
    /// format; without it a table shows the first `ListWindow.tableRows` and says what it left
    /// out, and JSON and CSV are complete; `--all` shows a table whole.
    static let limit = Option.number(
        "limit", "n", "Show at most this many (default: \(ListWindow.tableRows) in a table, all in JSON and CSV).")
    static let all = Option.flag("all", "Show every one in a table too.")
}

/// Positional arguments that several commands read the same way: a record's id.
enum CommonArguments {
    static let expense = Argument<Int64>.value("id", "The expense.", completion: .expenseID)
    static let report = Argument<Int64>.value("id", "The report.", completion: .reportID)
}

/// How many rows a list shows (see `CommonOptions.limit`) and what its table says it left out.
struct ListWindow {
    static let tableRows = 50
    /// The most rows to read; nil for every one.
    let limit: Int?

    init(_ invocation: Invocation) throws {
        if let given = try invocation[CommonOptions.limit] {
            limit = given
        } else {
            limit = invocation[CommonOptions.all] || invocation.format != .table ? nil : Self.tableRows
        }
    }

    /// The note under a table of `shown` rows of `total` `things`, when rows were left out.
    func note(shown: Int, total: () throws -> Int, things: String) rethrows -> String? {
        guard let limit, shown == limit else { return nil }
        let total = try total()
        guard total > shown else { return nil }
        func grouped(_ count: Int) -> String { Money.format(Int64(count), digits: 0, grouping: true) }
        return "(\(grouped(shown)) of \(grouped(total)) \(things); --all shows every one, --limit N the first N)"
    }
}
