import ExpenseCore
import ExpenseSupport

/// Renders an `Output` as text in the chosen format.
public struct Renderer {
    public let format: OutputFormat

    public init(format: OutputFormat) { self.format = format }

    /// The text to print, ending in a newline; empty when there is nothing to print.
    public func render(_ output: Output) -> String {
        switch (output.shown, format) {
        case (.none, _): return ""
        case (.message(let text), .json): return JSONValue.object([("message", .string(text))]).serialized() + "\n"
        case (.message(let text), _): return Self.line(text)
        case (.listing(let listing), .table): return table(listing)
        case (.listing(let listing), .json): return listing.serializedJSON() + "\n"
        case (.listing(let listing), .csv): return csv(listing)
        case (.document(let text, _, _), .table): return Self.line(text)
        case (.document(_, let json, _), .json): return json.serialized() + "\n"
        case (.document(_, let json, let rows), .csv):
            return rows.map(csv) ?? (json.serialized() + "\n")
        case (.deferred(let text, _, _), .table):
            var whole = ""
            text { whole += $0 }
            return Self.line(whole)
        case (.deferred(_, let json, _), .json): return json().serialized() + "\n"
        case (.deferred(_, let json, let rows), .csv): return rows().map(csv) ?? (json().serialized() + "\n")
        case (.touching, _): return ""   // `shown` has taken the effect off
        }
    }

    /// Writes `output` to `descriptor` as `render` returns it; a table (a listing's, a deferred
    /// document's) a piece at a time as it is made, so that a 100,000-row table is never one
    /// string of tens of MB.
    public func write(_ output: Output, to descriptor: Int32 = 1) {
        var stream = Stream(descriptor: descriptor)
        switch (output.shown, format) {
        case (.listing(let listing), .table): table(listing) { stream.write($0) }
        case (.deferred(let text, _, _), .table): text { stream.write($0) }
        default: stream.write(render(output))
        }
        stream.finish()
    }

    /// Output gathered into pieces of about 64 KiB, ending in a line break unless empty.
    private struct Stream {
        let descriptor: Int32
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
        }

        private mutating func flush() {
            guard !buffer.isEmpty else { return }
            Console.write(buffer, to: descriptor)
            buffer = ""
        }
    }

    /// `text` ending in exactly one line break. Compared as bytes: "\r\n" is one Character, so
    /// hasSuffix("\n") is false for CSV's line ends.
    static func line(_ text: String) -> String {
        text.utf8.last == UInt8(ascii: "\n") ? text : text + "\n"
    }

    /// Columns padded to their widest cell; numbers and money right-aligned. Columns for programs
    /// only (`inTable: false`) are left out. Built straight into the text, a row at a time: a
    /// 100,000-row table kept every cell's text twice and padded with a new string per cell.
    public func table(_ listing: Listing) -> String {
        var text = ""
        table(listing) { text += $0 }
        return text
    }

    /// `table`, handed to `emit` in pieces of a few KiB.
    public func table(_ listing: Listing, emit: (String) -> Void) {
        guard listing.count > 0 else { return emit("(none)\n" + (listing.note.map { $0 + "\n" } ?? "")) }
        let shown = listing.columns.indices.filter { listing.columns[$0].inTable }
        let headers = shown.map { listing.columns[$0].title.uppercased() }
        var widths = headers.map(Self.width)
        // Right-aligned: a column with a number or an amount and nothing else but empty cells.
        var hasNumber = shown.map { _ in false }, hasText = shown.map { _ in false }
        for row in listing.eachRow {
            for (position, index) in shown.enumerated() {
                let cell = row[index], display = cell.display
                widths[position] = max(widths[position], Self.width(display))
                if cell.isNumeric { hasNumber[position] = true } else if !display.isEmpty { hasText[position] = true }
            }
        }
        let numeric = zip(hasNumber, hasText).map { $0 && !$1 }
        let paddings = (0...(widths.max() ?? 0)).map { String(repeating: " ", count: $0) }
        var text = ""
        func line(_ cells: [String]) {
            for (position, cell) in cells.enumerated() {
                if position > 0 { text += "  " }
                let padding = paddings[widths[position] - Self.width(cell)]
                if numeric[position] { text += padding }
                text += cell
                if !numeric[position], position < cells.count - 1 { text += padding }
            }
            text += "\n"
            if text.utf8.count >= 1 << 14 {
                emit(text)
                text = ""
            }
        }
        line(headers)
        for row in listing.eachRow { line(shown.map { row[$0].display }) }
        if let note = listing.note { text += note + "\n" }
        emit(text)
    }

    /// A cell's width in characters: its UTF-8 length for ASCII text (almost every cell), else
    /// its Characters counted ("\r\n" is one).
    static func width(_ text: String) -> Int {
        let ascii = text.utf8.withContiguousStorageIfAvailable { bytes in
            !bytes.contains { $0 >= 0x80 || $0 == 0x0D }
        } ?? false
        return ascii ? text.utf8.count : text.count
    }

    /// RFC 4180 CSV with a header of the JSON keys; money becomes two columns, the amount as a
    /// plain decimal and `<key>Currency`, so a spreadsheet can sum it.
    public func csv(_ listing: Listing) -> String {
        let moneyColumns = listing.columns.indices.filter { index in
            listing.eachRow.contains { if case .money = $0[index] { return true } else { return false } }
        }
        var header: [String] = []
        for (index, column) in listing.columns.enumerated() {
            header.append(column.key)
            if moneyColumns.contains(index) { header.append(column.key + "Currency") }
        }
        var text = header.map(Self.field).joined(separator: ",") + "\r\n"
        for row in listing.eachRow {
            var fields: [String] = []
            for (index, cell) in row.enumerated() {
                switch cell {
                case .money(let money):
                    fields.append(money?.decimalString ?? "")
                    fields.append(money?.currency.code ?? "")
                default:
                    fields.append(cell.display)
                    if moneyColumns.contains(index) { fields.append("") }
                }
            }
            text += fields.map(Self.field).joined(separator: ",") + "\r\n"
        }
        return text
    }

    static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacing("\"", with: "\"\"") + "\""
    }
}
