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
}
