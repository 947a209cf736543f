import ExpenseShortcuts

/// `expenses help quick-actions` and the QUICK ACTIONS section of expenses-shortcuts(1): what
/// a quick action is, which exist, and how one is launched.
extension HelpTopics {
    public static let quickActions = HelpTopic(
        "quick-actions", abstract: "Quick actions: one step to what a traveller does most, from a launcher or the shell.",
        blocks: [
            .paragraph(
                """
                A quick action (a home-screen shortcut, as on iOS and Android) runs one command line by its type: \
                'expenses --shortcut TYPE [VALUES...]' from a shell, a script or a desktop launcher, 'shortcut TYPE' at \
                the interactive prompt. The type is the app id (config set app-id; default com.sap.example) followed by \
                the action's name:
                """),
            .terms(
                ShortcutActions.all.map { action in
                    HelpTerm(
                        action.name,
                        "runs '" + (["expenses"] + action.command).joined(separator: " ") + "'"
                            + (action.positional.isEmpty ? "" : " with " + action.positional.map { "<\($0)>" }.joined(separator: " ")))
                }),
            .paragraph(
                """
                Options after the type go to the command (--shortcut com.sap.example.addExpense --amount 23.40 \
                --category taxi). An unknown type exits 64, a disabled one 69 with its message; otherwise the exit \
                status is the command's. On a terminal the action runs inside an interactive session that stays at its \
                target (the report opened, created or added to) and asks for what it needs; when a session is already \
                open on the same database, the launch is handed to it. --defer queues it for the running session \
                ('shortcuts inbox' lists the queue).
                """),
            .heading("Static and dynamic"),
            .paragraph(
                """
                Static quick actions come from a catalog, an iOS Info.plist (UIApplicationShortcutItems, XML or binary) \
                built into the binary, or another given with --catalog FILE or 'config set shortcuts.catalog FILE', \
                titled from its <lang>.lproj/InfoPlist.strings (German built in). They cannot change. Dynamic ones are \
                kept in the database: the app's own (Add Expense, Take a Picture, New Report, and, after a command \
                that changes the current trip, Add expense to <trip> and Open <trip>) and yours \
                ('shortcuts add|push|set|remove|disable|enable'). A default you remove does not come back, and the \
                app never changes an item of yours or one you disabled.
                """),
            .paragraph(
                """
                At most shortcuts.max-total (15) exist, of which a launcher shows shortcuts.max-visible (4): static \
                first, then dynamic by rank. The others still run, and 'shortcuts list' shows them all.
                """),
            .heading("In the desktop's launcher"),
            .paragraph(
                """
                'expenses shortcuts install' writes a desktop entry whose actions are the quick actions a launcher \
                shows, with the database's absolute path, and keeps it current; 'shortcuts uninstall' removes it. \
                'shortcuts export --desktop' writes such an entry to stdout or -o FILE, 'shortcuts export --json' the \
                list for other launchers, 'shortcuts export --web DIR' the web app's manifest (Show Reports and Take a \
                Picture on a phone's home-screen icon), service worker and icons.
                """),
            .example(
                """
                expenses --shortcut com.sap.example.showReports
                expenses --shortcut com.sap.example.newReport "Basel trade fair" --from 2026-04-01
                expenses shortcuts add com.sap.example.unassignedExpenses --title "Loose Receipts" --icon task
                expenses shortcuts list --all
                """),
        ])
}
