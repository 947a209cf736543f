/// The one gate between data and a terminal. A title, a merchant or a CSV field can hold escape
/// sequences (which retitle the window, move the cursor, rewrite what is shown), a carriage
/// return or backspaces (which hide what came before), bidi overrides (which reverse what
/// follows) and invisible characters (which make two names look the same). Shown through this,
/// each is written out visibly instead: `\x1b`, `\r`, `<U+202E>`. JSON and CSV keep the exact text.
public enum TerminalText {
    /// `text` with every control, bidi and invisible format character shown visibly.
    /// - Parameter keepingLineBreaks: whether `\n` and `\t` pass as themselves (a message's lines);
    ///   a table cell shows them as `\n` and `\t`, so that a row stays one line.
    public static func visible(_ text: String, keepingLineBreaks: Bool = true) -> String {
        guard text.utf8.contains(where: { mayNeedEscape($0, keepingLineBreaks: keepingLineBreaks) }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if let shown = escape(scalar, keepingLineBreaks: keepingLineBreaks) {
                out += shown
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A quick look at one UTF-8 byte: ASCII controls and DEL, or the lead byte of a scalar that
    /// may be a C1 control or a format character (U+0080 and above).
    private static func mayNeedEscape(_ byte: UInt8, keepingLineBreaks: Bool) -> Bool {
        if byte < 0x20 { return !(keepingLineBreaks && (byte == 0x0A || byte == 0x09)) }
        return byte == 0x7F || byte >= 0xC2
    }

    private static func escape(_ scalar: Unicode.Scalar, keepingLineBreaks: Bool) -> String? {
        switch scalar.value {
        case 0x0A: return keepingLineBreaks ? nil : "\\n"
        case 0x09: return keepingLineBreaks ? nil : "\\t"
        case 0x0D: return "\\r"
        case 0x00..<0x20, 0x7F..<0xA0: return "\\x" + hex(scalar.value, digits: 2)
        // A zero-width joiner holds emoji sequences together (👨‍👩‍👧); alone it does no harm.
        case 0x200D: return nil
        default:
            switch scalar.properties.generalCategory {
            case .format, .lineSeparator, .paragraphSeparator: return "<U+" + hex(scalar.value, digits: 4) + ">"
            default: return nil
            }
        }
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: digits > 2)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
