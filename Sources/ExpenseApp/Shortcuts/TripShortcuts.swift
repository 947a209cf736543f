import ExpenseCore
import ExpenseShortcuts
import ExpenseStore
import ExpenseSupport
import PropertyList
import Rendering

/// The app's own dynamic quick actions, kept current as the source apps keep theirs: "Add
/// expense to <trip>" for the current trip (the draft last worked on) and "Open <trip>" for the
/// report last worked on, each with the report id in its userInfo. They are refreshed after a
/// command that changes which trip is current, in place, never past the caps, never twice, and
/// never over an item the user set or disabled. The first refresh also publishes the app's
/// default items (`AppShortcuts`: Add Expense, Take a Picture, New Report), below the trip's.
/// "Approve N reports" (`ApprovalShortcut`) is kept current with them.
enum TripShortcuts {
    static let addAction = "addExpenseToReport"
    static let openAction = "openReport"
    /// The defaults `arrange` orders: the generic "Add Expense" and "Take a Picture".
    static let genericAddAction = "addExpense"
    static let photoAction = "takePhoto"

    /// The current trip for actions that default to it: the report of the app's "Add expense to" item.
    static func currentTrip(in shortcuts: ShortcutSet, appID: String) -> Int64? {
        guard let item = shortcuts.dynamicShortcut("\(appID).\(addAction)"), item.origin == .app, item.isEnabled else { return nil }
        return item.item.userInfo["report"]?.scalarText.flatMap { Int64($0) }
    }

    /// The draft trip a photo taken now is for: `given` (the report opened, or the one the page
    /// names), else the current trip; nil when that is not a draft.
    static func currentDraft(given: Int64?, in session: Session, store: Store) throws -> Report? {
        let current = try given ?? currentTrip(in: session.shortcuts(), appID: session.settings().appID)
        return try current.map(store.report).flatMap { $0.status == .draft ? $0 : nil }
    }

    /// Called by the runner after every command: when it changed a trip (its output says which,
    /// `Output.touching`), the app's items follow. A failure here is a warning: the command itself
    /// succeeded.
    static func afterCommand(_ output: Output, in session: Session) {
        guard let touched = output.touchedReport else { return }
        do {
            // A script adding a hundred expenses to one trip refreshes once: the items show the
            // trip's title, place, dates and whether it is a draft, and how many reports wait for
            // the user's decision, and those did not change.
            let store = try session.store()
            let approvals = try store.waitingForDecision(by: try session.user).count
            let shown = try touched.map { Shown(try store.report($0), approvals: approvals) }
            if shown != nil, shown == session.cache.refreshedTrip { return }
            try refresh(touched: touched, approvals: approvals, in: session)
            session.cache.refreshedTrip = shown
            InstalledDesktopEntry.refresh(in: session)
        } catch {
            let reason =
                (error as? ExpenseError)?.message ?? (error as? DatabaseError).map { ErrorPresenter.error($0).message } ?? "\(error)"
            Console.error("expenses: warning: the app's quick actions were not refreshed: \(reason)\n")
        }
    }

    /// What the app's items show of a report, and how many reports wait for the user's
    /// decision: when none of it changed, neither do they.
    struct Shown: Equatable {
        let id: Int64, title: String, destination: String, startDate: CalendarDate?, endDate: CalendarDate?
        let isDraft: Bool
        let approvals: Int

        init(_ report: Report, approvals: Int) {
            (id, title, destination, startDate, endDate) = (report.id, report.title, report.destination, report.startDate, report.endDate)
            isDraft = report.status == .draft
            self.approvals = approvals
        }
    }

    /// Brings the app's items up to date in one write transaction, publishing its defaults the
    /// first time; `approvals` reports wait for the user's decision.
    static func refresh(touched: Int64?, approvals: Int, in session: Session) throws {
        let settings = try session.settings()
        let catalog: ShortcutCatalog
        do {
            catalog = try session.loadCatalog(path: nil)
        } catch let error as CatalogError {
            throw ExpenseError(.invalidData, "the catalog \(error.errors.first?.file ?? "") does not load")
        }
        let defaults = try session.appShortcuts()
        let store = try session.store()
        try store.write {
            var shortcuts = ShortcutSet(catalog: catalog, dynamic: try store.dynamicShortcuts(with: defaults), limits: settings.limits)
            let before = shortcuts.dynamic
            let addType = "\(settings.appID).\(addAction)"
            let openType = "\(settings.appID).\(openAction)"
            let approveType = ApprovalShortcut.type(appID: settings.appID)
            func report(_ id: Int64?) -> Report? { id.flatMap { try? store.report($0) } }
            func previous(_ type: String) -> Int64? {
                shortcuts.dynamicShortcut(type)?.item.userInfo["report"]?.scalarText.flatMap { Int64($0) }
            }
            let recent = try store.reports(limit: 50)
            let openTarget = report(touched) ?? report(previous(openType)) ?? recent.first
            let addTarget =
                [report(touched), report(previous(addType))].compactMap { $0 }.first { $0.status == .draft }
                ?? recent.first { $0.status == .draft }
            // Items the app made under another app id (before `config set app-id`) are its own,
            // and would otherwise stand beside the new ones as duplicates; its defaults follow
            // the app id by themselves.
            for stale in shortcuts.dynamic
            where stale.origin == .app && stale.type != addType && stale.type != openType && stale.type != approveType
                && defaults.item(stale.type) == nil
            {
                try shortcuts.remove(stale.type)
            }
            try update(&shortcuts, type: openType, to: openTarget.map { tripItem(openType, $0) })
            try update(&shortcuts, type: addType, to: addTarget.map { tripItem(addType, $0) })
            try update(&shortcuts, type: approveType, to: ApprovalShortcut.item(appID: settings.appID, waiting: approvals))
            try arrange(&shortcuts, appID: settings.appID)
            if try shortcuts.dynamic != before || !store.hasPublished(defaults) {
                try store.replaceDynamicShortcuts(shortcuts.dynamic, with: defaults)
            }
        }
    }

