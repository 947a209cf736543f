import ExpenseSupport

/// How help text is laid out on a terminal of a given width: running text broken between words,
/// never inside one, a term and its text in two columns with the text wrapped under itself, and
/// commands to type broken so that they still run when typed or pasted as shown. Widths are the
/// columns a terminal draws (`TerminalWidth`), not characters.
enum HelpLayout {
    /// The width help is laid out at when standard output is no terminal (a pipe, a file).
    static let defaultWidth = 80
    /// Where a term's text starts, at most: column 26, as swift-argument-parser puts it.
    static let termColumn = 26

    /// The column a term's text starts at on a terminal `width` wide: 26, or a third of a narrower
    /// one, so that the text keeps most of the line.
    static func column(width: Int) -> Int { min(termColumn, max(8, width / 3)) }

    /// `text` in lines of at most `width` columns, each indented by `indent` spaces and ending in a
    /// newline; a word wider than the line is alone on its line, whole. A line break in `text`
    /// starts a new line.
    static func wrap(_ text: String, indent: Int, width: Int) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { paragraph in
            let words = paragraph.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            return lines(of: words, width: width - indent).map { String(repeating: " ", count: indent) + $0 + "\n" }.joined()
        }.joined()
    }

    /// `first` then `text` after it, its further lines indented to line up under its start
    /// (`USAGE: expenses expense add ...`).
    static func hanging(_ first: String, _ words: [String], width: Int) -> String {
        let indent = TerminalWidth.columns(first)
        let lines = lines(of: words, width: width - indent)
        return lines.enumerated().map { ($0.offset == 0 ? first : String(repeating: " ", count: indent)) + $0.element + "\n" }.joined()
    }

    /// A term and its text in two columns: the text from `column(width:)`, wrapped under itself,
    /// on the next line when the term leaves it no room.
    static func row(_ term: String, _ text: String, width: Int) -> String {
        let column = column(width: width)
        let label = "  " + term
        let body = wrap(text, indent: column, width: width)
        let labelWidth = TerminalWidth.columns(label)
        if labelWidth + 2 > column { return label + "\n" + body }
        return label + String(repeating: " ", count: column - labelWidth) + body.dropFirst(column)
    }

    /// A command to type, indented by 2, in lines of at most `width` columns when it can be: a
    /// comment after it (`   # ...`) goes on a line of its own above it, and the command is broken
    /// between words (never inside quotes, nor between an option and its value) with a `\` at each
    /// broken line's end, as the shell and the REPL continue a line, its further lines indented by 4 more.
    static func example(_ text: String, width: Int) -> String {
        guard TerminalWidth.columns(text) + 2 > width else { return "  " + text + "\n" }
        var command = text
        var comment = ""
        if let range = text.firstRange(of: "   # ") {
            command = String(text[..<range.lowerBound])
            comment = "  # " + String(text[range.upperBound...]).trimmingSpaces + "\n"
        }
        // An option stays on the line of its value.
        var words: [String] = []
        for word in shellWords(command) {
            if let last = words.last, last.hasPrefix("--"), !last.contains(" "), !word.hasPrefix("-") {
                words[words.count - 1] += " " + word
            } else {
                words.append(word)
            }
        }
        // Each broken line ends in " \", two more columns.
        let broken = lines(of: words, width: width - 2 - 2, continuing: width - 6 - 2)
        let body = broken.enumerated().map { index, line in
            (index == 0 ? "  " : "      ") + line + (index == broken.count - 1 ? "\n" : " \\\n")
        }
        return comment + body.joined()
    }

    /// Words joined by spaces into lines at most `width` columns wide (`continuing` for all but the
    /// first), a longer word alone on its line.
    static func lines(of words: [String], width: Int, continuing: Int? = nil) -> [String] {
        var lines: [String] = []
        var line = ""
        var used = 0
        for word in words {
            let columns = TerminalWidth.columns(word)
            let limit = lines.isEmpty ? width : (continuing ?? width)
            if line.isEmpty {
                line = word
                used = columns
            } else if used + 1 + columns <= limit {
                line += " " + word
                used += 1 + columns
            } else {
                lines.append(line)
                line = word
                used = columns
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// A command's words split at spaces outside quotes, a quoted phrase kept as one word.
    static func shellWords(_ command: String) -> [String] {
        var words: [String] = []
        var word = ""
        var quote: Character?
        for character in command {
            if let open = quote {
                word.append(character)
                if character == open { quote = nil }
            } else if character == " " {
                if !word.isEmpty { words.append(word) }
                word = ""
            } else {
                if character == "\"" || character == "'" { quote = character }
                word.append(character)
            }
        }
        if !word.isEmpty { words.append(word) }
        return words
    }
}
