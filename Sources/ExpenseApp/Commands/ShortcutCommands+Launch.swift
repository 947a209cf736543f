import ExpenseCore
import ExpenseShortcuts
import ExpenseSupport

/// `shortcut TYPE [ARGS...]` (from argv also `expenses --shortcut TYPE`): runs a quick action.
extension ShortcutCommands {
    /// The quick action's type.
    static let launchType = Argument<String>.value(
        "type", "The quick action's type, e.g. com.sap.example.showReports.",
        completion: .shortcutType)
    /// The words after the type that are not the launch's own: the action's command takes them.
    static let passedOn = Argument.remaining("args", "Passed on to the action's command, options included.")

    static let launch: CommandSpec = {
        var spec = CommandSpec(
            ["shortcut"], abstract: "Run a quick action by its type, as a launcher does (also: expenses --shortcut TYPE).",
            discussion: """
                The type's last component names the action, which runs a command with the item's userInfo \
                (overridden by --info) and ARGS as its parameters, e.g. showReports runs 'report list'. The exit status \
                is the command's: 64 for an unknown type, 69 for a disabled one. At the REPL prompt it also leaves you at \
                the action's target. --defer queues it instead, for a running session to handle (see 'shortcuts inbox').
                """,
            arguments: [launchType, passedOn],
            options: [
                Options.info.described("A parameter for the action, over the item's userInfo."), Options.defer,
                Options.catalog, Options.repl,
            ],
            examples: [
                "expenses --shortcut com.sap.example.showReports",
                "expenses --shortcut com.sap.example.newReport \"Basel trade fair\" --from 2026-04-01 --to 2026-04-03",
                "expenses --shortcut com.sap.example.addExpense --amount 23.40 --category taxi",
                "expenses --shortcut com.sap.example.openReport --info report=2 --defer",
            ]
        ) { _, _ in
            // It stands for another command (`standsFor`), which the runner runs in its place.
            throw ExpenseError(.internal, "a quick action reached the 'shortcut' command instead of the runner")
        }
        spec.passesOnUnknownOptions = true
        spec.standsFor = ShortcutLaunch.resolve
        return spec
    }()
}
