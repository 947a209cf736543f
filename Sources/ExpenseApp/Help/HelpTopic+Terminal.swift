/// A topic as `expenses help TOPIC` prints it: the sections of command help (OVERVIEW, then a
/// heading a part, terms in the options' two columns, examples indented), its text wrapped to
/// the width of a terminal, and its commands as typed where it is read (at the REPL's prompt
/// without `expenses`), a long one broken with `\` as a command's examples are.
extension HelpTopic {
    /// The width a topic is laid out at when nothing says the terminal's.
    static let width = HelpLayout.defaultWidth

    /// The whole topic: `OVERVIEW: abstract`, then its blocks.
    var terminalText: String { terminalText(width: Self.width) }

    /// The whole topic laid out for a terminal `width` columns wide.
    func terminalText(width: Int, audience: HelpAudience = .shell) -> String {
        HelpLayout.hanging("OVERVIEW: ", audience.text(abstract).split(separator: " ").map(String.init), width: width) + "\n"
            + Self.render(blocks, indent: 0, width: width, audience: audience)
    }

    /// The topic as the last section of its command group's help (`help policy`).
    var groupSection: String { groupSection(width: Self.width) }

    func groupSection(width: Int, audience: HelpAudience = .shell) -> String {
        "\(Self.heading(name)):\n" + Self.render(blocks, indent: 2, width: width, audience: audience)
    }

    /// The blocks, a blank line between them but none after a heading; paragraphs after a
    /// heading are indented as the heading's rows are.
    static func render(_ blocks: [HelpBlock], indent: Int, width: Int = width, audience: HelpAudience = .shell) -> String {
        var text = ""
        var indent = indent
        var afterHeading = true
        for block in blocks {
            if !afterHeading { text += "\n" }
            afterHeading = false
            switch block {
            case .paragraph(let paragraph):
                text += wrap(audience.text(paragraph), indent: indent, width: width)
            case .heading(let title):
                text += "\(heading(title)):\n"
                indent = 2
                afterHeading = true
            case .terms(let terms):
                text += terms.map { row($0.term, audience.text($0.text), width: width) }.joined()
            case .example(let example):
                text += lines(of: example).map { line in
                    line.hasPrefix("expenses ")
                        ? HelpLayout.example(audience.command(typed: String(line)), width: width) : "  " + line + "\n"
                }.joined()
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

    /// A term and its text in two columns, as options are listed (`HelpLayout.row`).
    static func row(_ term: String, _ text: String, width: Int = width) -> String {
        HelpLayout.row(term, text, width: width)
    }

    /// `text` in lines of at most `width` columns (a longer word alone on its line), each
    /// indented by `indent` spaces and ending in a newline.
    static func wrap(_ text: String, indent: Int, width: Int) -> String {
        HelpLayout.wrap(text, indent: indent, width: width)
    }
}
