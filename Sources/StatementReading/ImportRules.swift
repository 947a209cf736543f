import ExpenseCore
import ExpenseSupport

/// How to read one kind of statement: a rules file, one directive a line (README, "Rules
/// files"). The parsed form; `ImportRules+Parsing.swift` reads the text, `RowMapper` applies it.
public struct ImportRules {
    /// What a statement's columns can be mapped to.
    public enum Field: String, CaseIterable, Sendable {
        case date, amount, debit, credit, currency, merchant, description, category
        case externalID = "external-id"

        /// Fields whose columns may be joined with '+' (`description = Text + Purpose`).
        public var isText: Bool { self == .merchant || self == .description || self == .externalID }
    }

    /// A column by its header name or by its position (1 = the first).
    public enum Column: Equatable, Sendable, CustomStringConvertible {
        case name(String)
        case position(Int)

        public var description: String {
            switch self {
            case .name(let name): return "'\(name)'"
            case .position(let position): return "column \(position)"
            }
        }
    }

    /// `FIELD = COLUMN [+ COLUMN ...]` on `line`.
    public struct Mapping {
        public let columns: [Column]
        public let line: Int
    }

    /// How `amount` is signed: card statements show spending as positive amounts, bank
    /// statements as negative ones (money leaving the account).
    public enum Debits: String, Sendable {
        case positive, negative
    }

    /// What to do with money coming in (refunds, payments to the card, salary on a bank export).
    public enum Credits: String, Sendable {
        /// Import as a negative expense: a refund.
        case refund
        /// Leave the row out.
        case skip
    }

    /// What an `if` tests: a mapped field's text, any column, or the whole row as the file has
    /// it (`if row matches ^Kontostand then skip`).
    public enum Subject {
        case field(Field)
        case column(Column)
        case row
    }

    public enum Action {
        case skip
        case category(String)
        case merchant(String)
        case description(String)
        case paidBy(PaidBy)
    }

    /// `if SUBJECT matches REGEX then ACTION` on `line`.
    public struct Condition {
        public let line: Int
        public let subject: Subject
        public let regex: POSIXRegex
        public let action: Action
    }

    /// The path as given, for `RULES:LINE:` in messages.
    public let path: String
    public var encoding = TextEncoding.utf8
    public var separator = UInt8(ascii: ",")
    /// Physical lines to pass over before the header (an export's preamble).
    public var skipLines = 0
    /// Rows at the end that are a footer, not transactions (`skip-end N`); blank lines do not count.
    public var skipEndRows = 0
    /// The line each directive is given on, by its name (`default currency` for a default):
    /// what a message about its effect points at.
    public var lines: [String: Int] = [:]
    public var hasHeader = true
    public var dateFormat = DateFormat.iso
    public var amountFormat = AmountFormat()
    public var debits = Debits.positive
    public var credits = Credits.refund
    public var mappings: [Field: Mapping] = [:]
    public var defaultCurrency: Currency?
    public var defaultCategory: String?
    public var defaultPaidBy = PaidBy.personal
    public var conditions: [Condition] = []
    /// Every category code the rules name, with its line, to check against the database.
    public var categoryReferences: [(code: String, line: Int)] = []

    public init(path: String) { self.path = path }

    /// An error located at `line` of the rules file.
    public func error(_ line: Int?, _ message: String, hint: String? = nil) -> ExpenseError {
        ExpenseError(.invalidData, message, hint: hint, location: line.map { "\(path):\($0)" } ?? path)
    }

    /// Checks the category codes the rules name against the database's.
    public func checkCategories(_ known: [String]) throws(ExpenseError) {
        for reference in categoryReferences where !known.contains(reference.code) {
            let suggestion = Suggestion.closest(to: reference.code, among: known)
            throw ExpenseError(
                .invalidData, .unknownCategory(reference.code, suggestion: suggestion),
                "unknown category '\(reference.code)'", location: "\(path):\(reference.line)")
        }
    }
}
