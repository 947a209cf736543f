/// An HTML body as the text a person reads in it, for the receipt reader: scripts, styles, the
/// head and comments dropped; block elements and `<br>` end lines; a table row is one line with
/// its cells two spaces apart, so that `<td>Total</td><td>27,00 €</td>` reads `Total  27,00 €`,
/// as a printed receipt would. It only reads markup: nothing in it is run or fetched.
public enum HTMLText {
    /// What is read of an HTML body; a receipt is a few KiB of it.
    public static let maximumInputScalars = 2 << 20

    static let dropped: Set<String> = ["script", "style", "head", "title", "template", "noscript", "svg", "xml"]
    static let blocks: Set<String> = [
        "p", "div", "br", "tr", "li", "ul", "ol", "table", "tbody", "thead", "tfoot", "h1", "h2", "h3", "h4", "h5", "h6",
        "hr", "blockquote", "pre", "address", "center", "dl", "dt", "dd", "section", "article", "header", "footer",
        "main", "nav", "aside", "form", "fieldset", "figure", "figcaption", "caption", "body", "html",
    ]

    public static func text(of html: String) -> String {
        let scalars = Array(html.unicodeScalars.prefix(maximumInputScalars))
        var text = HTMLTextBuilder()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "<" {
                index = tag(scalars, at: index, into: &text)
            } else if scalar == "&" {
                var end = index + 1
                while end < scalars.count, end - index <= 32, scalars[end] != ";", scalars[end] != "&", scalars[end] != "<" {
                    end += 1
                }
                if end < scalars.count, scalars[end] == ";",
                    let decoded = HTMLEntities.decode(String(String.UnicodeScalarView(scalars[(index + 1)..<end])))
                {
                    for character in decoded.unicodeScalars { text.append(character) }
                    index = end + 1
                } else {
                    text.append(scalar)
                    index += 1
                }
            } else {
                text.append(scalar)
                index += 1
            }
        }
        return text.finish()
    }

    /// Reads the tag, comment or declaration at `start` and returns the index after it (after the
    /// element's end for a dropped element). A `<` that starts no tag is text.
    private static func tag(_ scalars: [Unicode.Scalar], at start: Int, into text: inout HTMLTextBuilder) -> Int {
        if matches(scalars, at: start, "<!--") {
            return find(scalars, "-->", from: start + 4).map { $0 + 3 } ?? scalars.count
        }
        var index = start + 1
        let closing = index < scalars.count && scalars[index] == "/"
        if closing { index += 1 }
        let nameStart = index
        while index < scalars.count, scalars[index].properties.isAlphabetic || ("0"..."9").contains(scalars[index]) { index += 1 }
        let name = String(String.UnicodeScalarView(scalars[nameStart..<index])).lowercased()
        let declaration = !closing && index < scalars.count && (scalars[index] == "!" || scalars[index] == "?") && name.isEmpty
        guard !name.isEmpty || declaration else {
            text.append("<")
            return start + 1
        }
        // The tag's end, past quoted attribute values.
        var quote: Unicode.Scalar?
        while index < scalars.count {
            let scalar = scalars[index]
            if let open = quote {
                if scalar == open { quote = nil }
            } else if scalar == "\"" || scalar == "'" {
                quote = scalar
            } else if scalar == ">" {
                break
            }
            index += 1
        }
        let after = min(index + 1, scalars.count)
        if !closing, dropped.contains(name) {
            // Up to its end tag: what is inside is never text (a script's "<" included).
            guard let end = find(scalars, "</" + name, from: after, caseInsensitive: true) else { return scalars.count }
            var close = end
            while close < scalars.count, scalars[close] != ">" { close += 1 }
            return min(close + 1, scalars.count)
        }
        switch name {
        case "td", "th":
            if !closing { text.startCell() }
        case "tr":
            text.endLine()
            text.startRow()
        default:
            if blocks.contains(name) { text.endLine() }
        }
        return after
    }

    private static func matches(_ scalars: [Unicode.Scalar], at index: Int, _ needle: String) -> Bool {
        let needle = Array(needle.unicodeScalars)
        return index + needle.count <= scalars.count && scalars[index..<index + needle.count].elementsEqual(needle)
    }

    /// The first index of `needle` from `start`, linear in what it reads.
    private static func find(_ scalars: [Unicode.Scalar], _ needle: String, from start: Int, caseInsensitive: Bool = false) -> Int? {
        let needle = Array((caseInsensitive ? needle.lowercased() : needle).unicodeScalars)
        guard let first = needle.first, start < scalars.count else { return nil }
        var index = start
        while index + needle.count <= scalars.count {
            if scalars[index] == first || caseInsensitive && lower(scalars[index]) == first {
                var matched = true
                for offset in 1..<needle.count {
                    let scalar = caseInsensitive ? lower(scalars[index + offset]) : scalars[index + offset]
                    if scalar != needle[offset] {
                        matched = false
                        break
                    }
                }
                if matched { return index }
            }
            index += 1
        }
        return nil
    }

    private static func lower(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32) ?? scalar : scalar
    }
}

/// The lines of rendered HTML: blanks collapsed to one space, lines trimmed, no blank lines (the
/// receipt reader reads lines, and an HTML mail's layout makes many).
struct HTMLTextBuilder {
    private var lines: [String] = []
    private var line = String.UnicodeScalarView()
    private var pendingSpace = false
    private var cellsInRow = 0

    mutating func append(_ scalar: Unicode.Scalar) {
        if scalar.properties.isWhitespace {
            pendingSpace = !line.isEmpty
            return
        }
        if pendingSpace { line.append(" ") }
        pendingSpace = false
        line.append(scalar)
    }

    mutating func startRow() { cellsInRow = 0 }

    /// A cell after the row's first is two spaces after the one before it.
    mutating func startCell() {
        if cellsInRow > 0, !line.isEmpty {
            line.append(contentsOf: "  ".unicodeScalars)
            pendingSpace = false
        }
        cellsInRow += 1
    }

    mutating func endLine() {
        let text = String(line)
        if !text.isEmpty { lines.append(text) }
        line = String.UnicodeScalarView()
        pendingSpace = false
        cellsInRow = 0
    }

    mutating func finish() -> String {
        endLine()
        return lines.joined(separator: "\n")
    }
}
