/// A quick action's icon as iOS describes it: an SF Symbol name, an image file of the bundle, or
/// one of the 29 system icon types. When several are given the symbol wins, then the file, then
/// the type, so that older systems fall back to the keys they know.
public struct ShortcutIcon: Equatable, Sendable {
    public var symbolName: String?
    public var file: String?
    public var type: SystemIcon?

    public init(symbolName: String? = nil, file: String? = nil, type: SystemIcon? = nil) {
        self.symbolName = symbolName
        self.file = file
        self.type = type
    }

    public var isEmpty: Bool { symbolName == nil && file == nil && type == nil }

    /// What a device shows, by precedence: symbol > file > type.
    public enum Shown: Equatable, Sendable {
        case symbol(String)
        case file(String)
        case system(SystemIcon)
    }

    public var shown: Shown? {
        if let symbolName { return .symbol(symbolName) }
        if let file { return .file(file) }
        return type.map { .system($0) }
    }

    /// For tables: the name of what is shown (`search`, `symbol:camera`, `file:trip.png`).
    public var summary: String {
        switch shown {
        case .symbol(let name): return "symbol:\(name)"
        case .file(let name): return "file:\(name)"
        case .system(let icon): return icon.rawValue
        case nil: return ""
        }
    }
}

/// `UIApplicationShortcutIcon.IconType`: the system icons, in header order (raw values 0-28).
public enum SystemIcon: String, CaseIterable, Sendable {
    case compose, play, pause, add, location, search, share
    case prohibit, contact, home, markLocation, favorite, love, cloud, invitation, confirmation, mail, message
    case date, time, capturePhoto, captureVideo, task, taskCompleted, alarm, bookmark, shuffle, audio, update

    static let plistPrefix = "UIApplicationShortcutIconType"

    /// The Info.plist spelling: `UIApplicationShortcutIconTypeCapturePhoto`.
    public var plistName: String { Self.plistPrefix + rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

    /// The plist spelling exactly, as UIKit requires it.
    public init?(plistName: String) {
        guard let icon = Self.allCases.first(where: { $0.plistName == plistName }) else { return nil }
        self = icon
    }

    /// What a person types: `search`, `Search`, `capturePhoto`, `capture-photo` or the plist name.
    public init?(loosely name: String) {
        if let exact = SystemIcon(plistName: name) {
            self = exact
            return
        }
        let folded = name.lowercased().filter { $0 != "-" && $0 != "_" }
        guard let icon = Self.allCases.first(where: { $0.rawValue.lowercased() == folded }) else { return nil }
        self = icon
    }

    /// The nearest freedesktop icon-naming-spec name, for `.desktop` actions; nil where the
    /// spec has nothing alike.
    public var freedesktopName: String? {
        switch self {
        case .compose: return "document-new"
        case .play: return "media-playback-start"
        case .pause: return "media-playback-pause"
        case .add: return "list-add"
        case .search: return "system-search"
        case .share: return "send-to"
        case .contact: return "x-office-address-book"
        case .home: return "go-home"
        case .favorite, .love: return "emblem-favorite"
        case .mail, .message, .invitation: return "mail-message-new"
        case .date, .time, .alarm: return "x-office-calendar"
        case .capturePhoto: return "camera-photo"
        case .captureVideo: return "camera-video"
        case .task, .taskCompleted, .confirmation: return "emblem-default"
        case .bookmark: return "bookmark-new"
        case .shuffle: return "media-playlist-shuffle"
        case .audio: return "audio-x-generic"
        case .update: return "view-refresh"
        case .location, .markLocation, .prohibit, .cloud: return nil
        }
    }
}
