import ExpenseCore
import ExpenseSupport

/// How to read one kind of statement: a rules file, one directive a line (README, "Rules
/// files"). The parsed form; `ImportRules+Parsing.swift` reads the text, `RowMapper` applies it.
struct ImportRules {
    /// What a statement's columns can be mapped to.
    enum Field: String, CaseIterable, Sendable {
        case date, amount, debit, credit, currency, merchant, description, category
        case externalID = "external-id"

        /// Fields whose columns may be joined with '+' (`description = Text + Purpose`).
        var isText: Bool { self == .merchant || self == .description || self == .externalID }
    }

    /// A column by its header name or by its position (1 = the first).
    enum Column: Equatable, Sendable, CustomStringConvertible {
        case name(String)
        case position(Int)

        var description: String {
            switch self {
            case .name(let name): return "'\(name)'"
            case .position(let position): return "column \(position)"
            }
        }
    }

    /// `FIELD = COLUMN [+ COLUMN ...]` on `line`.
    struct Mapping {
        let columns: [Column]
        let line: Int
    }

    /// How `amount` is signed: card statements show spending as positive amounts, bank
    /// statements as negative ones (money leaving the account).
    enum Debits: String, Sendable {
        case positive, negative
    }

    /// What to do with money coming in (refunds, payments to the card, salary on a bank export).
    enum Credits: String, Sendable {
        /// Import as a negative expense: a refund.
        case refund
        /// Leave the row out.
        case skip
    }

    /// What an `if` tests: a mapped field's text, or any column.
    enum Subject {
        case field(Field)
        case column(Column)
    }

    enum Action {
        case skip
        case category(String)
        case merchant(String)
        case description(String)
        case paidBy(PaidBy)
    }

    /// `if SUBJECT matches REGEX then ACTION` on `line`.
    struct Condition {
        let line: Int
        let subject: Subject
        let regex: POSIXRegex
        let action: Action
    }

    /// The path as given, for `RULES:LINE:` in messages.
    let path: String
    var encoding = TextEncoding.utf8
    var separator = UInt8(ascii: ",")
    /// Physical lines to pass over before the header (an export's preamble).
    var skipLines = 0
    var hasHeader = true
    var dateFormat = DateFormat.iso
    var amountFormat = AmountFormat()
    var debits = Debits.positive
    var credits = Credits.refund
    var mappings: [Field: Mapping] = [:]
    var defaultCurrency: Currency?
    var defaultCategory: String?
    var defaultPaidBy = PaidBy.personal
    var conditions: [Condition] = []
    /// Every category code the rules name, with its line, to check against the database.
    var categoryReferences: [(code: String, line: Int)] = []

    init(path: String) { self.path = path }

    /// An error located at `line` of the rules file.
    func error(_ line: Int?, _ message: String, hint: String? = nil) -> ExpenseError {
        ExpenseError(.invalidData, message, hint: hint, location: line.map { "\(path):\($0)" } ?? path)
    }

    /// Checks the category codes the rules name against the database's.
    func checkCategories(_ known: [String]) throws(ExpenseError) {
        for reference in categoryReferences where !known.contains(reference.code) {
            let suggestion = Suggestion.closest(to: reference.code, among: known)
            throw error(reference.line, "unknown category '\(reference.code)'",
                        hint: suggestion.map { "did you mean '\($0)'? See 'expenses category list'." } ?? "see 'expenses category list'")
        }
    }
}