    /// The report an app trip item turned back on should point at, so that "Open <trip>" and "Add
    /// expense to <trip>" agree (while one was off, the other followed the work): the other
    /// item's, else the latest trip. Nil for any other item, or when there is no report.
    static func reportToFollow(enabling type: String, appID: String, in store: Store) throws -> Report? {
        let pair = ["\(appID).\(openAction)", "\(appID).\(addAction)"]
        guard pair.contains(type) else { return nil }
        let opens = type == pair[0]
        let other = try store.dynamicShortcuts().first { pair.contains($0.type) && $0.type != type && $0.origin == .app && $0.isEnabled }
        if let id = other?.item.userInfo["report"]?.scalarText.flatMap({ Int64($0) }), let report = try? store.report(id),
            opens || report.status == .draft
        {
            return report
        }
        let recent = try store.reports(limit: 50)
        return opens ? recent.first : recent.first { $0.status == .draft }
    }

    /// Points the app's trip item `type` at `report`, as a refresh would (inside the caller's write).
    static func point(_ shortcuts: inout ShortcutSet, type: String, at report: Report) throws(ExpenseError) {
        try update(&shortcuts, type: type, to: tripItem(type, report))
    }

    /// The app's "Open <trip>" or "Add expense to <trip>" (by `type`'s action) for `report`.
    private static func tripItem(_ type: String, _ report: Report) -> ShortcutItem {
        type.hasSuffix(".\(openAction)")
            ? item(type, "Open \(report.title)", .bookmark, report)
            : item(type, "Add expense to \(report.title)", .add, report)
    }

    /// While there is a trip to add to, "Add expense to <trip>" does what the generic "Add
    /// Expense" does, for that trip: the generic one swaps places with "Take a Picture", which
    /// then shows among the launcher's first four; without a trip they swap back. Only these two
    /// of the app's own enabled items move; every other item keeps its place.
    static func arrange(_ shortcuts: inout ShortcutSet, appID: String) throws {
        guard let generic = shortcuts.dynamicShortcut("\(appID).\(genericAddAction)"),
            let photo = shortcuts.dynamicShortcut("\(appID).\(photoAction)"),
            generic.origin == .app, photo.origin == .app, generic.isEnabled, photo.isEnabled,
            // A catalog with either as a static item hides the dynamic one, and it cannot move.
            !shortcuts.isStatic(generic.type), !shortcuts.isStatic(photo.type)
        else { return }
        let hasTrip = currentTrip(in: shortcuts, appID: appID) != nil
        guard hasTrip == (generic.rank < photo.rank) else { return }
        // The lower one moved up to the upper one's rank pushes the items between down by one;
        // the upper one, moved to the lower one's old rank, pulls them back.
        let (upper, lower) = generic.rank < photo.rank ? (generic, photo) : (photo, generic)
        try shortcuts.add(lower.item, rank: upper.rank, origin: .app)
        try shortcuts.add(upper.item, rank: lower.rank, origin: .app)
    }

    private static func item(_ type: String, _ title: String, _ icon: SystemIcon, _ report: Report) -> ShortcutItem {
        let place = [report.destination, report.startDate == nil && report.endDate == nil ? "" : report.dateRange]
            .filter { !$0.isEmpty }.joined(separator: ", ")
        return ShortcutItem(
            type: type, title: title, subtitle: place.isEmpty ? nil : place, icon: ShortcutIcon(type: icon),
            userInfo: PropertyListDictionary([("report", .integer(report.id))]))
    }

    /// Sets the app's item of `type` to `item` (nil: removes it). A new one goes to the top if
    /// there is room; an item of the user's or one they disabled is left alone.
    private static func update(_ shortcuts: inout ShortcutSet, type: String, to item: ShortcutItem?) throws(ExpenseError) {
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
