import ExpenseCore
import ExpenseShortcuts
import ExpenseStore
import ExpenseSupport
import PropertyList

/// `shortcuts add|push|set|remove|disable|enable`: the dynamic quick actions, the iOS way (set
/// replaces them all) and the Android way (add, push with eviction, remove, disable, enable).
/// The commands that read them (list, export, check, icons, inbox), install them for a launcher
/// (install, uninstall) and the `shortcut` launcher are in the files beside this one.
enum ShortcutCommands {
    static let all: [CommandSpec] = [
        launch, list, add, push, set, remove, disable, enable, export, install, uninstall, inbox, check, icons,
    ]

    /// The options of the quick-action commands.
    enum Options {
        static let catalog = Option.text(
            "catalog", "file", "Use this catalog (an Info.plist) instead of the configured one.",
            completion: .file)
        static let title = Option<String?>.value(
            "title", "What the menu shows (up to \(ShortcutLimits.titleColumns) columns fit one line)."
        )
        .required()
        static let subtitle = Option.text("subtitle", "text", "A line under the title.")
        static let icon: Option<SystemIcon?> = .value(
            "icon", "A system icon: search, add, capturePhoto, ... (see 'expenses shortcuts icons').")
        static let iconFile = Option.text("icon-file", "file", "An image of the app, 35x35 pt, single colour (wins over --icon).")
        static let iconSymbol = Option.text("icon-symbol", "name", "An SF Symbol name (wins over --icon-file and --icon).")
        static let info: Option<[ShortcutParameter]> = .values("info", "A parameter of the action's command, e.g. report=3.")
        static let rank = Option.number("rank", "n", "Its place among the dynamic quick actions, 0 first.")
        /// What `add` and `push` describe an item with.
        static let item: [any OptionDeclaration] = [title, subtitle, icon, iconFile, iconSymbol, info, rank, catalog]
        static let message = Option.text("message", "text", "What a launch of it says, e.g. \"The Boston trip was submitted\".")
        static let visible = Option.flag("visible", "Only the quick actions a launcher shows.")
        static let all = Option.flag("all", "Also the disabled ones (and any past the cap).")
        static let maxVisible = Option.number("max-visible", "n", "Show this many instead of the shortcuts.max-visible setting.")
        static let desktop = Option.flag("desktop", "Write a freedesktop .desktop entry (the default).")
        static let json = Option.flag("json", "Write JSON (as --format json does).")
        static let web = Option.text(
            "web", "dir",
            "Write the web app's files into this directory: manifest.webmanifest, sw.js, sw-register.js, icons/192.png, "
                + "icons/512.png and an index.html that links them.",
            completion: .file)
        static let output = Option.text("output", "file", "Write to this file instead of standard output.", short: "o", completion: .file)
        static let force = CommonOptions.force.described("With --output: replace the file if it exists.")
        static let exec = Option.text("exec", "program", "The program the actions run (default: expenses, found on PATH).")
        static let entryIcon = Option.text(
            "icon", "name",
            "The entry's own icon: a theme's icon name (expenses, as installed by "
                + "'shortcuts install' or Scripts/install) or an absolute path; none by default.")
        static let deliver = Option.flag("deliver", "Run the queued launches now, in this process.")
        static let redeliver = Option.id("redeliver", "Queue a failed or stale launch again.")
        static let discard = Option.id("discard", "Drop a queued, failed or stale launch without running it.")
        static let `defer` = Option.flag("defer", "Queue it in the launch inbox for a running session instead of running it now.")
        static let repl = Option.flag("repl", "Start the REPL at the action's target afterwards (expenses --shortcut TYPE --repl).")
    }

    static let typeArgument = Argument<String>.value(
        "type", "The quick action's type, e.g. com.sap.example.openReport.",
        completion: .shortcutType)
    static let catalogFile = Argument<String>.value("file", "The property list.", completion: .file)

    static let add = CommandSpec(
        ["shortcuts", "add"], abstract: "Add a dynamic quick action, or change the one of that type; refused when full.",
        discussion:
            "The type's last component names the action (showReports, newReport, addExpense, addExpenseToReport, openReport, unassignedExpenses, takePhoto). Without --rank it goes last. At most shortcuts.max-total quick actions exist, static ones included: 'shortcuts push' evicts the lowest-ranked instead of refusing.",
        arguments: [typeArgument], options: Options.item,
        examples: [
            "expenses shortcuts add com.sap.example.openReport --title \"Open Boston\" --icon bookmark --info report=2",
            "expenses shortcuts add com.sap.example.unassignedExpenses --title \"Loose Receipts\" --icon task --rank 0",
        ]
    ) { invocation, session in
        let item = try ShortcutCommands.item(invocation, session)
        let rank = try invocation[Options.rank]
        return try change(invocation, session) { shortcuts throws(ExpenseError) in
            let existed = shortcuts.dynamicShortcut(item.type) != nil
            try shortcuts.add(item, rank: rank)
            return "\(existed ? "Updated" : "Added") \(item.type): \(item.title)"
        }
    }

