/// One manual page in roff with the man(7) macros, built a piece at a time from plain text:
/// every piece is escaped here, so that no text of a help can be read as a request (a line
/// starting with `.` or `'`), an escape (`\`), or a hyphen where a minus is meant (`--format`
/// must stay `--format` when copied from `man`).
struct ManPage {
    /// `expenses-report`: the file is `NAME.SECTION`.
    let name: String
    let section: Int
    private var lines: [String] = []

    /// The page's title line and its NAME section, `name \- summary`, as lexgrog and whatis read it.
    init(name: String, section: Int, summary: String, date: String, source: String, manual: String) {
        self.name = name
        self.section = section
        lines = [
            ".TH \(Self.argument(name.uppercased())) \(section) \(Self.argument(date)) \(Self.argument(source)) \(Self.argument(manual))",
            // No hyphenation: a page name or an option split at a line's end reads as another word.
            ".nh",
            ".SH NAME", Self.escape(name) + " \\- " + Self.escape(Self.sentence(summary)),
        ]
    }

    var fileName: String { "\(name).\(section)" }

    var text: String { lines.joined(separator: "\n") + "\n" }

    /// A section: `.SH`, its title on the next line (no quoting to get wrong).
    mutating func section(_ title: String) {
        lines += [".SH", Self.line(Self.escape(title.uppercased()))]
    }

    mutating func subsection(_ title: Roff) {
        lines += [".SS", Self.line(title.text)]
    }

    mutating func paragraph(_ text: Roff) {
        guard !text.text.isEmpty else { return }
        lines += [".PP", Self.line(text.text)]
    }

    /// A tagged paragraph: the tag on its line, the text indented under it.
    mutating func term(_ tag: Roff, _ text: Roff) {
        lines += [".TP", Self.line(tag.text), Self.line(text.text)]
    }

    /// Lines as they are, indented and not filled: a file's text, commands to type.
    mutating func example(_ text: String) {
        lines += [".PP", ".RS 4", ".nf"]
        for line in HelpTopic.lines(of: text) {
            let kept = String(line).replacingTabs
            lines.append(kept.isEmpty ? "\\&" : Self.line(Self.escape(kept)))
        }
        lines += [".fi", ".RE"]
    }

    /// Lines one under the other in the SYNOPSIS.
    mutating func synopsis(_ lines: [Roff]) {
        for (index, line) in lines.enumerated() {
            if index > 0 { self.lines.append(".br") }
            self.lines.append(Self.line(line.text))
        }
    }

    /// A topic's blocks: its headings as `.SH` (on a page of its own) or `.SS` (in a section).
    mutating func blocks(_ blocks: [HelpBlock], headingsAsSections: Bool) {
        for block in blocks {
            switch block {
            case .paragraph(let text): paragraph(Roff(text))
            case .heading(let title): if headingsAsSections { section(title) } else { subsection(Roff(title)) }
            case .terms(let terms): for term in terms { self.term(.bold(term.term), Roff(term.text)) }
            case .example(let text): example(text)
            }
        }
    }

    /// A request's argument in double quotes; a quote inside is `\(dq`.
    static func argument(_ text: String) -> String {
        "\"" + escape(text).replacing("\"", with: "\\(dq") + "\""
    }

    /// An input line that roff reads as text, never as a request: `\&` before a leading `.` or `'`.
    static func line(_ text: String) -> String {
        text.hasPrefix(".") || text.hasPrefix("'") ? "\\&" + text : text
    }

    /// Plain text as roff: `\` as `\(rs`, `-` as `\-`, and every character outside ASCII (or an
    /// ASCII control character) as its Unicode name `\[uXXXX]`, so the page is ASCII whatever
    /// the encoding man assumes.
    static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\(rs"
            case "-": result += "\\-"
            case "\t", "\n", "\r": result += " "
            case _ where scalar.isASCII && scalar.value >= 0x20 && scalar.value < 0x7F:
                result.unicodeScalars.append(scalar)
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            }
        }
        return result
    }

    /// A summary as the NAME line wants it: no full stop at the end.
    static func sentence(_ summary: String) -> String {
        summary.hasSuffix(".") ? String(summary.dropLast()) : summary
    }
}

/// Text for a manual page, escaped, with its fonts: `.bold("--amount") + " " + .italic("amount")`.
struct Roff: ExpressibleByStringLiteral {
    /// The roff source: escaped text and font changes.
    let text: String

    /// Plain text, escaped.
    init(_ plain: String) { text = ManPage.escape(plain) }

    init(stringLiteral plain: String) { self.init(plain) }

    private init(source: String) { text = source }

    static func bold(_ plain: String) -> Roff { Roff(source: "\\fB" + ManPage.escape(plain) + "\\fR") }
    static func italic(_ plain: String) -> Roff { Roff(source: "\\fI" + ManPage.escape(plain) + "\\fR") }

    static func + (left: Roff, right: Roff) -> Roff { Roff(source: left.text + right.text) }
}

extension String {
    fileprivate var replacingTabs: String { replacing("\t", with: "    ") }
}
