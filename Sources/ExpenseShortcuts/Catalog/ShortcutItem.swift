import PropertyList

/// One quick action, static or dynamic, as `UIApplicationShortcutItem` describes it: a type the
/// router maps to an action, what the user sees, and a payload of parameters.
public struct ShortcutItem: Equatable, Sendable {
    public var type: String
    public var title: String
    public var subtitle: String?
    public var icon: ShortcutIcon
    /// Parameters for the action (`report = 3`); `--info key=value` overrides them at launch.
    public var userInfo: PropertyListDictionary

    public init(
        type: String, title: String, subtitle: String? = nil, icon: ShortcutIcon = ShortcutIcon(),
        userInfo: PropertyListDictionary = PropertyListDictionary()
    ) {
        self.type = type
        self.title = title
        self.subtitle = subtitle
        self.icon = icon
        self.userInfo = userInfo
    }

    /// The Info.plist keys of an item.
    public enum Key {
        public static let items = "UIApplicationShortcutItems"
        public static let type = "UIApplicationShortcutItemType"
        public static let title = "UIApplicationShortcutItemTitle"
        public static let subtitle = "UIApplicationShortcutItemSubtitle"
        public static let iconType = "UIApplicationShortcutItemIconType"
        public static let iconFile = "UIApplicationShortcutItemIconFile"
        public static let iconSymbolName = "UIApplicationShortcutItemIconSymbolName"
        public static let userInfo = "UIApplicationShortcutItemUserInfo"

        public static let all = [type, title, subtitle, iconType, iconFile, iconSymbolName, userInfo]
    }

    /// The item as an Info.plist dictionary, keys in Apple's order.
    public var propertyList: PropertyListValue {
        var dictionary = PropertyListDictionary()
        dictionary[Key.type] = .string(type)
        dictionary[Key.title] = .string(title)
        if let subtitle { dictionary[Key.subtitle] = .string(subtitle) }
        if let iconType = icon.type { dictionary[Key.iconType] = .string(iconType.plistName) }
        if let file = icon.file { dictionary[Key.iconFile] = .string(file) }
        if let symbol = icon.symbolName { dictionary[Key.iconSymbolName] = .string(symbol) }
        if !userInfo.isEmpty { dictionary[Key.userInfo] = .dictionary(userInfo) }
        return .dictionary(dictionary)
    }
}
