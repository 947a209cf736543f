import ExpenseCore
import ExpenseSupport

/// Rows of typed cells under named columns: rendered as an aligned table, a JSON array of
/// objects or CSV from the one description.
public struct Listing {
    public struct Column: Sendable {
        public let key: String
        public let title: String
        /// False for a column for programs only (JSON, CSV), such as every id of a finding
        /// whose message lists the first few.
        public let inTable: Bool
        public init(_ key: String, _ title: String, inTable: Bool = true) {
            self.key = key
            self.title = title
            self.inTable = inTable
        }
    }

    public enum Cell {
        case text(String)
        case int(Int64)
        case money(Money?)
        case date(CalendarDate?)
        /// Ids: a JSON array, space-separated in CSV and tables.
        case ids([Int64])
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
            case .ids(let ids): return ids.map(String.init).joined(separator: " ")
            case .null: return ""
            }
        }

        var json: JSONValue {
            switch self {
            case .text(let text): return .string(text)
            case .int(let value): return .int(value)
            case .money(let money): return .money(money)
            case .date(let date): return .date(date)
            case .ids(let ids): return .array(ids.map { .int($0) })
            case .null: return .null
            }
        }
    }

    public var columns: [Column]
    /// Shown under the table only (e.g. "50 of 10,000 reports; --all shows every one").
    public var note: String?
    /// How many rows there are.
    public private(set) var count: Int
    /// The rows: kept, or made one at a time by `make` when the listing was given a function
    /// (`init(columns:count:note:row:)`), so that no format holds every cell at once.
    private var kept: [[Cell]]?
    private var make: (Int) -> [Cell]

    public init(columns: [Column], rows: [[Cell]], note: String? = nil) {
        self.columns = columns
        self.note = note
        count = rows.count
        kept = rows
        make = { _ in [] }
    }

    /// A listing whose row `index` is `row(index)`, made when it is rendered: a 100,000-row
    /// table's cells, held all at once, took 60 MB.
    public init(columns: [Column], count: Int, note: String? = nil, row: @escaping (Int) -> [Cell]) {
        self.columns = columns
        self.note = note
        self.count = count
        kept = nil
        make = row
    }

    /// Every row (made, when the listing makes them); setting keeps the given ones.
    public var rows: [[Cell]] {
        get { kept ?? (0..<count).map(make) }
        set {
            kept = newValue
            count = newValue.count
        }
    }

    /// Row `index`, made now if the listing makes its rows.
    public func row(_ index: Int) -> [Cell] { kept?[index] ?? make(index) }

    /// The rows one at a time, without holding them.
    public var eachRow: LazyMapSequence<Range<Int>, [Cell]> { (0..<count).lazy.map(row) }

    /// The rows as one JSON array of objects.
    public var json: JSONValue {
        .array(eachRow.map { row in .object(zip(columns, row).map { ($0.key, $1.json) }) })
    }

    /// `json`, serialized a row at a time (the same text as `json.serialized()`), without the
    /// whole document as values first.
    public func serializedJSON() -> String {
        guard count > 0 else { return "[]" }
        var text = "["
        for (index, row) in eachRow.enumerated() {
            text += index == 0 ? "\n  " : ",\n  "
            JSONValue.object(zip(columns, row).map { ($0.key, $1.json) }).write(to: &text, indent: 1)
        }
        return text + "\n]"
    }

    /// Columns padded to their widest cell; numbers and money right-aligned. Columns for programs
    /// only (`inTable: false`) are left out. Each cell passes the terminal's gate with its line
    /// breaks shown, so that a row stays one line and no cell can send an escape sequence.
    public var table: String {
        var text = ""
        table { text += $0 }
        return text
    }

    /// `table`, handed to `emit` in pieces of a few KiB and built a row at a time: a 100,000-row
    /// table kept every cell's text twice and padded with a new string per cell.
    public func table(emit: (String) -> Void) {
        guard count > 0 else { return emit("(none)\n" + (note.map { $0 + "\n" } ?? "")) }
        let shown = columns.indices.filter { columns[$0].inTable }
        let headers = shown.map { columns[$0].title.uppercased() }
        func display(_ cell: Cell) -> String { TerminalText.visible(cell.display, keepingLineBreaks: false) }
        var widths = headers.map(Self.width)
        // Right-aligned: a column with a number or an amount and nothing else but empty cells.
        var hasNumber = shown.map { _ in false }, hasText = shown.map { _ in false }
        for row in eachRow {
            for (position, index) in shown.enumerated() {
                let cell = row[index], text = display(cell)
                widths[position] = max(widths[position], Self.width(text))
                if cell.isNumeric { hasNumber[position] = true } else if !text.isEmpty { hasText[position] = true }
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
        for row in eachRow { line(shown.map { display(row[$0]) }) }
        if let note { text += note + "\n" }
        emit(text)
    }

    /// A cell's width in characters: its UTF-8 length for ASCII text (almost every cell), else
    /// its Characters counted.
    static func width(_ text: String) -> Int {
        let ascii = text.utf8.withContiguousStorageIfAvailable { bytes in !bytes.contains { $0 >= 0x80 } } ?? false
        return ascii ? text.utf8.count : text.count
    }

    /// RFC 4180 CSV with a header of the JSON keys; money becomes two columns, the amount as a
    /// plain decimal and `<key>Currency`, so a spreadsheet can sum it.
    public var csv: String {
        let moneyColumns = columns.indices.filter { index in
            eachRow.contains { if case .money = $0[index] { return true } else { return false } }
        }
        var header: [String] = []
        for (index, column) in columns.enumerated() {
            header.append(column.key)
            if moneyColumns.contains(index) { header.append(column.key + "Currency") }
        }
        var text = header.map(Self.field).joined(separator: ",") + "\r\n"
        for row in eachRow {
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
