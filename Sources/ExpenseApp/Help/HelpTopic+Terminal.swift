/// A topic as `expenses help TOPIC` prints it: the sections of command help (OVERVIEW, then a
/// heading a part, terms in the options' two columns, examples indented), its text wrapped to
/// the width of a terminal.
extension HelpTopic {
    static let width = 80

    /// The whole topic: `OVERVIEW: abstract`, then its blocks.
    var terminalText: String {
        "OVERVIEW: \(abstract)\n\n" + Self.render(blocks, indent: 0)
    }

    /// The topic as the last section of its command group's help (`help policy`).
    var groupSection: String {
        "\(Self.heading(name)):\n" + Self.render(blocks, indent: 2)
    }

    /// The blocks, a blank line between them but none after a heading; paragraphs after a
    /// heading are indented as the heading's rows are.
    static func render(_ blocks: [HelpBlock], indent: Int) -> String {
        var text = ""
        var indent = indent
        var afterHeading = true
        for block in blocks {
            if !afterHeading { text += "\n" }
            afterHeading = false
            switch block {
            case .paragraph(let paragraph):
                text += wrap(paragraph, indent: indent, width: width)
            case .heading(let title):
                text += "\(heading(title)):\n"
                indent = 2
                afterHeading = true
            case .terms(let terms):
                text += terms.map { row($0.term, $0.text) }.joined()
            case .example(let example):
                text += lines(of: example).map { "  " + $0 + "\n" }.joined()
            }
        }
        return text
    }

    /// An example's lines, without the empty line its final newline would make.
    static func lines(of example: String) -> [Substring] {
        var lines = example.split(separator: "\n", omittingEmptySubsequences: false)
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// "Amounts and rows" → "AMOUNTS AND ROWS".
    static func heading(_ title: String) -> String { title.uppercased() }

    /// A term and its text in two columns, as options are listed: the text from column 26, on a
    /// line of its own when the term is too long, wrapped under itself.
    static func row(_ term: String, _ text: String) -> String {
        let column = HelpFormatter.labelWidth
        let body = wrap(text, indent: column, width: width)
        let label = "  " + term
        if label.count + 2 > column { return label + "\n" + body }
        return label + String(repeating: " ", count: column - label.count) + body.dropFirst(column)
    }

    /// `text` in lines of at most `width` characters (a longer word alone on its line), each
    /// indented by `indent` spaces and ending in a newline.
    static func wrap(_ text: String, indent: Int, width: Int) -> String {
        let margin = String(repeating: " ", count: indent)
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if line.isEmpty {
                line = String(word)
            } else if indent + line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines.map { margin + $0 + "\n" }.joined()
    }
}
