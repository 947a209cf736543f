import ExpenseCore
import ExpenseShortcuts
import ExpenseSupport

/// `shortcuts install|uninstall`: the desktop entry where the desktop's launcher finds it, kept
/// current by the app (Shortcuts/InstalledDesktopEntry.swift).
extension ShortcutCommands {
    static let install = CommandSpec(
        ["shortcuts", "install"],
        abstract: "Install a desktop entry and icon: the launcher offers the quick actions, kept current.",
        discussion: """
            Writes $XDG_DATA_HOME/applications/expenses.desktop (~/.local/share/applications/) and its icon \
            $XDG_DATA_HOME/icons/hicolor/scalable/apps/expenses.svg. The name is expenses.desktop whatever the app id: \
            one install a user, so installing again replaces it (for the database in use then) and 'config set app-id' \
            leaves no second entry behind. Its actions are the quick actions a launcher shows, each running \
            'PROGRAM --db DATABASE --shortcut TYPE' with this database's absolute path; titles are English with every \
            translation there is (Name[de]=...), for the launcher to choose. Whenever the quick actions change \
            (shortcuts add|push|set|remove|disable|enable, a trip the app's own items follow, config set), expenses \
            rewrites the entry, by rename. The entry records what it was installed with in its X-Expenses-* keys; \
            'shortcuts uninstall' removes it, and so does deleting the file.
            """,
        options: [
            Options.exec.described("The program the launcher runs (default: this expenses, by its absolute path)."),
            Options.catalog,
        ],
        examples: ["expenses shortcuts install", "expenses --db ~/trips.sqlite shortcuts install --exec /usr/local/bin/expenses"]
    ) { invocation, session in
        guard !session.location.isInMemory else {
            throw ExpenseError(.usage, "a launcher cannot reach an in-memory database", hint: "install with --db FILE")
        }
        let program: String
        if let given = try invocation[Options.exec] {
            program = given.contains("/") ? session.environment.path(given) : given
        } else if let running = InstalledDesktopEntry.runningProgram() {
            program = running
        } else {
            throw ExpenseError(.unavailable, "cannot tell where this expenses is", hint: "give it: --exec PROGRAM")
        }
        let catalog = try invocation[Options.catalog].map(session.environment.path)
        CatalogMessages.print(try session.catalog(path: catalog, languages: []))
        let installed = InstalledDesktopEntry(
            program: program, database: session.launchDatabase,
            catalog: catalog, icon: InstalledDesktopEntry.iconPath(session.environment))
        let shortcuts = try installed.install(in: session)
        let titles = shortcuts.isEmpty ? "" : " (" + shortcuts.map(\.item.title).joined(separator: ", ") + ")"
        return .message(
            "Installed \(InstalledDesktopEntry.entryPath(session.environment)): \(shortcuts.count) quick action"
                + (shortcuts.count == 1 ? "" : "s") + titles)
    }

    static let uninstall = CommandSpec(
        ["shortcuts", "uninstall"],
        abstract: "Remove what 'shortcuts install' wrote; none installed is fine (exit 0).",
        discussion: """
            Removes $XDG_DATA_HOME/applications/expenses.desktop and the icon it names, and expenses stops keeping it \
            current. As 'rm -f' does, uninstalling what is not installed succeeds, so a script can run it unconditionally. \
            An expenses.desktop that 'shortcuts install' did not write (one from 'shortcuts export -o') is left alone.
            """,
        examples: ["expenses shortcuts uninstall"]
    ) { _, session in
        let path = InstalledDesktopEntry.entryPath(session.environment)
        switch try InstalledDesktopEntry.find(session.environment) {
        case .nothing:
            return .message("Nothing to uninstall: there is no \(path)")
        case .other:
            return .message("Nothing to uninstall: \(path) was not written by 'expenses shortcuts install'; it is left as it is")
        case .installed(let installed, _):
            switch try installed.uninstall(from: session.environment) {
            case .removed: return .message("Removed \(path) and \(installed.icon)")
            case .missing: return .message("Removed \(path) (its icon \(installed.icon) was gone already)")
            case .notOurs: return .message("Removed \(path); it named \(installed.icon) as its icon, which is left as it is")
            }
        }
    }
}
