import ExpenseCore
import ExpenseSupport

/// Rows of typed cells under named columns: rendered as an aligned table, a JSON array of
/// objects or CSV from the one description.
public struct Listing {
    public struct Column: Sendable {
        /// How a table narrower than a column's text shows its cells (text only: a date, an id or
        /// an amount is never made narrower).
        public enum Fit: Sendable {
            /// Cut with `…`: a merchant or a title, whose start says which it is.
            case shorten
            /// Broken over as many lines as it needs, the row's other cells on its first: a
            /// message, which is read to its end.
            case wrap
            /// Never narrower: a time or a key one types again, which cut says nothing.
            case whole
        }

        public let key: String
        public let title: String
        /// False for a column for programs only (JSON, CSV), such as every id of a finding
        /// whose message lists the first few.
        public let inTable: Bool
        /// When a table on a narrow terminal leaves the column out: the highest first, before any
        /// text is cut to a stub; nil for a column it never leaves out (see `table(width:emit:)`).
        public let drop: Int?
        public let fit: Fit
        public init(_ key: String, _ title: String, inTable: Bool = true, drop: Int? = nil, fit: Fit = .shorten) {
            self.key = key
            self.title = title
            self.inTable = inTable
            self.drop = drop
            self.fit = fit
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
        /// A time as stored, UTC (`2026-12-02T17:52:12Z`): where the user is for people
        /// (`LocalTime`), as stored in JSON and CSV.
        case time(String)
        /// An amount as it was printed, whose currency may not be known (what a receipt's
        /// reading says): money for people when the currency is known; `{amount, currency}` in
        /// JSON and two columns in CSV, as money is.
        case amount(String?, currency: String?)
        case null

        public var isNumeric: Bool {
            switch self {
            case .int, .money, .bytes, .amount: return true
            default: return false
            }
        }

        /// For people: money grouped and with its currency.
        public var display: String {
            switch self {
            case .text(let text): return text
            case .int(let value): return String(value)
            case .money(let money): return money.map { "\($0.displayString) \($0.currency.code)" } ?? ""
            case .date(let date): return date?.description ?? ""
            case .ids(let ids): return ids.map(String.init).joined(separator: " ")
            case .bytes(let bytes): return ByteCount.describe(bytes)
            case .time(let utc): return LocalTime.forPeople(utc)
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
            case .time(let utc): return .string(utc)
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
                case .time(let utc):
                    fields.append(utc)
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
