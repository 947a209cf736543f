import ExpenseCore
import ExpenseShortcuts
import ExpenseStore

/// The app's own dynamic quick actions, kept current as the source apps keep theirs: "Add
/// expense to <trip>" for the current trip (the draft last worked on) and "Open <trip>" for the
/// report last worked on, each with the report id in its userInfo. They are refreshed after a
/// command that changes which trip is current, in place, never past the caps, never twice, and
/// never over an item the user set or disabled.
enum TripShortcuts {
    static let addAction = "addExpenseToReport"
    static let openAction = "openReport"

    /// The commands after which the current trip may be another one, or look different.
    static let tripCommands: Set<[String]> = Set(
        [["report", "new"], ["report", "edit"], ["report", "delete"], ["expense", "add"], ["expense", "move"]]
            + ReportAction.allCases.map { ["report", $0.rawValue] })

    /// The current trip for actions that default to it: the report of the app's "Add expense to" item.
    static func currentTrip(in shortcuts: ShortcutSet, appID: String) -> Int64? {
        guard let item = shortcuts.dynamicShortcut("\(appID).\(addAction)"), item.origin == .app, item.isEnabled else { return nil }
        return item.item.userInfo["report"]?.scalarText.flatMap { Int64($0) }
    }

    /// Called by the runner after every command: notes the report a trip command touched and
    /// refreshes the app's items. A failure here is a warning: the command itself succeeded.
    static func afterCommand(_ invocation: Invocation, output: Output, in session: Session) {
        let path = invocation.spec.path
        guard tripCommands.contains(path) else { return }
        let touched = reportID(path: path, output: output)
        session.cache.touchedReport = touched
        // A script adding a hundred expenses to one trip refreshes once.
        if path.first == "expense", touched != nil, touched == session.cache.refreshedTrip { return }
        do {
            try refresh(touched: touched, in: session)
            session.cache.refreshedTrip = touched
            InstalledDesktopEntry.refresh(in: session)
        } catch {
            let reason = (error as? ExpenseError)?.message ?? (error as? DatabaseError)?.userFacing.message ?? "\(error)"
            Console.error("expenses: warning: the app's quick actions were not refreshed: \(reason)\n")
        }
    }

    /// The report a trip command's result is about: a report document's `id`, an expense's `reportId`.
    static func reportID(path: [String], output: Output) -> Int64? {
        guard case .document(_, .object(let members), _) = output else { return nil }
        let key = path.first == "expense" ? "reportId" : "id"
        guard let value = members.first(where: { $0.0 == key })?.1, case .int(let id) = value else { return nil }
        return id
    }

    /// Brings the app's items up to date in one write transaction.
    static func refresh(touched: Int64?, in session: Session) throws {
        let settings = try session.settings()
        let catalog: ShortcutCatalog
        do {
            catalog = try session.loadCatalog(path: nil)
        } catch let error as CatalogError {
            throw ExpenseError(.invalidData, "the catalog \(error.errors.first?.file ?? "") does not load")
        }
        let store = try session.store()
        try store.write {
            var shortcuts = ShortcutSet(catalog: catalog, dynamic: try store.dynamicShortcuts(), limits: settings.limits)
            let before = shortcuts.dynamic
            let addType = "\(settings.appID).\(addAction)", openType = "\(settings.appID).\(openAction)"
            func report(_ id: Int64?) -> Report? { id.flatMap { try? store.report($0) } }
            func previous(_ type: String) -> Int64? {
                shortcuts.dynamicShortcut(type)?.item.userInfo["report"]?.scalarText.flatMap { Int64($0) }
            }
            let recent = try store.reports(limit: 50)
            let openTarget = report(touched) ?? report(previous(openType)) ?? recent.first
            let addTarget = [report(touched), report(previous(addType))].compactMap { $0 }.first { $0.status == .draft }
                ?? recent.first { $0.status == .draft }
            // Items the app made under another app id (before `config set app-id`) are its own,
            // and would otherwise stand beside the new ones as duplicates.
            for stale in shortcuts.dynamic where stale.origin == .app && stale.type != addType && stale.type != openType {
                try shortcuts.remove(stale.type)
            }
            try update(&shortcuts, type: openType, to: openTarget.map { item(openType, "Open \($0.title)", .bookmark, $0) })
            try update(&shortcuts, type: addType, to: addTarget.map { item(addType, "Add expense to \($0.title)", .add, $0) })
            if shortcuts.dynamic != before { try store.replaceDynamicShortcuts(shortcuts.dynamic) }
        }
    }

    private static func item(_ type: String, _ title: String, _ icon: SystemIcon, _ report: Report) -> ShortcutItem {
        let place = [report.destination, report.startDate == nil && report.endDate == nil ? "" : ReportView.dates(report)]
            .filter { !$0.isEmpty }.joined(separator: ", ")
        return ShortcutItem(type: type, title: title, subtitle: place.isEmpty ? nil : place, icon: ShortcutIcon(type: icon),
                            userInfo: PropertyListDictionary([("report", .integer(report.id))]))
    }

    /// Sets the app's item of `type` to `item` (nil: removes it). A new one goes to the top if
    /// there is room; an item of the user's or one they disabled is left alone.
    private static func update(_ shortcuts: inout ShortcutSet, type: String, to item: ShortcutItem?) throws {
        guard !shortcuts.isStatic(type) else { return }
        if let existing = shortcuts.dynamicShortcut(type) {
            guard existing.origin == .app, existing.isEnabled else { return }
            if let item {
                if existing.item != item { try shortcuts.add(item, origin: .app) }
            } else {
                try shortcuts.remove(type)
            }
        } else if let item, shortcuts.enabledDynamic.count < shortcuts.dynamicCapacity {
            try shortcuts.add(item, rank: 0, origin: .app)
        }
    }
}
