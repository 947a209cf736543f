import ExpenseShortcuts

/// Every action a quick action can name, one line each: the last component of a type after the
/// app id, and the command it runs, named by its spec. Adding an action is adding a line.
enum ShortcutActions {
    static let all: [ShortcutAction] = [
        ShortcutAction("showReports", ReportCommands.list),
        ShortcutAction("newReport", ReportCommands.new, landing: .createdReport),
        ShortcutAction("addExpense", ExpenseCommands.add, defaultsToCurrentReport: true, landing: .report),
        ShortcutAction("addExpenseToReport", ExpenseCommands.add, landing: .report),
        ShortcutAction("openReport", ReportCommands.show, positional: ["report"], landing: .report),
        ShortcutAction("unassignedExpenses", ExpenseCommands.list, flags: [ExpenseCommands.Options.unassigned]),
        ShortcutAction("takePhoto", ReceiptCommands.capture, landing: .report),
        ShortcutAction(ApprovalShortcut.action, InboxCommands.inbox),
    ]

    static func named(_ name: String) -> ShortcutAction? { all.first { $0.name == name } }

    /// The router over `shortcuts`, knowing these actions.
    static func router(_ shortcuts: ShortcutSet, appID: String) -> ShortcutRouter {
        ShortcutRouter(shortcuts: shortcuts, appID: appID, actions: all)
    }
}

extension ShortcutAction {
    /// An action running `command`, with `flags` of it always given (`expense list --unassigned`).
    init(
        _ name: String, _ command: CommandSpec, flags: [Option<Bool>] = [], positional: [String] = [],
        defaultsToCurrentReport: Bool = false, landing: Landing = .root
    ) {
        self.init(
            name, command.path + flags.map(\.spec.word), positional: positional, defaultsToCurrentReport: defaultsToCurrentReport,
            landing: landing)
    }
}
