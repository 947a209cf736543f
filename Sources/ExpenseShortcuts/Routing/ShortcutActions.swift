/// Every action a quick action can name, one line each: the last component of a type after the
/// app id, mapped to a command of the command language. Adding an action is adding a line.
public enum ShortcutActions {
    public static let all: [ShortcutAction] = [
        ShortcutAction("showReports", ["report", "list"]),
        ShortcutAction("newReport", ["report", "new"], landing: .createdReport),
        ShortcutAction("addExpense", ["expense", "add"], defaultsToCurrentReport: true, landing: .report),
        ShortcutAction("addExpenseToReport", ["expense", "add"], landing: .report),
        ShortcutAction("openReport", ["report", "show"], positional: ["report"], landing: .report),
        ShortcutAction("unassignedExpenses", ["expense", "list", "--unassigned"]),
        ShortcutAction("takePhoto", ["receipt", "capture"], landing: .report),
    ]

    public static func named(_ name: String) -> ShortcutAction? { all.first { $0.name == name } }
}