    static let push = CommandSpec(
        ["shortcuts", "push"], abstract: "Add a dynamic quick action at the top, evicting the lowest-ranked one when full.",
        arguments: [typeArgument], options: Options.item,
        examples: ["expenses shortcuts push com.sap.example.openReport --title \"Open Basel\" --info report=3"]
    ) { invocation, session in
        let item = try ShortcutCommands.item(invocation, session)
        let rank = try invocation[Options.rank] ?? 0
        return try change(invocation, session) { shortcuts throws(ExpenseError) in
            let evicted = try shortcuts.push(item, rank: rank)
            return "Pushed \(item.type): \(item.title)" + (evicted.map { "; evicted \($0.type) (\($0.item.title))" } ?? "")
        }
    }

    static let set = CommandSpec(
        ["shortcuts", "set"], abstract: "Replace every dynamic quick action with the items of a plist (the iOS way).",
        discussion:
            "FILE is an Info.plist-style property list (XML or binary) whose UIApplicationShortcutItems are the new dynamic items, in rank order; an empty array removes them all. Disabled items stay disabled.",
        arguments: [catalogFile], options: [Options.catalog],
        examples: ["expenses shortcuts set my-shortcuts.plist"]
    ) { invocation, session in
        let settings = try session.settings()
        let options = ShortcutCatalog.Options(
            variables: settings.catalogVariables,
            languages: PreferredLanguages.from(session.environment.variables),
            maxItems: settings.limits.maxTotal)
        let file = try invocation[catalogFile]
        let items: ShortcutCatalog
        do {
            items = try ShortcutCatalog.load(path: session.environment.path(file), options: options)
        } catch let error as CatalogError {
            throw CatalogMessages.reportable(error)
        }
        CatalogMessages.print(items)
        for item in items.items { try checkAction(item, settings: settings, path: invocation.spec.path) }
        return try change(invocation, session) { shortcuts throws(ExpenseError) in
            try shortcuts.replaceAll(with: items.items)
            return "Set \(items.items.count) dynamic quick action\(items.items.count == 1 ? "" : "s") from \(file)"
        }
    }

    static let remove = CommandSpec(
        ["shortcuts", "remove"], abstract: "Remove a dynamic quick action (static ones cannot be removed).",
        arguments: [typeArgument], options: [Options.catalog],
        examples: ["expenses shortcuts remove com.sap.example.openReport"]
    ) { invocation, session in
        let type = try expandedType(invocation, session)
        return try change(invocation, session) { shortcuts throws(ExpenseError) in
            try shortcuts.remove(type)
            return "Removed \(type)"
        }
    }

    static let disable = CommandSpec(
        ["shortcuts", "disable"], abstract: "Turn a dynamic quick action off; launching it then prints your message (exit 69).",
        arguments: [typeArgument],
        options: [Options.message, Options.catalog],
        examples: ["expenses shortcuts disable com.sap.example.openReport --message \"The Boston trip is closed\""]
    ) { invocation, session in
        let type = try expandedType(invocation, session)
        let message = try invocation[Options.message]
        return try change(invocation, session) { shortcuts throws(ExpenseError) in
            try shortcuts.disable(type, message: message)
            return "Disabled \(type)"
        }
    }

    static let enable = CommandSpec(
        ["shortcuts", "enable"], abstract: "Turn a disabled dynamic quick action back on, last among the dynamic ones.",
        arguments: [typeArgument], options: [Options.catalog],
        examples: ["expenses shortcuts enable com.sap.example.openReport"]
    ) { invocation, session in
        let type = try expandedType(invocation, session)
        // The app's "Open <trip>" or "Add expense to <trip>", back on, follows the work done meanwhile.
        let follow = try TripShortcuts.reportToFollow(enabling: type, appID: try session.settings().appID, in: try session.store())
        return try change(invocation, session) { shortcuts throws(ExpenseError) in
            try shortcuts.enable(type)
            if let follow { try TripShortcuts.point(&shortcuts, type: type, at: follow) }
            return "Enabled \(type)"
        }
    }

