import ExpenseCore
import ExpenseSupport

/// All quick actions of the app: the static catalog, then the dynamic items by rank, under the
/// caps. It answers what is shown, what a type routes to, and applies the dynamic operations of
/// iOS (replace the whole list) and Android (add, push with eviction, remove, disable, enable).
/// Every operation keeps the invariants: types unique, ranks consecutive, never more than
/// `maxTotal` enabled items, static items untouched.
public struct ShortcutSet: Equatable, Sendable {
    public let catalog: ShortcutCatalog
    public let limits: ShortcutLimits
    /// Enabled items by rank, then the disabled ones.
    public private(set) var dynamic: [DynamicShortcut]

    public init(catalog: ShortcutCatalog, dynamic: [DynamicShortcut], limits: ShortcutLimits) {
        self.catalog = catalog
        self.limits = limits
        self.dynamic = dynamic
        normalize()
    }

    // MARK: - Reading

    public enum Kind: String, Sendable {
        case `static`, dynamic, app
    }

    /// One line of `shortcuts list`.
    public struct Entry: Equatable, Sendable {
        public var item: ShortcutItem
        public var kind: Kind
        /// The dynamic rank; nil for static items.
        public var rank: Int?
        /// 1-based place among the enabled items (what a launcher would order by); nil when disabled.
        public var position: Int?
        public var isVisible: Bool
        public var isEnabled: Bool
        public var disabledMessage: String?
    }

    /// How many dynamic items fit beside the static ones.
    public var dynamicCapacity: Int { max(0, limits.maxTotal - catalog.items.count) }

    public var enabledDynamic: [DynamicShortcut] { dynamic.filter(\.isEnabled) }

    /// Static items in catalog order, then enabled dynamic items by rank, then (with
    /// `includingDisabled`) the disabled ones.
    public func entries(includingDisabled: Bool = false) -> [Entry] {
        var result: [Entry] = []
        for item in catalog.items {
            result.append(
                Entry(
                    item: item, kind: .static, rank: nil, position: result.count + 1,
                    isVisible: result.count < limits.maxVisible, isEnabled: true))
        }
        // Items past the cap (after the cap was lowered, or the catalog grew) are kept, but off;
        // so are items whose type a catalog now has as a static one.
        let enabled = enabledDynamic.filter { !isStatic($0.type) }
        for shortcut in enabled.prefix(dynamicCapacity) {
            result.append(
                Entry(
                    item: shortcut.item, kind: shortcut.origin == .app ? .app : .dynamic, rank: shortcut.rank,
                    position: result.count + 1, isVisible: result.count < limits.maxVisible, isEnabled: true))
        }
        if includingDisabled {
            for shortcut in enabled.dropFirst(dynamicCapacity) {
                result.append(
                    Entry(
                        item: shortcut.item, kind: shortcut.origin == .app ? .app : .dynamic, rank: shortcut.rank,
                        position: nil, isVisible: false, isEnabled: false,
                        disabledMessage: "past the cap of \(limits.maxTotal) quick actions (shortcuts.max-total)"))
            }
            for shortcut in enabledDynamic where isStatic(shortcut.type) {
                result.append(
                    Entry(
                        item: shortcut.item, kind: shortcut.origin == .app ? .app : .dynamic, rank: shortcut.rank,
                        position: nil, isVisible: false, isEnabled: false,
                        disabledMessage: "hidden by the static quick action of the same type in \(catalog.source)"))
            }
            for shortcut in dynamic where !shortcut.isEnabled {
                result.append(
                    Entry(
                        item: shortcut.item, kind: shortcut.origin == .app ? .app : .dynamic, rank: nil,
                        position: nil, isVisible: false, isEnabled: false, disabledMessage: shortcut.disabledMessage))
            }
        }
        return result
    }

    /// What a launcher shows: the first `maxVisible` enabled items, static first.
    public var visible: [Entry] { entries().filter(\.isVisible) }

    /// The item a type names, enabled or not.
    public func entry(_ type: String) -> Entry? { entries(includingDisabled: true).first { $0.item.type == type } }

    public func isStatic(_ type: String) -> Bool { catalog.item(type) != nil }

    public func dynamicShortcut(_ type: String) -> DynamicShortcut? { dynamic.first { $0.type == type } }

    // MARK: - Changing

    /// Adds an item, or updates the dynamic item of the same type in place (Android's
    /// addDynamicShortcuts). Without a rank a new item goes last. Refused when it would go past
    /// the cap: `push` evicts instead.
    public mutating func add(_ item: ShortcutItem, rank: Int? = nil, origin: DynamicShortcut.Origin = .user) throws(ExpenseError) {
        try requireMutable(item.type)
        try requireValid(item)
        if let index = dynamic.firstIndex(where: { $0.type == item.type }) {
            try requireEnabled(dynamic[index])
            dynamic[index].item = item
            dynamic[index].origin = origin
            if let rank { move(item.type, to: rank) }
            return
        }
        guard enabledDynamic.count < dynamicCapacity else {
            throw ExpenseError(.refused, .noRoomToAddShortcut, "cannot add \(item.type): \(capacityDescription) are taken")
        }
        insert(DynamicShortcut(item: item, rank: 0, origin: origin), at: rank ?? enabledDynamic.count)
    }

