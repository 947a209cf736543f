/// The whole command language: every command and group, in the order help lists them, and the help topics.
public enum Commands {
    public static let registry = CommandRegistry(
        commands: ReportCommands.all + TripCommands.all + ExpenseCommands.all + CatalogCommands.all + ScriptCommands.all
            + WorkflowCommands.all + PolicyCommands.all + ApprovalCommands.all + InboxCommands.all + SummaryCommands.all
            + ExportCommands.all
            + SessionCommands.all + CompletionCommands.all + ShortcutCommands.all + ConfigCommands.all
            + ImportCommands.all + RatesCommands.all + VATRateCommands.all + AllowanceCommands.all + ReceiptCommands.all
            + DatabaseCommands.all + PayeeCommands.all + PayCommands.all + JournalCommands.all + AccountsCommands.all
            + OrganisationCommands.all + ServeCommands.all + ManualCommands.all,
        groups: [
            CommandGroup(name: "report", abstract: "Expense reports: one per trip.", defaultSubcommand: "list"),
            CommandGroup(name: "expense", abstract: "Expense items, in a report or unassigned.", defaultSubcommand: "list"),
            CommandGroup(name: "category", abstract: "Expense categories and their policy limits.", defaultSubcommand: "list"),
            CommandGroup(name: "currency", abstract: "ISO 4217 currencies.", defaultSubcommand: "list"),
            CommandGroup(
                name: "policy", abstract: "The expense policy's rules and their severity, and who approves.", defaultSubcommand: "list"),
            CommandGroup(name: "delegate", abstract: "Who decides an approver's steps while they are away.", defaultSubcommand: "list"),
            CommandGroup(name: "open", abstract: "Make a report current (REPL navigation).", defaultSubcommand: nil),
            CommandGroup(name: "show", abstract: "Show the session's settings.", defaultSubcommand: "settings"),
            CommandGroup(
                name: "shortcuts", abstract: "Quick actions: the static catalog, dynamic ones, export and install, the launch inbox.",
                defaultSubcommand: "list"),
            CommandGroup(
                name: "config", abstract: "This machine's settings ($XDG_CONFIG_HOME/expenses/config).", defaultSubcommand: "list"),
            CommandGroup(
                name: "import", abstract: "Card and bank statement imports: list the batches, undo one.",
                defaultSubcommand: nil),
            CommandGroup(name: "rates", abstract: "The ECB's euro reference rates for converting expenses.", defaultSubcommand: "list"),
            CommandGroup(
                name: "vat-rates", abstract: "The VAT rates per country and date that items' VAT is checked against.",
                defaultSubcommand: "list"),
            CommandGroup(
                name: "allowance", abstract: "What a trip is paid by rule: per-diem rates by country, mileage rates per km.",
                defaultSubcommand: nil),
            CommandGroup(name: "allowance rates", abstract: "The per-diem rates by country and date.", defaultSubcommand: "list"),
            CommandGroup(name: "allowance mileage", abstract: "The mileage rates per km by vehicle and date.", defaultSubcommand: "list"),
            CommandGroup(
                name: "receipt", abstract: "Receipts: capture (file, stdin, camera, inbox), OCR, the vault.", defaultSubcommand: "list"),
            CommandGroup(name: "payee", abstract: "Where each person is paid: name, IBAN, BIC.", defaultSubcommand: "show"),
            CommandGroup(name: "company", abstract: "The company's own account, which pays.", defaultSubcommand: "show"),
            CommandGroup(name: "person", abstract: "People's managers, whom their reports wait for.", defaultSubcommand: "list"),
            CommandGroup(
                name: "cost-centre", abstract: "Cost centres and their owners, whom the reports charged to them wait for.",
                defaultSubcommand: "list"),
            CommandGroup(
                name: "pay", abstract: "SEPA credit transfers of approved reports, and the payment runs.", defaultSubcommand: nil),
            CommandGroup(
                name: "accounts", abstract: "The chart of accounts the journal books to, and each category's account.",
                defaultSubcommand: "list"),
            CommandGroup(name: "db", abstract: "The database file: check it and its audit log.", defaultSubcommand: "check"),
        ],
        topics: HelpTopics.all)
}
