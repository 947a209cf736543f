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
        case (.listing(let listing), .json): return listing.json.serialized() + "\n"
        case (.listing(let listing), .csv): return csv(listing)
        case (.document(let text, _, _), .table): return Self.line(text)
        case (.document(_, let json, _), .json): return json.serialized() + "\n"
        case (.document(_, let json, let rows), .csv):
            return rows.map(csv) ?? (json.serialized() + "\n")
        case (.touching, _): return ""   // `shown` has taken the effect off
        }
    }

    /// `text` ending in exactly one line break. Compared as bytes: "\r\n" is one Character, so
    /// hasSuffix("\n") is false for CSV's line ends.
    static func line(_ text: String) -> String {
        text.utf8.last == UInt8(ascii: "\n") ? text : text + "\n"
    }

    /// Columns padded to their widest cell; numbers and money right-aligned.
    public func table(_ listing: Listing) -> String {
        if !listing.columns.allSatisfy(\.inTable) {
            let shown = listing.columns.indices.filter { listing.columns[$0].inTable }
            return table(Listing(columns: shown.map { listing.columns[$0] }, rows: listing.rows.map { row in shown.map { row[$0] } },
                                 note: listing.note))
        }
        guard !listing.rows.isEmpty else { return "(none)\n" + (listing.note.map { $0 + "\n" } ?? "") }
        let cells = listing.rows.map { $0.map(\.display) }
        let headers = listing.columns.map { $0.title.uppercased() }
        var widths = headers.map(\.count)
        for row in cells {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        let numeric = listing.columns.indices.map { index in
            listing.rows.contains { $0[index].isNumeric } && !listing.rows.contains { !$0[index].isNumeric && $0[index].display != "" }
        }
        func line(_ row: [String]) -> String {
            var parts: [String] = []
            for (index, cell) in row.enumerated() {
                let padding = String(repeating: " ", count: widths[index] - cell.count)
                let isLast = index == row.count - 1
                parts.append(numeric[index] ? padding + cell : (isLast ? cell : cell + padding))
            }
            return parts.joined(separator: "  ")
        }
        var text = line(headers) + "\n"
        for row in cells { text += line(row) + "\n" }
        if let note = listing.note { text += note + "\n" }
        return text
    }

    /// RFC 4180 CSV with a header of the JSON keys; money becomes two columns, the amount as a
    /// plain decimal and `<key>Currency`, so a spreadsheet can sum it.
    public func csv(_ listing: Listing) -> String {
        let moneyColumns = listing.columns.indices.filter { index in
            listing.rows.contains { if case .money = $0[index] { return true } else { return false } }
        }
        var header: [String] = []
        for (index, column) in listing.columns.enumerated() {
            header.append(column.key)
            if moneyColumns.contains(index) { header.append(column.key + "Currency") }
        }
        var text = header.map(Self.field).joined(separator: ",") + "\r\n"
        for row in listing.rows {
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
