import ExpenseCore
import ExpenseSupport
import Rendering

/// Renders an `Output` as text in the chosen format.
public struct Renderer {
    public let format: OutputFormat

    public init(format: OutputFormat) { self.format = format }

    /// Prints `output` on standard output: for people through the terminal's gate, JSON and CSV
    /// exactly.
    public func print(_ output: Output) {
        let text = render(output)
        if format == .table, !output.isContent { Console.write(text) } else { Console.writeExactly(text) }
    }

    /// The text to print, ending in a newline; empty when there is nothing to print.
    public func render(_ output: Output) -> String {
        switch (output.shown, format) {
        case (.none, _): return ""
        case (.message(let text), .json): return JSONValue.object([("message", .string(text))]).serialized() + "\n"
        case (.message(let text), _): return Self.line(text)
        case (.content(let text), _): return Self.line(text)
        case (.listing(let listing), .table): return listing.table
        case (.listing(let listing), .json): return listing.json.serialized() + "\n"
        case (.listing(let listing), .csv): return listing.csv
        case (.document(let document), .table): return Self.line(document.text)
        case (.document(let document), .json): return document.json.serialized() + "\n"
        case (.document(let document), .csv): return document.rows?.csv ?? (document.json.serialized() + "\n")
        case (.touching, _): return ""   // `shown` has taken the effect off
        }
    }

    /// `text` ending in exactly one line break. Compared as bytes: "\r\n" is one Character, so
    /// hasSuffix("\n") is false for CSV's line ends.
    static func line(_ text: String) -> String {
        text.utf8.last == UInt8(ascii: "\n") ? text : text + "\n"
    }
}
