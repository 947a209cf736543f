/// How many columns text takes on a terminal, and how to shorten it to fit: what a table pads
/// and cuts by. A Character is not a column: `東京` takes four, `🗼` two, an `e` with a
/// combining accent one, a zero-width joiner none.
public enum TerminalWidth {
    /// The columns `text` takes, as terminals draw it (wcwidth's rules, by grapheme cluster).
    public static func columns(_ text: String) -> Int {
        if isASCII(text) { return text.utf8.count }
        return text.reduce(0) { $0 + columns($1) }
    }

    /// `text` cut to at most `limit` columns, ending in `…` when anything was cut.
    public static func truncated(_ text: String, to limit: Int) -> String {
        guard limit > 0 else { return "" }
        if isASCII(text) {
            return text.utf8.count <= limit ? text : String(text.utf8.prefix(limit - 1))! + "…"
        }
        guard columns(text) > limit else { return text }
        var out = ""
        var used = 0
        for character in text {
            let width = columns(character)
            if used + width > limit - 1 { break }
            out.append(character)
            used += width
        }
        return out + "…"
    }

    /// One grapheme cluster: two columns for East Asian wide and fullwidth characters and for
    /// emoji shown as emoji (by their default presentation or U+FE0F after them, flags, ZWJ
    /// sequences), none for one that is only combining marks or format characters, else one.
    public static func columns(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x7F { return first.value < 0x20 ? 0 : 1 }
        let properties = first.properties
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        if properties.isEmojiPresentation || isWide(first.value) { return 2 }
        if properties.isEmoji, scalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        return 1
    }

    private static func isASCII(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in !bytes.contains { $0 >= 0x80 } }
    }

    /// East Asian Width W or F (Unicode 15), outside the emoji that `isEmojiPresentation` covers.
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
            0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
            0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
            0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF, 0x1F200...0x1F2FF,
            0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
