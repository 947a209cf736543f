import ExpenseCore
import ExpenseShortcuts
import ExpenseStore
import ExpenseSupport
import Rendering

/// `shortcuts list|export|check|icons`: what the quick actions are, and how launchers get them.
extension ShortcutCommands {
    static let list = CommandSpec(
        ["shortcuts", "list"], abstract: "List the quick actions: static ones in catalog order, then dynamic ones by rank.",
        discussion:
            "SHOWN marks what a launcher shows: the first shortcuts.max-visible items. --visible lists only those, --all adds the disabled ones.",
        options: [Options.visible, Options.all, Options.maxVisible, Options.catalog],
        examples: ["expenses shortcuts list", "expenses shortcuts list --visible --format json", "expenses shortcuts list --all"],
        validate: { invocation in
            guard !(invocation[Options.visible] && invocation[Options.all]) else {
                throw UsageError("give either '--visible' or '--all'", path: invocation.spec.path)
            }
        }
    ) { invocation, session in
        let shortcuts = try shortcutSet(invocation, session)
        CatalogMessages.print(shortcuts.catalog)
        let includingDisabled = invocation[Options.all]
        let entries = inUserLanguage(
            invocation[Options.visible] ? shortcuts.visible : shortcuts.entries(includingDisabled: includingDisabled), session)
        var note: String?
        if !invocation[Options.visible] {
            note =
                "(\(shortcuts.visible.count) shown of at most \(shortcuts.limits.maxVisible); \(shortcuts.catalog.items.count) static + \(shortcuts.enabledDynamic.count) dynamic of at most \(shortcuts.limits.maxTotal); catalog \(shortcuts.catalog.source)\(shortcuts.catalog.localization.map { ", titles from \($0)" } ?? ""))"
        }
        return QuickActionList(
            entries: entries, includingDisabled: includingDisabled, note: note,
            launch: ["expenses"] + launchPrefix(session)
        ).output
    }

