/// The whole command language: every command and group, in the order help lists them.
public enum Commands {
    public static let registry = CommandRegistry(
        commands: ReportCommands.all + ExpenseCommands.all + CatalogCommands.all + ScriptCommands.all
            + WorkflowCommands.all + PolicyCommands.all + SummaryCommands.all + ExportCommands.all
            + SessionCommands.all + CompletionCommands.all,
        groups: [
            CommandGroup(name: "report", abstract: "Expense reports: one per trip.", defaultSubcommand: "list"),
            CommandGroup(name: "expense", abstract: "Expense items, in a report or unassigned.", defaultSubcommand: "list"),
            CommandGroup(name: "category", abstract: "Expense categories and their policy limits.", defaultSubcommand: "list"),
            CommandGroup(name: "currency", abstract: "ISO 4217 currencies.", defaultSubcommand: "list"),
            CommandGroup(name: "policy", abstract: "The expense policy's rules and their severity.", defaultSubcommand: "list"),
            CommandGroup(name: "open", abstract: "Make a report current (REPL navigation).", defaultSubcommand: nil),
            CommandGroup(name: "show", abstract: "Show the session's settings.", defaultSubcommand: "settings"),
        ])
}