    // MARK: - Shared

    /// Applies `body` to the quick actions in one write transaction and saves the dynamic ones.
    /// The app's defaults are dynamic ones like any other: a change publishes them first (a
    /// `remove` of one on a new database removes it for good).
    static func change(
        _ invocation: Invocation, _ session: Session,
        _ body: (inout ShortcutSet) throws(ExpenseError) -> String
    ) throws -> Output {
        let catalog = try session.catalog(path: try invocation[Options.catalog])
        CatalogMessages.print(catalog)
        let limits = try session.settings().limits
        let defaults = try session.appShortcuts()
        let store = try session.store()
        let (message, shortcuts) = try store.write {
            var shortcuts = ShortcutSet(catalog: catalog, dynamic: try store.dynamicShortcuts(with: defaults), limits: limits)
            let message = try body(&shortcuts)
            try store.replaceDynamicShortcuts(shortcuts.dynamic, with: defaults)
            return (message, shortcuts)
        }
        InstalledDesktopEntry.refresh(in: session)
        return QuickActionChange(
            message: message, entries: shortcuts.entries(includingDisabled: true),
            launch: ["expenses"] + launchPrefix(session)
        ).output
    }

    /// The item the options of `add` and `push` describe, checked: a known action, parameters
    /// its command takes, a known icon, and a warning for a title too long for one line.
    static func item(_ invocation: Invocation, _ session: Session) throws -> ShortcutItem {
        let settings = try session.settings()
        let type = try expandedType(invocation, session)
        var icon = ShortcutIcon(symbolName: try invocation[Options.iconSymbol], file: try invocation[Options.iconFile])
        if let system = try invocation[Options.icon] { icon.type = system }
        var userInfo = PropertyListDictionary()
        for parameter in try invocation[Options.info] {
            userInfo[parameter.key] = Int64(parameter.value).map { .integer($0) } ?? .string(parameter.value)
        }
        let item = ShortcutItem(
            type: type, title: try invocation[Options.title], subtitle: try invocation[Options.subtitle],
            icon: icon, userInfo: userInfo)
        try checkAction(item, settings: settings, path: invocation.spec.path)
        let width = TitleWidth.columns(item.title)
        if width > ShortcutLimits.titleColumns {
            Console.error("expenses: warning: the title '\(item.title)' is \(width) columns wide and will not fit one line\n")
        }
        return item
    }

    /// Refuses an item that could never run: an action expenses lacks, or a parameter its command
    /// does not take.
    static func checkAction(_ item: ShortcutItem, settings: Settings, path: [String]) throws {
        let router = ShortcutActions.router(
            ShortcutSet(catalog: ShortcutCatalog(source: "", items: []), dynamic: [], limits: settings.limits),
            appID: settings.appID)
        let action: ShortcutAction
        do {
            action = try router.action(for: item)
        } catch {
            var invalid = error
            invalid.kind = .invalidData
            throw invalid
        }
        guard let spec = Commands.registry.command(action.commandPath),
            let unknown = ShortcutLaunch.unknownParameter(item.userInfo, of: action, command: spec)
        else { return }
        throw ExpenseError(
            .invalidData, "\(item.type): '\(unknown.key)' is not a parameter of its command 'expenses \(spec.name)'",
            hint: unknown.suggestion.map { "did you mean '\($0)'?" }
                ?? "its options: " + spec.options.map { "--" + $0.name }.joined(separator: ", "))
    }

    /// The type argument with `$(PRODUCT_BUNDLE_IDENTIFIER)` and other variables expanded.
    static func expandedType(_ invocation: Invocation, _ session: Session) throws -> String {
        let raw = try invocation[typeArgument]
        do {
            return try session.settings().catalogVariables.expand(raw)
        } catch {
            throw ExpenseError(.invalidData, "cannot expand the type '\(raw)': \(error)")
        }
    }

    /// The words a launcher puts before `--shortcut` to reach this session's data: `--db` when
    /// the database is not the default one (a launcher does not have EXPENSES_DB).
    static func launchPrefix(_ session: Session) -> [String] {
        guard session.location != .file(session.environment.dataDirectory + "/expenses.sqlite") else { return [] }
        return ["--db", session.launchDatabase]
    }

    /// The words a launcher puts after the type: the `--catalog` given, as an absolute path.
    static func launchSuffix(catalog: String?, in session: Session) -> [String] {
        catalog.map { ["--catalog", session.environment.path($0)] } ?? []
    }
}