    static let export = CommandSpec(
        ["shortcuts", "export"], abstract: "Export the quick actions a launcher shows: a .desktop entry, or JSON for other launchers.",
        discussion: """
            --desktop (the default) writes a freedesktop desktop entry whose Actions are the visible quick actions, each \
            running 'expenses --shortcut TYPE', titled in English with a Name[lang]= line for each translation. \
            'expenses shortcuts install' puts one where the desktop's launcher finds it (it offers them on a right click) \
            and keeps it current. --json (or --format json) writes them as JSON instead, titled in your language. \
            --web DIR writes what makes 'expenses serve' an installable web app, for inspection: its Web App Manifest, \
            whose shortcuts (what a phone shows on a long press of the app's icon) are Show Reports and Take a Picture, \
            titled in your language, and the app's items of your own trips; the service worker; the icons; and an \
            index.html that links them, so that a browser can open the directory as a site.
            """,
        options: [
            Options.desktop, Options.json, Options.web, Options.output, Options.force, Options.exec, Options.entryIcon,
            Options.all.described("Every enabled quick action, not only the visible ones."),
            Options.maxVisible.described("Export this many instead of the shortcuts.max-visible setting."), Options.catalog,
        ],
        examples: [
            "expenses shortcuts export --desktop -o expenses.desktop",
            "expenses shortcuts export --desktop --icon expenses -o /usr/local/share/applications/expenses.desktop",
            "expenses shortcuts export --format json",
            "expenses shortcuts export --web site && (cd site && python3 -m http.server --bind 127.0.0.1)",
        ],
        validate: { invocation in
            guard !(invocation[Options.desktop] && invocation[Options.json]) else {
                throw UsageError("give either '--desktop' or '--json'", path: invocation.spec.path)
            }
            if invocation.gave(Options.web) {
                let others = [
                    ("desktop", invocation.gave(Options.desktop)), ("json", invocation.gave(Options.json)),
                    ("output", invocation.gave(Options.output)), ("exec", invocation.gave(Options.exec)),
                    ("icon", invocation.gave(Options.entryIcon)), ("all", invocation.gave(Options.all)),
                    ("max-visible", invocation.gave(Options.maxVisible)),
                ]
                if let other = others.first(where: \.1) {
                    throw UsageError("'--web <dir>' writes a directory of its own; leave out '--\(other.0)'", path: invocation.spec.path)
                }
            }
            if invocation.gave(Options.entryIcon), invocation[Options.json] {
                throw UsageError("'--icon <name>' is the desktop entry's; it goes with '--desktop'", path: invocation.spec.path)
            }
            if invocation[Options.force], !invocation.gave(Options.output), !invocation.gave(Options.web) {
                throw UsageError("'--force' goes with '--output <file>' or '--web <dir>'", path: invocation.spec.path)
            }
        }
    ) { invocation, session in
        if let directory = try invocation[Options.web] {
            return try exportWeb(to: directory, invocation, session)
        }
        // What the export reads: the database (dynamic quick actions), the catalog, the settings.
        let inputs =
            session.location.files
            + (try session.catalogFile(path: try invocation[Options.catalog]).map { [OutputFile.Input($0, role: "the catalog")] } ?? [])
            + [OutputFile.Input(session.configPath, role: "the settings file")]
        let shownOutput = try invocation[Options.output]
        let output = shownOutput.map(session.environment.path)
        if let output, let shownOutput {
            try session.environment.namingAsGiven(shownOutput) {
                try OutputFile.check(output, replacing: invocation[Options.force], inputs: inputs)
            }
        }
        let shortcuts = try shortcutSet(invocation, session)
        CatalogMessages.print(shortcuts.catalog)
        let entries = invocation[Options.all] ? shortcuts.entries() : shortcuts.visible
        let program = try invocation[Options.exec] ?? "expenses"
        let prefix = launchPrefix(session)
        let suffix = launchSuffix(catalog: try invocation[Options.catalog], in: session)
        let json = JSONValue.array(entries.map { ShortcutView.json($0, launch: [program] + prefix, suffix: suffix) })
        // JSON has the titles of the user's language; a desktop entry all of them, for the launcher to choose.
        func desktop() throws -> String {
            let english = try DesktopExport.shortcuts(
                in: session, catalogPath: try invocation[Options.catalog],
                maxVisible: try invocation[Options.maxVisible])
            var entry = try DesktopExport.entry(
                for: invocation[Options.all] ? english.entries() : english.visible, in: session,
                catalogPath: try invocation[Options.catalog], command: [program] + prefix,
                launchOptions: suffix)
            entry.icon = try invocation[Options.entryIcon]
            return entry.render()
        }
        guard let output, let shownOutput else {
            if invocation[Options.json] { return QuickActionExport(entries: entries, json: json, desktopEntry: nil).output }
            if invocation[Options.desktop], session.format != .table {
                throw UsageError("--desktop writes a desktop entry; leave out --format, or use --json", path: invocation.spec.path)
            }
            return QuickActionExport(entries: entries, json: json, desktopEntry: try desktop()).output
        }
        // --format reaches a command only through the session (set from argv in a one-shot).
        let asJSON = invocation[Options.json] || (!invocation[Options.desktop] && session.format == .json)
        let text = asJSON ? json.serialized() + "\n" : try desktop()
        try session.environment.namingAsGiven(shownOutput) {
            try OutputFile.write(text, to: output, mode: 0o600, replacing: invocation[Options.force], inputs: inputs)
        }
        return .message(
            "Wrote \(shownOutput): \(entries.count) quick action\(entries.count == 1 ? "" : "s")"
                + (asJSON ? " as JSON" : "; 'expenses shortcuts install' installs them for the launcher, kept current"))
    }

