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
}
