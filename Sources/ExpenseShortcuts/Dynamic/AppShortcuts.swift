import PropertyList

/// The app's own dynamic quick actions that exist from the start — Add Expense, Take a Picture and
/// New Report — as data: `Data/AppShortcuts.plist`, compiled in, in the format of the static
/// catalog and loaded by the same loader (variables, `InfoPlist.strings` titles, checks).
///
/// An iOS app registers such items at first launch (Apple's ApplicationShortcuts sample, in
/// `didFinishLaunching`, when `shortcutItems` is empty). Here the app publishes them on a database
/// the first time it writes its dynamic items there: after a trip command (`TripShortcuts`), or a
/// `shortcuts add|push|set|remove|disable|enable`. Until then they stand in: each read composes
/// them after the stored dynamic items, in the plist's order (which the app may then arrange as
/// it will publish them), and a read never writes.
///
/// Once published, the database keeps what became of each (`AppShortcutRecord`): its place among
/// the dynamic items, disabled with a message, or removed, so that a removal sticks. It keeps
/// neither titles nor icons: those stay the plist's, in the reader's language and with the
/// current app id, as static items' do.
public struct AppShortcuts: Equatable, Sendable {
    /// How messages name it.
    public static let source = "Data/AppShortcuts.plist (built in)"

    public struct Default: Equatable, Sendable {
        /// The type as the plist writes it, before `$(PRODUCT_BUNDLE_IDENTIFIER)` expands: how the
        /// database names the item, so that its record stays its own whatever the app id.
        public var key: String
        public var item: ShortcutItem

        public init(key: String, item: ShortcutItem) {
            self.key = key
            self.item = item
        }
    }

    /// In the plist's order: the order they stand in before they are published.
    public var defaults: [Default]
    public var warnings: [CatalogDiagnostic]
    /// The `.strings` table the titles came from; nil when none applied.
    public var localization: String?

    public init(defaults: [Default], warnings: [CatalogDiagnostic] = [], localization: String? = nil) {
        self.defaults = defaults
        self.warnings = warnings
        self.localization = localization
    }

    /// The languages their titles are compiled in: the static catalog's.
    public static var languages: [String] { BundledCatalog.languages }

    public static func load(options: ShortcutCatalog.Options) throws(CatalogError) -> AppShortcuts {
        // The caps are the set's to apply (an item past them is kept, but off), not the file's.
        var options = options
        options.maxItems = Int.max
        let bytes = PackageResources.AppShortcuts_plist
        let catalog = try ShortcutCatalog.parse(bytes, source: source, localizations: BundledCatalog.localization, options: options)
        // A catalog that loads has one item per element of its array, each with a string type.
        let keys = writtenTypes(bytes)
        guard keys.count == catalog.items.count else {
            throw CatalogError([CatalogDiagnostic(.error, file: source, "its items' types cannot be read")])
        }
        return AppShortcuts(
            defaults: zip(keys, catalog.items).map { Default(key: $0, item: $1) }, warnings: catalog.warnings,
            localization: catalog.localization)
    }

    /// The items' types as the plist writes them.
    static func writtenTypes(_ bytes: [UInt8]) -> [String] {
        guard case .dictionary(let info)? = try? PropertyList.parse(bytes),
            case .array(let items)? = info[ShortcutItem.Key.items]
        else { return [] }
        return items.compactMap { $0.dictionaryValue?[ShortcutItem.Key.type]?.stringValue }
    }

    /// The default of an (expanded) type.
    public func item(_ type: String) -> ShortcutItem? { defaults.first { $0.item.type == type }?.item }

    // MARK: - Composing and publishing

