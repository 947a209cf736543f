import ExpenseCore
import ExpenseSupport

/// Rows of typed cells under named columns: rendered as an aligned table, a JSON array of
/// objects or CSV from the one description.
public struct Listing {
    public struct Column: Sendable {
        public let key: String
        public let title: String
        public init(_ key: String, _ title: String) {
            self.key = key
            self.title = title
        }
    }

    public enum Cell {
        case text(String)
        case int(Int64)
        case money(Money?)
        case date(CalendarDate?)
        case null

        var isNumeric: Bool {
            switch self {
            case .int, .money: return true
            default: return false
            }
        }

        /// For people: money grouped and with its currency.
        var display: String {
            switch self {
            case .text(let text): return text
            case .int(let value): return String(value)
            case .money(let money): return money.map { "\($0.displayString) \($0.currency.code)" } ?? ""
            case .date(let date): return date?.description ?? ""
            case .null: return ""
            }
        }

        var json: JSONValue {
            switch self {
            case .text(let text): return .string(text)
            case .int(let value): return .int(value)
            case .money(let money): return .money(money)
            case .date(let date): return .date(date)
            case .null: return .null
            }
        }
    }

    public var columns: [Column]
    public var rows: [[Cell]]
    /// Shown under the table only (e.g. "50 of 10,000 reports; --all shows every one").
    public var note: String?

    public init(columns: [Column], rows: [[Cell]], note: String? = nil) {
        self.columns = columns
        self.rows = rows
        self.note = note
    }

    public var json: JSONValue {
        .array(rows.map { row in .object(zip(columns, row).map { ($0.key, $1.json) }) })
    }

    /// Columns padded to their widest cell; numbers and money right-aligned.
    public var table: String {
        guard !rows.isEmpty else { return "(none)\n" + (note.map { $0 + "\n" } ?? "") }
        let cells = rows.map { $0.map { TerminalText.visible($0.display, keepingLineBreaks: false) } }
        let headers = columns.map { $0.title.uppercased() }
        var widths = headers.map(\.count)
        for row in cells {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        let numeric = columns.indices.map { index in
            rows.contains { $0[index].isNumeric } && !rows.contains { !$0[index].isNumeric && $0[index].display != "" }
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
        if let note = note { text += note + "\n" }
        return text
    }

    /// RFC 4180 CSV with a header of the JSON keys; money becomes two columns, the amount as a
    /// plain decimal and `<key>Currency`, so a spreadsheet can sum it.
    public var csv: String {
        let moneyColumns = columns.indices.filter { index in
            rows.contains { if case .money = $0[index] { return true } else { return false } }
        }
        var header: [String] = []
        for (index, column) in columns.enumerated() {
            header.append(column.key)
            if moneyColumns.contains(index) { header.append(column.key + "Currency") }
        }
        var text = header.map(Self.field).joined(separator: ",") + "\r\n"
        for row in rows {
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

    /// A CSV field, quoted when it holds a separator, a quote or a line break (RFC 4180).
    public static func field(_ text: String) -> String {
        guard text.containsScalar(in: [",", "\"", "\n", "\r"]) else { return text }
        return "\"" + text.replacingScalars { $0 == "\"" ? "\"\"" : nil } + "\""
    }
}
