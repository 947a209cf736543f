import ExpenseCore
import ExpenseShortcuts
import ExpenseSupport

/// `shortcut TYPE [ARGS...]` (from argv also `expenses --shortcut TYPE`): runs a quick action.
extension ShortcutCommands {
    static let launch: CommandSpec = {
        var spec = CommandSpec(
            ["shortcut"], abstract: "Run a quick action by its type, as a launcher does (also: expenses --shortcut TYPE).",
            discussion: """
                The type's last component names the action, which runs a command with the item's userInfo \
                (overridden by --info) and ARGS as its parameters, e.g. showReports runs 'report list'. The exit status \
                is the command's: 64 for an unknown type, 69 for a disabled one. At the REPL prompt it also leaves you at \
                the action's target. --defer queues it instead, for a running session to handle (see 'shortcuts inbox').
                """,
            arguments: [ArgumentSpec("type", "The quick action's type, e.g. com.sap.example.showReports.", completion: .shortcutType),
                        ArgumentSpec("args", "Passed on to the action's command, options included.", optional: true, variadic: true)],
            options: [Options.info.described("A parameter for the action, over the item's userInfo."), Options.defer,
                      Options.catalog, Options.repl],
            examples: ["expenses --shortcut com.sap.example.showReports",
                       "expenses --shortcut com.sap.example.newReport \"Basel trade fair\" --from 2026-04-01 --to 2026-04-03",
                       "expenses --shortcut com.sap.example.addExpense --amount 23.40 --category taxi",
                       "expenses --shortcut com.sap.example.openReport --info report=2 --defer"]
        ) { _, _ in
            // A launch resolves to another command, which the runner runs itself (Runner.launch),
            // so that it runs once, through the one runner, never nested inside this one.
            throw ExpenseError(.internal, "a quick action reached the 'shortcut' command instead of the runner")
        }
        spec.parsesOwnWords = true
        return spec
    }()
}
