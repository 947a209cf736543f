/// A quick action set at run time and kept in the database: by the user (`shortcuts add`) or by
/// the app itself (the current trip's "Add expense to ..."), with its rank and whether it is on.
public struct DynamicShortcut: Equatable, Sendable {
    /// Who keeps it current: the user's items are never touched by the app's own refresh.
    public enum Origin: String, Sendable, CaseIterable {
        case user, app
    }

    public var item: ShortcutItem
    /// Its place among the enabled dynamic items: 0 is the top; consecutive after every change.
    public var rank: Int
    public var isEnabled: Bool
    /// What the router says when a disabled item is launched (from a desktop entry exported earlier).
    public var disabledMessage: String?
    public var origin: Origin

    public init(item: ShortcutItem, rank: Int, isEnabled: Bool = true, disabledMessage: String? = nil, origin: Origin = .user) {
        self.item = item
        self.rank = rank
        self.isEnabled = isEnabled
        self.disabledMessage = disabledMessage
        self.origin = origin
    }

    public var type: String { item.type }
}