    /// `shortcuts export --web DIR`: the web app's files, each written whole (a file there is
    /// replaced only with --force), the directory and icons/ made when missing.
    static func exportWeb(to shown: String, _ invocation: Invocation, _ session: Session) throws -> Output {
        let directory = session.environment.path(shown)
        let manifest = try WebExport.manifest(in: session, catalogPath: try invocation[Options.catalog])
        let files = WebExport.files(manifest)
        let replacing = invocation[Options.force]
        try session.environment.namingAsGiven(shown) {
            // Every file is checked before any is written: an export is whole or not there.
            for file in files { try OutputFile.check(directory + "/" + file.path, replacing: replacing, inputs: []) }
            for file in files {
                try OutputFile.write(
                    bytes: file.bytes, to: directory + "/" + file.path, mode: 0o644, replacing: replacing,
                    createDirectories: true, directoryMode: 0o755)
            }
        }
        let count = manifest.shortcuts.count
        return .message(
            "Wrote \(shown): manifest.webmanifest with \(count) shortcut\(count == 1 ? "" : "s") ("
                + manifest.shortcuts.map(\.name).joined(separator: ", ") + "), sw.js, sw-register.js, "
                + WebAppManifest.iconSizes.map { "icons/\($0).png" }.joined(separator: ", ") + ", index.html")
    }

    static let check = CommandSpec(
        ["shortcuts", "check"], abstract: "Check a catalog: every error (exit 65) and warning, or that it is fine.",
        options: [Options.catalog],
        examples: ["expenses shortcuts check --catalog MyApp/Info.plist", "LANG=de_DE.UTF-8 expenses shortcuts check"]
    ) { invocation, session in
        let catalog = try session.catalog(path: try invocation[Options.catalog])
        CatalogMessages.print(catalog)
        let warnings = catalog.warnings.count
        return .message(
            "\(catalog.source): \(catalog.items.count) quick action\(catalog.items.count == 1 ? "" : "s"), "
                + "\(warnings == 0 ? "no" : String(warnings)) warning\(warnings == 1 ? "" : "s")"
                + (catalog.localization.map { "; titles from \($0)" } ?? ""))
    }

    static let icons = CommandSpec(
        ["shortcuts", "icons"], abstract: "List the 29 system icon types a quick action can use.",
        examples: ["expenses shortcuts icons"]
    ) { _, _ in
        .listing(
            Listing(
                columns: [.init("name", "name"), .init("plistName", "plist name"), .init("freedesktopName", "desktop icon")],
                rows: SystemIcon.allCases.map { [.text($0.rawValue), .text($0.plistName), .text($0.freedesktopName ?? "")] }))
    }

    /// The quick actions with the catalog and the `--max-visible` override of an invocation.
    /// The app's own items ("Add expense to <trip>", stored in English as the app wrote them) titled
    /// in the user's language as static items are, when the app has a table for it
    /// (`AppStrings`, as the desktop entry's Name[de] lines): a German user reads "Ausgabe zu …
    /// hinzufügen" in `shortcuts list` as on the launcher.
    static func inUserLanguage(_ entries: [ShortcutSet.Entry], _ session: Session) -> [ShortcutSet.Entry] {
        guard let language = PreferredLanguages.from(session.environment.variables).first(where: AppStrings.languages.contains)
        else { return entries }
        return entries.map { entry in
            guard entry.kind == .app, let title = AppStrings.translate(entry.item.title, into: language) else { return entry }
            var translated = entry
            translated.item.title = title
            return translated
        }
    }

    static func shortcutSet(_ invocation: Invocation, _ session: Session) throws -> ShortcutSet {
        let shortcuts = try session.shortcuts(catalogPath: try invocation[Options.catalog])
        guard let maxVisible = try invocation[Options.maxVisible] else { return shortcuts }
        return ShortcutSet(
            catalog: shortcuts.catalog, dynamic: shortcuts.dynamic,
            limits: ShortcutLimits(maxVisible: maxVisible, maxTotal: shortcuts.limits.maxTotal))
    }
}