    /// Adds or updates an item at `rank` (default 0, the top), evicting the lowest-ranked dynamic
    /// item when the list is full (Android's pushDynamicShortcut).
    /// - Returns: the evicted item, if one had to go.
    @discardableResult
    public mutating func push(_ item: ShortcutItem, rank: Int = 0, origin: DynamicShortcut.Origin = .user) throws(ExpenseError)
        -> DynamicShortcut?
    {
        try requireMutable(item.type)
        try requireValid(item)
        if let existing = dynamicShortcut(item.type) {
            try requireEnabled(existing)
            try add(item, rank: rank, origin: origin)
            return nil
        }
        guard dynamicCapacity > 0 else {
            throw ExpenseError(
                .refused, .noRoomToPushShortcut,
                "cannot push \(item.type): the \(catalog.items.count) static quick actions take all \(limits.maxTotal) places")
        }
        var evicted: DynamicShortcut?
        if enabledDynamic.count >= dynamicCapacity, let last = enabledDynamic.last {
            evicted = last
            dynamic.removeAll { $0.type == last.type }
        }
        insert(DynamicShortcut(item: item, rank: 0, origin: origin), at: rank)
        return evicted
    }

    /// Replaces every enabled dynamic item with `items`, in that order (iOS's only way to write,
    /// `shortcutItems = [...]`). Disabled items stay disabled, so a launcher entry exported
    /// earlier still gets their message.
    public mutating func replaceAll(with items: [ShortcutItem], origin: DynamicShortcut.Origin = .user) throws(ExpenseError) {
        var seen: Set<String> = []
        for item in items {
            try requireMutable(item.type)
            try requireValid(item)
            guard seen.insert(item.type).inserted else {
                throw ExpenseError(.invalidData, "\(item.type) is given twice", hint: "each quick action needs a type of its own")
            }
            if let existing = dynamicShortcut(item.type) { try requireEnabled(existing) }
        }
        guard items.count <= dynamicCapacity else {
            throw ExpenseError(
                .refused, .tooManyDynamicShortcuts,
                "\(items.count) dynamic quick actions, but only \(dynamicCapacity) fit beside the \(catalog.items.count) static ones (shortcuts.max-total \(limits.maxTotal))"
            )
        }
        dynamic = items.enumerated().map { DynamicShortcut(item: $1, rank: $0, origin: origin) } + dynamic.filter { !$0.isEnabled }
        normalize()
    }

    /// Removes a dynamic item, enabled or disabled.
    public mutating func remove(_ type: String) throws(ExpenseError) {
        try requireMutable(type)
        _ = try requireDynamic(type)
        dynamic.removeAll { $0.type == type }
        normalize()
    }

    /// Turns a dynamic item off: it is no longer listed or shown, and launching it prints `message`.
    public mutating func disable(_ type: String, message: String?) throws(ExpenseError) {
        try requireMutable(type)
        let index = try requireDynamic(type)
        dynamic[index].isEnabled = false
        dynamic[index].disabledMessage = message
        normalize()
    }

    /// Turns a disabled item back on, last among the enabled ones; refused when that would pass the cap.
    public mutating func enable(_ type: String) throws(ExpenseError) {
        try requireMutable(type)
        let index = try requireDynamic(type)
        guard !dynamic[index].isEnabled else { return }
        guard enabledDynamic.count < dynamicCapacity else {
            throw ExpenseError(.refused, .noRoomToEnableShortcut, "cannot enable \(type): \(capacityDescription) are taken")
        }
        var shortcut = dynamic.remove(at: index)
        shortcut.isEnabled = true
        shortcut.disabledMessage = nil
        insert(shortcut, at: enabledDynamic.count)
    }

    // MARK: - Invariants

    private var capacityDescription: String {
        "all \(limits.maxTotal) places (\(catalog.items.count) static, \(enabledDynamic.count) dynamic)"
    }

    private func requireMutable(_ type: String) throws(ExpenseError) {
        guard !isStatic(type) else {
            throw ExpenseError(
                .refused, .staticShortcut,
                "\(type) is a static quick action of \(catalog.source); static quick actions cannot be changed at run time")
        }
    }

    private func requireValid(_ item: ShortcutItem) throws(ExpenseError) {
        if item.type.trimmingSpaces.isEmpty { throw ExpenseError(.invalidData, "a quick action needs a type") }
        if item.title.trimmingSpaces.isEmpty { throw ExpenseError(.invalidData, "\(item.type) needs a title") }
    }

    private func requireEnabled(_ shortcut: DynamicShortcut) throws(ExpenseError) {
        guard shortcut.isEnabled else {
            throw ExpenseError(.refused, .shortcutDisabled(type: shortcut.type), "\(shortcut.type) is disabled")
        }
    }

    private func requireDynamic(_ type: String) throws(ExpenseError) -> Int {
        if let index = dynamic.firstIndex(where: { $0.type == type }) { return index }
        let suggestion = Suggestion.closest(to: type, among: dynamic.map(\.type))
        throw ExpenseError(
            .notFound, .unknownDynamicShortcut(type: type, suggestion: suggestion),
            "there is no dynamic quick action \(type)")
    }

    private mutating func insert(_ shortcut: DynamicShortcut, at rank: Int) {
        var enabled = enabledDynamic
        enabled.insert(shortcut, at: min(max(rank, 0), enabled.count))
        dynamic = enabled + dynamic.filter { !$0.isEnabled && $0.type != shortcut.type }
        renumber()
    }

    private mutating func move(_ type: String, to rank: Int) {
        guard let index = dynamic.firstIndex(where: { $0.type == type && $0.isEnabled }) else { return }
        let shortcut = dynamic.remove(at: index)
        insert(shortcut, at: rank)
    }

    /// Enabled items sorted by rank (ties keep their order), ranks renumbered 0..n-1, disabled last.
    private mutating func normalize() {
        let enabled = dynamic.enumerated().filter { $0.element.isEnabled }
            .sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }.map(\.element)
        dynamic = enabled + dynamic.filter { !$0.isEnabled }
        renumber()
    }

    private mutating func renumber() {
        var next = 0
        for index in dynamic.indices where dynamic[index].isEnabled {
            dynamic[index].rank = next
            next += 1
        }
    }
}
