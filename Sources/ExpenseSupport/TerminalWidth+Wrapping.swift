extension TerminalWidth {
    /// `text` broken into lines of at most `width` terminal columns: at spaces, and inside a
    /// word only when it is longer than a line, after a comma of a list (`breakfast,dinner`)
    /// where it has one. A table wraps a message this way rather than cut it, since a message's
    /// point is often at its end.
    /// - Parameters:
    ///   - hangingIndent: spaces before every line after the first, counted in its width (an
    ///     error's continuation lines).
    ///   - breakingWords: false keeps a word longer than a line whole, on a line of its own (a
    ///     path or an escaped value in an error, which is copied as it is).
    public static func wrapped(_ text: String, to width: Int, hangingIndent: Int = 0, breakingWords: Bool = true) -> [String] {
        guard width > 0, columns(text) > width else { return [text] }
        let hanging = min(max(hangingIndent, 0), width / 2)
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        var hasWord = false
        func endLine() {
            lines.append(line)
            line = String(repeating: " ", count: hanging)
            lineWidth = hanging
            hasWord = false
        }
        for piece in text.split(separator: " ") {
            var word = Substring(piece)
            var wordWidth = columns(String(word))
            if hasWord, lineWidth + 1 + wordWidth <= width {
                line += " " + word
                lineWidth += 1 + wordWidth
                continue
            }
            if hasWord { endLine() }
            // A word longer than a line: as much of it as fits, a line at a time.
            while breakingWords, lineWidth + wordWidth > width {
                var head = ""
                var headWidth = 0
                while let character = word.first, lineWidth + headWidth + columns(character) <= width {
                    head.append(character)
                    headWidth += columns(character)
                    word = word.dropFirst()
                }
                if head.isEmpty, let character = word.popFirst() { head.append(character) }  // wider than the line itself
                if let comma = head.lastIndex(of: ","), head.index(after: comma) != head.endIndex {
                    word = Substring(String(head[head.index(after: comma)...]) + word)
                    head = String(head[...comma])
                }
                line += head
                endLine()
                wordWidth = columns(String(word))
            }
            line += word
            lineWidth += wordWidth
            hasWord = true
        }
        if hasWord || lines.isEmpty { lines.append(line) }
        return lines
    }
}
