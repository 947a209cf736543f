import ExpenseSupport
import PropertyList

/// The Web App Manifest (W3C "Web Application Manifest") of `expenses serve`'s pages, made from
/// the same quick actions as the desktop entry beside it: the web's equivalent of iOS
/// home-screen quick actions is the manifest's `shortcuts` member, which Chromium on Android
/// shows on a long press of the installed app's icon. Its items are the static ones every
/// person has (showReports, takePhoto), titled in the language chosen for the user, and the
/// person's own trip items ("Open <trip>", "Add expense to <trip>") when the caller gives them;
/// `share_target` makes the app a target of the phone's share sheet for a photo or a PDF, which
/// lands in receipt capture.
public struct WebAppManifest: Equatable, Sendable {
    /// One item of `shortcuts`: what a long press shows, and the page it opens.
    public struct Shortcut: Equatable, Sendable {
        public var name: String
        public var description: String?
        /// A path of the server's, which lands in the action's task.
        public var url: String

        public init(name: String, description: String? = nil, url: String) {
            self.name = name
            self.description = description
            self.url = url
        }
    }

    /// The actions every person's manifest has, in this order, when the quick actions hold them.
    public static let staticActions = ["showReports", "takePhoto"]
    /// The icons' sizes in pixels: Chromium's install prompt wants 192, a splash screen 512.
    public static let iconSizes = [192, 512]
    /// Where the phone's share sheet posts a photo or a PDF (`share_target`).
    public static let shareAction = "/receipts/share"
    /// The form field the shared file arrives in.
    public static let shareFileField = "receipt"

    public var name = "Expenses"
    public var shortName = "Expenses"
    public var description = "Travel expense reports, their items and receipts"
    /// The language of the titles (a BCP 47 tag, `de`), nil when they are the catalog's development language.
    public var language: String?
    public var startURL = "/reports"
    public var scope = "/"
    public var themeColor = "#1f5f8b"
    public var backgroundColor = "#ffffff"
    public var shortcuts: [Shortcut]

    /// The manifest of `items` (the quick actions, static and the app's, titled in the user's
    /// language): the first item of each of `staticActions`, then each of `tripItems` whose
    /// action has a page (an item of a report, which must be the person's own: whoever builds
    /// the manifest for a person gives only their items). Items without a page are left out.
    public init(items: [ShortcutItem], tripItems: [ShortcutItem] = [], language: String? = nil) {
        self.language = language
        var shortcuts: [Shortcut] = []
        for action in Self.staticActions {
            guard let item = items.first(where: { Self.action(of: $0) == action }), let shortcut = Self.shortcut(item) else { continue }
            shortcuts.append(shortcut)
        }
        for item in tripItems {
            guard let shortcut = Self.shortcut(item), !shortcuts.contains(where: { $0.url == shortcut.url }) else { continue }
            shortcuts.append(shortcut)
        }
        self.shortcuts = shortcuts
    }

    /// The action a type names: its last component, as the router reads it.
    static func action(of item: ShortcutItem) -> String {
        item.type.split(separator: ".").last.map(String.init) ?? item.type
    }

    static func shortcut(_ item: ShortcutItem) -> Shortcut? {
        guard let url = url(for: item) else { return nil }
        return Shortcut(name: item.title, description: item.subtitle, url: url)
    }

    /// The page that lands in an item's task, nil for an action the web pages do not have (or a
    /// trip item without its report). The same paths as the server's routes.
    public static func url(for item: ShortcutItem) -> String? {
        let report = item.userInfo["report"]?.scalarText.flatMap { Int64($0) }
        switch action(of: item) {
        case "showReports": return "/reports"
        case "takePhoto": return "/receipts/new"
        case "addExpense": return "/expenses/new"
        case "approveReports": return "/approvals"
        case "openReport": return report.map { "/reports/\($0)" }
        case "addExpenseToReport": return report.map { "/expenses/new?report=\($0)" }
        default: return nil
        }
    }

    /// The manifest as JSON (`application/manifest+json`), its members in a fixed order.
    public func render() -> String {
        let icons = Self.iconSizes.map { size in
            #"{"src": "/icons/\#(size).png", "sizes": "\#(size)x\#(size)", "type": "image/png", "purpose": "any"}"#
        }
        let shortcutIcon = #"{"src": "/icons/192.png", "sizes": "192x192", "type": "image/png"}"#
        var members = [
            ("id", Self.string(startURL)),
            ("name", Self.string(name)),
            ("short_name", Self.string(shortName)),
            ("description", Self.string(description)),
        ]
        if let language { members.append(("lang", Self.string(language))) }
        members += [
            ("dir", Self.string("auto")),
            ("start_url", Self.string(startURL)),
            ("scope", Self.string(scope)),
            ("display", Self.string("standalone")),
            ("theme_color", Self.string(themeColor)),
            ("background_color", Self.string(backgroundColor)),
            ("icons", "[\n    " + icons.joined(separator: ",\n    ") + "\n  ]"),
            (
                "shortcuts",
                "[\n"
                    + shortcuts.map { shortcut in
                        "    {\"name\": \(Self.string(shortcut.name)), \"short_name\": \(Self.string(shortcut.name)), "
                            + (shortcut.description.map { "\"description\": \(Self.string($0)), " } ?? "")
                            + "\"url\": \(Self.string(shortcut.url)), \"icons\": [\(shortcutIcon)]}"
                    }.joined(separator: ",\n") + "\n  ]"
            ),
            (
                "share_target",
                """
                {
                    "action": \(Self.string(Self.shareAction)), "method": "POST", "enctype": "multipart/form-data",
                    "params": {"title": "title", "text": "text", "files": [{"name": \(Self.string(Self.shareFileField)), \
                "accept": ["image/*", "application/pdf"]}]}
                  }
                """
            ),
        ]
        return "{\n" + members.map { "  \"\($0.0)\": \($0.1)" }.joined(separator: ",\n") + "\n}\n"
    }

    /// A JSON string of `text`, escaped scalar by scalar: quotes, backslashes and control
    /// characters as JSON requires, and `<`, `>`, `&` and the line separators as `\uXXXX` too,
    /// so the text stays inert wherever a page might embed it.
    static func string(_ text: String) -> String {
        "\""
            + text.replacingScalars { scalar in
                switch scalar {
                case "\"": return "\\\""
                case "\\": return "\\\\"
                case "\n": return "\\n"
                case "\r": return "\\r"
                case "\t": return "\\t"
                case "<", ">", "&", "\u{2028}", "\u{2029}", "\u{7F}":
                    return unicodeEscape(scalar)
                default: return scalar.value < 0x20 ? unicodeEscape(scalar) : nil
                }
            } + "\""
    }

    private static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
