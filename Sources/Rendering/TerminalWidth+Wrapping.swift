import ExpenseSupport

extension TerminalWidth {
    /// `text` broken into lines of at most `width` terminal columns: at spaces, and inside a
    /// word only when it is longer than a line, after a comma of a list (`breakfast,dinner`)
    /// where it has one. A table wraps a message this way rather than cut it, since a message's
    /// point is often at its end.
    static func wrapped(_ text: String, to width: Int) -> [String] {
        guard width > 0, columns(text) > width else { return [text] }
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for piece in text.split(separator: " ") {
            var word = Substring(piece)
            var wordWidth = columns(String(word))
            if lineWidth > 0, lineWidth + 1 + wordWidth <= width {
                line += " " + word
                lineWidth += 1 + wordWidth
                continue
            }
            if lineWidth > 0 {
                lines.append(line)
                line = ""
                lineWidth = 0
            }
            // A word longer than a line: as much of it as fits, a line at a time.
            while wordWidth > width {
                var head = ""
                var headWidth = 0
                while let character = word.first, headWidth + columns(character) <= width {
                    head.append(character)
                    headWidth += columns(character)
                    word = word.dropFirst()
                }
                if head.isEmpty, let character = word.popFirst() { head.append(character) }  // wider than the line itself
                if let comma = head.lastIndex(of: ","), head.index(after: comma) != head.endIndex {
                    word = Substring(String(head[head.index(after: comma)...]) + word)
                    head = String(head[...comma])
                }
                lines.append(head)
                wordWidth = columns(String(word))
            }
            line = String(word)
            lineWidth = wordWidth
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}