    /// All dynamic items: `stored` (the database's own dynamic items) with the defaults where their
    /// records put them. A default without a record stands in after the enabled items, in the
    /// plist's order — unless an item of its type is stored (the user's own of that type wins).
    /// Enabled items come first, ranked from 0, then the disabled ones.
    public func compose(stored: [DynamicShortcut], records: [AppShortcutRecord]) -> [DynamicShortcut] {
        var states: [String: AppShortcutRecord.State] = [:]
        for record in records where states[record.key] == nil { states[record.key] = record.state }
        let storedTypes = Set(stored.map(\.type))
        var placed: [DynamicShortcut] = []
        var standing: [DynamicShortcut] = []
        var disabled: [DynamicShortcut] = []
        for entry in defaults where !storedTypes.contains(entry.item.type) {
            switch states[entry.key] {
            case .enabled(let rank)?: placed.append(DynamicShortcut(item: entry.item, rank: rank, origin: .app))
            case .disabled(let message)?:
                disabled.append(DynamicShortcut(item: entry.item, rank: 0, isEnabled: false, disabledMessage: message, origin: .app))
            case .removed?: continue
            case nil: standing.append(DynamicShortcut(item: entry.item, rank: 0, origin: .app))
            }
        }
        // Each placed default at its rank among all the enabled items; the stored ones, in their
        // order, fill the places between.
        var toPlace = Self.byRank(placed)[...]
        var toFill = Self.byRank(stored.filter(\.isEnabled))[...]
        var enabled: [DynamicShortcut] = []
        while !toPlace.isEmpty || !toFill.isEmpty {
            if let next = toPlace.first, next.rank <= enabled.count || toFill.isEmpty {
                enabled.append(next)
                toPlace = toPlace.dropFirst()
            } else if let next = toFill.first {
                enabled.append(next)
                toFill = toFill.dropFirst()
            }
        }
        enabled += standing
        for index in enabled.indices { enabled[index].rank = index }
        return enabled + stored.filter { !$0.isEnabled } + disabled
    }

    /// What the database keeps of `dynamic` (a `ShortcutSet`'s items): the items to store, ranked
    /// among themselves from 0, and a record of every default — its rank among all the enabled
    /// items, disabled, or removed when the app's item of its type is gone (removed, evicted,
    /// replaced by the user's own). An item of the app's of a default's type is that default:
    /// what is published is where it is and whether it is on, never its text.
    public func publication(of dynamic: [DynamicShortcut]) -> (stored: [DynamicShortcut], records: [AppShortcutRecord]) {
        var states: [String: AppShortcutRecord.State] = [:]
        var stored: [DynamicShortcut] = []
        func key(_ shortcut: DynamicShortcut) -> String? {
            guard shortcut.origin == .app, let key = defaults.first(where: { $0.item.type == shortcut.type })?.key,
                states[key] == nil
            else { return nil }
            return key
        }
        for (rank, shortcut) in Self.byRank(dynamic.filter(\.isEnabled)).enumerated() {
            if let key = key(shortcut) {
                states[key] = .enabled(rank: rank)
            } else {
                var kept = shortcut
                kept.rank = stored.count
                stored.append(kept)
            }
        }
        for shortcut in dynamic where !shortcut.isEnabled {
            if let key = key(shortcut) {
                states[key] = .disabled(message: shortcut.disabledMessage)
            } else {
                stored.append(shortcut)
            }
        }
        return (stored, defaults.map { AppShortcutRecord(key: $0.key, state: states[$0.key] ?? .removed) })
    }

    /// Sorted by rank; equal ranks keep their order.
    private static func byRank(_ shortcuts: [DynamicShortcut]) -> [DynamicShortcut] {
        shortcuts.enumerated().sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }.map(\.element)
    }
}

/// What a database keeps of one of the app's default quick actions once the app has published
/// them there; a default without one has not been published yet.
public struct AppShortcutRecord: Equatable, Sendable {
    public enum State: Equatable, Sendable {
        /// At `rank` among all the enabled dynamic items, the stored ones and the defaults together.
        case enabled(rank: Int)
        case disabled(message: String?)
        /// Removed, evicted, or replaced by an item of the user's of its type: it does not come back.
        case removed
    }

    /// The default's type as `Data/AppShortcuts.plist` writes it (`AppShortcuts.Default.key`).
    public var key: String
    public var state: State

    public init(key: String, state: State) {
        self.key = key
        self.state = state
    }
}

extension ShortcutStorage {
    /// The dynamic quick actions with the app's defaults among them (`AppShortcuts.compose`).
    public func dynamicShortcuts(with defaults: AppShortcuts) throws -> [DynamicShortcut] {
        defaults.compose(stored: try dynamicShortcuts(), records: try appShortcutRecords())
    }

    /// Saves `shortcuts` (a `ShortcutSet`'s dynamic items) and publishes the app's defaults as they
    /// are among them, in one transaction.
    public func replaceDynamicShortcuts(_ shortcuts: [DynamicShortcut], with defaults: AppShortcuts) throws {
        let publication = defaults.publication(of: shortcuts)
        try write {
            try replaceDynamicShortcuts(publication.stored)
            try recordAppShortcuts(publication.records)
        }
    }

    /// Whether the app has published every one of its defaults here.
    public func hasPublished(_ defaults: AppShortcuts) throws -> Bool {
        let published = Set(try appShortcutRecords().map(\.key))
        return defaults.defaults.allSatisfy { published.contains($0.key) }
    }
}
