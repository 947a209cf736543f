import ExpenseCore
import ExpenseSupport
import Rendering

/// Renders an `Output` as text in the chosen format.
public struct Renderer {
    public var format: OutputFormat
    /// The terminal standard output is, if it is one: its width and pager.
    var screen = Screen()

    public init(format: OutputFormat) { self.format = format }

    init(format: OutputFormat, screen: Screen) {
        self.format = format
        self.screen = screen
    }

    /// Prints `output` on standard output: for people through the terminal's gate, JSON, CSV
    /// and a file's content exactly. A table (a listing's, a document's) goes out a piece at a
    /// time as it is made, so that a 100,000-row table is never one string of tens of MB; on a
    /// terminal it fits the width and goes through the pager.
    public func print(_ output: Output) {
        var stream = Stream(exactly: format != .table || output.isContent)
        switch (output.shown, format) {
        case (.listing(let listing), .table):
            stream.pager = screen.writer()
            listing.table(width: screen.columns) { stream.write($0) }
        case (.document(let document), .table):
            stream.pager = screen.writer()
            document.writeText(width: screen.columns) { stream.write($0) }
        default:
            stream.write(render(output))
        }
        stream.finish()
    }

    /// The text to print, ending in a newline; empty when there is nothing to print.
    public func render(_ output: Output) -> String {
        switch (output.shown, format) {
        case (.none, _): return ""
        case (.message(let text), .json): return JSONValue.object([("message", .string(text))]).serialized() + "\n"
        case (.message(let text), _): return Self.line(text)
        case (.content(let text), _): return Self.line(text)
        case (.listing(let listing), .table): return listing.table
        case (.listing(let listing), .json): return listing.serializedJSON() + "\n"
        case (.listing(let listing), .csv): return listing.csv
        case (.document(let document), .table): return Self.line(document.text)
        case (.document(let document), .json): return document.json.serialized() + "\n"
        case (.document(let document), .csv): return document.rows?.csv ?? (document.json.serialized() + "\n")
        case (.touching, _), (.failing, _): return ""  // `shown` has taken the effect off
        }
    }

    /// Output gathered into pieces of about 64 KiB, ending in a line break unless empty.
    private struct Stream {
        let exactly: Bool
        var pager: PagedWriter?
        var buffer = ""
        var endsLine = true

        mutating func write(_ text: String) {
            guard let last = text.utf8.last else { return }
            buffer += text
            endsLine = last == UInt8(ascii: "\n")
            if buffer.utf8.count >= 1 << 16 { flush() }
        }

        mutating func finish() {
            if !endsLine { buffer += "\n" }
            flush()
            pager?.finish()
        }

        private mutating func flush() {
            guard !buffer.isEmpty else { return }
            let text = exactly ? buffer : TerminalText.visible(buffer)
            if let pager { pager.write(text) } else { Console.writeExactly(text) }
            buffer = ""
        }
    }

    /// `text` ending in exactly one line break. Compared as bytes: "\r\n" is one Character, so
    /// hasSuffix("\n") is false for CSV's line ends.
    static func line(_ text: String) -> String {
        text.utf8.last == UInt8(ascii: "\n") ? text : text + "\n"
    }
}
