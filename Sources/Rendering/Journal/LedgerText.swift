import ExpenseCore
import ExpenseSupport

/// Text from a traveller (merchants, descriptions, titles) made safe for a line of a journal
/// file: line breaks, control, format (bidi) and separator characters become one space, so
/// that no text ends a line, starts a comment or a directive, or turns the line around on
/// screen; combining marks and letters of any script stay.
enum LedgerText {
    static func line(_ text: String) -> String {
        var result = ""
        var lastWasSpace = false
        for scalar in text.unicodeScalars {
            let blank: Bool
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator, .surrogate, .privateUse, .unassigned:
                blank = true
            default:
                blank = false
            }
            if blank {
                if !lastWasSpace, !result.isEmpty { result.unicodeScalars.append(" ") }
                lastWasSpace = true
            } else {
                result.unicodeScalars.append(scalar)
                lastWasSpace = false
            }
        }
        return result.trimmingSpaces
    }

    /// At most `count` characters (grapheme clusters: a letter keeps its marks).
    static func prefix(_ text: String, _ count: Int) -> String { String(text.prefix(count)) }
}
