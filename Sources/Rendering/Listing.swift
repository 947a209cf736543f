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
        /// True for a column a table on a narrow terminal may leave out (see `table(width:emit:)`).
        public let optional: Bool
        public init(_ key: String, _ title: String, inTable: Bool = true, optional: Bool = false) {
            self.key = key
            self.title = title
            self.inTable = inTable
            self.optional = optional
        }
    }

    public enum Cell {
        case text(String)
        case int(Int64)
        case money(Money?)
        case date(CalendarDate?)
        /// Ids: a JSON array, space-separated in CSV and tables.
        case ids([Int64])
        /// A size in bytes: "88.6 KiB" for people, the number in JSON and CSV.
        case bytes(Int64)
        /// An amount as it was printed, whose currency may not be known (what a receipt's
        /// reading says): money for people when the currency is known; `{amount, currency}` in
        /// JSON and two columns in CSV, as money is.
        case amount(String?, currency: String?)
        case null

        var isNumeric: Bool {
            switch self {
            case .int, .money, .bytes, .amount: return true
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
            case .bytes(let bytes): return ByteCount.describe(bytes)
            case .amount(let amount, let code):
                guard let amount else { return "" }
                if let code, let currency = CurrencyTable.standard.currency(code), let money = try? Money.parse(amount, currency: currency)
                {
                    return "\(money.displayString) \(code)"
                }
                return amount + (code.map { " \($0)" } ?? "")
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
            case .bytes(let bytes): return .int(bytes)
            case .amount(let amount, let currency):
                return amount.map { .object([("amount", .string($0)), ("currency", .string(currency))]) } ?? .null
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
        var bytes = Array("[".utf8)
        for (index, row) in eachRow.enumerated() {
            bytes.append(contentsOf: (index == 0 ? "\n  " : ",\n  ").utf8)
            JSONValue.object(zip(columns, row).map { ($0.key, $1.json) }).write(to: &bytes, indent: 1)
        }
        bytes.append(contentsOf: "\n]".utf8)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Columns padded to their widest cell; numbers and money right-aligned. Columns for programs
    /// only (`inTable: false`) are left out. Each cell passes the terminal's gate with its line
    /// breaks shown, so that a row stays one line and no cell can send an escape sequence.
    public var table: String {
        var text = ""
        table { text += $0 }
        return text
    }

    /// The widest a table shows one cell, in terminal columns; a longer one is cut with `…`.
    /// Without a terminal nothing else bounds a column, and a table is for people: a
    /// 100,000-character title made every row 100,000 columns wide (JSON and CSV keep it whole).
    public static let maxCellColumns = 1_000

    /// `table`, handed to `emit` in pieces of a few KiB and built a row at a time: a 100,000-row
    /// table kept every cell's text twice and padded with a new string per cell.
    /// - Parameter width: the terminal's columns, when it has a width. A wider table is made to
    ///   fit rather than wrap: its widest text columns are shortened with `…` (a title or a
    ///   merchant, never a date, id or amount, none below 10 columns or its title), and if that is
    ///   not enough, columns with nothing in them and then the `optional` ones, last first, are
    ///   left out, and the table says which. With or without it, no cell is shown wider than
    ///   `maxCellColumns`.
    public func table(width: Int? = nil, emit: (String) -> Void) {
        guard count > 0 else { return emit("(none)\n" + (note.map { $0 + "\n" } ?? "")) }
        var shown = columns.indices.filter { columns[$0].inTable }
        func display(_ cell: Cell) -> String { TerminalText.visible(cell.display, keepingLineBreaks: false) }
        // What each column holds, over every row: its width, and whether it is free text (which
        // may be shortened), numeric (right-aligned: numbers or amounts and only empty cells
        // besides) or empty.
        var full = columns.map { TerminalWidth.columns($0.title) }
        var hasNumber = columns.map { _ in false }
        var hasText = hasNumber
        var hasFreeText = hasNumber
        for row in eachRow {
            for index in shown {
                let cell = row[index]
                let text = display(cell)
                full[index] = max(full[index], TerminalWidth.columns(text))
                if cell.isNumeric { hasNumber[index] = true } else if !text.isEmpty { hasText[index] = true }
                if case .text = cell, !text.isEmpty { hasFreeText[index] = true }
            }
        }
        full = full.map { min($0, Self.maxCellColumns) }
        let numeric = zip(hasNumber, hasText).map { $0 && !$1 }
        var widths = shown.map { full[$0] }
        var leftOut: [String] = []
        if let width {
            let droppable = shown.filter { !hasNumber[$0] && !hasText[$0] } + shown.filter { columns[$0].optional }.reversed()
            for next in [nil] + droppable {
                if let next, shown.contains(next) {
                    shown.removeAll { $0 == next }
                    leftOut.append(columns[next].title)
                }
                widths = Self.fitted(
                    shown.map { full[$0] }, into: width, shrinkable: shown.map { hasFreeText[$0] },
                    minimums: shown.map { TerminalWidth.columns(columns[$0].title.uppercased()) })
                if widths.reduce(2 * (widths.count - 1), +) <= width { break }
            }
        }
        // One run of spaces as wide as the widest column; a cell's padding is a prefix of it. A
        // string for every width up to the widest was quadratic in it: minutes and gigabytes.
        let spaces = String(repeating: " ", count: widths.max() ?? 0)
        var text = ""
        func line(_ cells: [String]) {
            for (position, cell) in cells.enumerated() {
                if position > 0 { text += "  " }
                var cell = cell
                var cellWidth = TerminalWidth.columns(cell)
                if cellWidth > widths[position] {
                    cell = TerminalWidth.truncated(cell, to: widths[position])
                    cellWidth = TerminalWidth.columns(cell)
                }
                let padding = spaces.prefix(widths[position] - cellWidth)
                if numeric[shown[position]] { text += padding }
                text += cell
                if !numeric[shown[position]], position < cells.count - 1 { text += padding }
            }
            text += "\n"
            if text.utf8.count >= 1 << 14 {
                emit(text)
                text = ""
            }
        }
        line(shown.map { columns[$0].title.uppercased() })
        for row in eachRow { line(shown.map { display(row[$0]) }) }
        if !leftOut.isEmpty { text += "(\(leftOut.joined(separator: ", ")) left out to fit \(width ?? 0) columns)\n" }
        if let note { text += note + "\n" }
        emit(text)
    }

    /// Column widths that fit `total` columns with two spaces between them, taken off the widest
    /// shrinkable columns first (so that short columns stay whole), none below 10 or its minimum.
    static func fitted(_ widths: [Int], into total: Int, shrinkable: [Bool], minimums: [Int]) -> [Int] {
        var widths = widths
        var excess = widths.reduce(2 * (widths.count - 1), +) - total
        let floors = zip(minimums, widths).map { min(max($0, 10), $1) }
        while excess > 0 {
            let candidates = widths.indices.filter { shrinkable[$0] && widths[$0] > floors[$0] }
            guard let widest = candidates.max(by: { widths[$0] < widths[$1] }) else { break }
            // Down to the next widest column (or its floor), but no further than needed.
            let next = candidates.filter { widths[$0] < widths[widest] }.map { widths[$0] }.max() ?? floors[widest]
            let cut = min(excess, widths[widest] - max(next, floors[widest]))
            widths[widest] -= cut
            excess -= cut
        }
        return widths
    }

    /// RFC 4180 CSV with a header of the JSON keys; money becomes two columns, the amount as a
    /// plain decimal and `<key>Currency`, so a spreadsheet can sum it.
    public var csv: String {
        let moneyColumns = columns.indices.filter { index in
            eachRow.contains {
                switch $0[index] {
                case .money, .amount: return true
                default: return false
                }
            }
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
                case .amount(let amount, let currency):
                    fields.append(amount ?? "")
                    fields.append(currency ?? "")
                case .bytes(let bytes):
                    fields.append(String(bytes))
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
