import ExpenseCore
import ExpenseShortcuts
import ExpenseStore
import ExpenseSupport

#if canImport(Glibc)
import Glibc
#endif

/// The desktop entry `shortcuts install` puts where launchers look, kept current as the quick
/// actions change: `$XDG_DATA_HOME/applications/expenses.desktop` — one a user, named the same
/// whatever the app id, so `config set app-id` leaves no second entry behind — with its icon in
/// the hicolor theme.
///
/// The entry is its own record of the install: its `X-Expenses-*` keys say the program, database,
/// catalog and icon it was installed with, and the app reads them back to rewrite it, or to remove
/// it. So nothing can disagree with the file: deleting it by hand uninstalls, and no setting can
/// point at an entry that is gone or miss one that is there.
struct InstalledDesktopEntry: Equatable {
    /// What the launcher runs: an absolute path, so it needs no PATH.
    var program: String
    /// The database every action reaches (`--db`), absolute.
    var database: String
    /// The catalog `install --catalog` gave, absolute; nil to follow `shortcuts.catalog`.
    var catalog: String?
    /// The icon file written with it.
    var icon: String

    enum Key {
        static let program = "X-Expenses-Program"
        static let database = "X-Expenses-Database"
        static let catalog = "X-Expenses-Catalog"
        static let icon = "X-Expenses-Icon"
    }

    init(program: String, database: String, catalog: String?, icon: String) {
        self.program = program
        self.database = database
        self.catalog = catalog
        self.icon = icon
    }

    /// The install an entry's text records; nil for an entry `shortcuts install` did not write
    /// (`shortcuts export -o`, or one of the user's own).
    init?(text: String) {
        let keys = DesktopEntry.keys(in: text)
        guard let program = keys[Key.program], let database = keys[Key.database], let icon = keys[Key.icon] else { return nil }
        self.init(program: program, database: database, catalog: keys[Key.catalog], icon: icon)
    }

    static func entryPath(_ environment: Environment) -> String {
        environment.dataHome + "/applications/expenses.desktop"
    }

    static func iconPath(_ environment: Environment) -> String {
        environment.dataHome + "/icons/hicolor/scalable/apps/\(AppIcon.name).svg"
    }

    /// What is at the entry's place.
    enum Found: Equatable {
        case nothing
        /// An entry of that name that `shortcuts install` did not write.
        case other
        case installed(InstalledDesktopEntry, text: String)
    }

    static func find(_ environment: Environment) throws(ExpenseError) -> Found {
        let path = entryPath(environment)
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(path)
        } catch {
            switch error {
            case .missing: return .nothing
            case .unreadable(let reason): throw ExpenseError(.io, "cannot read \(path): \(reason)")
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self), let installed = InstalledDesktopEntry(text: text) else {
            return .other
        }
        return .installed(installed, text: text)
    }

    /// The entry's text for the quick actions a launcher shows now, and those quick actions.
    func render(in session: Session) throws -> (text: String, shortcuts: [ShortcutSet.Entry]) {
        let visible = try DesktopExport.shortcuts(in: session, catalogPath: catalog).visible
        var entry = try DesktopExport.entry(
            for: visible, in: session, catalogPath: catalog, command: [program, "--db", database],
            launchOptions: ShortcutCommands.launchSuffix(catalog: catalog, in: session))
        entry.icon = AppIcon.name
        entry.extensionKeys = [Key.program: program, Key.database: database, Key.icon: icon]
        if let catalog { entry.extensionKeys[Key.catalog] = catalog }
        return (entry.render(), visible)
    }

    /// Writes the icon, then the entry (so the launcher finds the icon the entry names), each
    /// replacing any earlier one by rename; returns the quick actions the entry offers.
    func install(in session: Session) throws -> [ShortcutSet.Entry] {
        // Rendered first: a catalog that does not load leaves nothing half-installed.
        let rendered = try render(in: session)
        try OutputFile.write(AppIcon.svg, to: icon, createDirectories: true, directoryMode: 0o755)
        try OutputFile.write(rendered.text, to: Self.entryPath(session.environment), createDirectories: true, directoryMode: 0o755)
        return rendered.shortcuts
    }

    /// What became of the icon on uninstalling.
    enum IconRemoval {
        case removed, missing
        /// The entry names a file that is not an icon `install` writes.
        case notOurs
    }

    /// Removes the entry, then its icon.
    func uninstall(from environment: Environment) throws(ExpenseError) -> IconRemoval {
        let path = Self.entryPath(environment)
        guard unlink(path) == 0 || errno == ENOENT else {
            throw ExpenseError(.io, "cannot remove \(path): \(String(cString: strerror(errno)))")
        }
        // The icon's path comes from a file anyone may edit: only ever remove an icon of ours.
        guard icon.hasSuffix("/icons/hicolor/scalable/apps/\(AppIcon.name).svg") else { return .notOurs }
        if unlink(icon) == 0 { return .removed }
        guard errno == ENOENT else { throw ExpenseError(.io, "cannot remove \(icon): \(String(cString: strerror(errno)))") }
        return .missing
    }

    /// Whether it is an install for the database `path` (as a launcher names it: a file's absolute
    /// path, a server's connection string): the same file, however either path is written; the
    /// same text while the file does not exist yet, or for a server.
    func isFor(database path: String) -> Bool {
        var installed = stat()
        var given = stat()
        guard stat(database, &installed) == 0, stat(path, &given) == 0 else { return database == path }
        return installed.st_dev == given.st_dev && installed.st_ino == given.st_ino
    }

    /// Keeps an installed entry current: called after anything that may change the quick actions
    /// it shows. It rewrites the entry, by rename, when its text would change, and only when it
    /// is installed for the session's database; a failure is a warning, never the command's.
    static func refresh(in session: Session) {
        let path = entryPath(session.environment)
        do {
            guard case .installed(let installed, let text) = try find(session.environment),
                installed.isFor(database: session.launchDatabase)
            else { return }
            let current = try installed.render(in: session).text
            // Launchers re-read an entry whenever it changes: write only what is new.
            guard current != text else { return }
            try OutputFile.write(current, to: path)
        } catch {
            let reason =
                (error as? ExpenseError)?.message ?? (error as? DatabaseError).map { ErrorPresenter.error($0).message } ?? "\(error)"
            Console.error("expenses: warning: the installed desktop entry \(path) was not updated: \(reason)\n")
        }
    }

    /// `refresh` after `config set|unset` of a setting the entry depends on: the app id (its
    /// types), the caps (what is visible), the catalog and its variables.
    static func refresh(afterSetting key: String, in session: Session) {
        guard key == "app-id" || key.hasPrefix("shortcuts.") || Settings.variableName(key) != nil else { return }
        refresh(in: session)
    }

    /// The absolute path of the running expenses, as a launcher without PATH must run it.
    static func runningProgram() -> String? {
        guard let resolved = realpath("/proc/self/exe", nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
