import ExpenseCore
import ExpenseSupport

extension ImportRules {
    /// The directives a rules file may give for a camt.053 or OFX statement: what to do with its
    /// entries. Everything else says how to read a CSV's columns, which these formats name themselves.
    public static let entryDirectives: Set<String> = ["credits", "default category", "default paid-by"]

    /// The category of an entry no rule gives one.
    public static let entryCategory = "other"

    /// These rules for a statement of `format`, whose fields are known: the given ones' `credits`,
    /// defaults and conditions, on the entries' fixed columns (`StatementEntryRecords.columns`).
    /// A directive about columns is an error at its line.
    public func forEntries(of format: StatementEntries.Format) throws(ExpenseError) -> ImportRules {
        // QIF names no currency, nor the order of a date's day and month: its rules may.
        let directives = format == .qif ? Self.entryDirectives.union(["default currency", "date-format"]) : Self.entryDirectives
        let given =
            lines.filter { !directives.contains($0.key) }.map { (name: $0.key, line: $0.value) }
            + mappings.map { (name: $0.key.rawValue, line: $0.value.line) }
        if let first = given.min(by: { $0.line < $1.line }) {
            throw error(
                first.line, "'\(first.name)' is for a CSV statement; \(format.withArticle) statement names its fields itself",
                hint: "rules for \(format.rawValue) give only 'credits', 'default category', 'default paid-by'"
                    + (format == .qif ? ", 'default currency', 'date-format'" : "") + " and 'if ... then ...'")
        }
        var rules = self
        rules.encoding = .utf8
        rules.separator = UInt8(ascii: ",")
        rules.hasHeader = true
        rules.dateFormat = .iso
        rules.amountFormat = AmountFormat()
        rules.debits = .positive
        if format != .qif { rules.defaultCurrency = nil }
        // Without a rule that gives one, an entry is 'other' (a CSV's rules must say).
        if rules.defaultCategory == nil { rules.defaultCategory = Self.entryCategory }
        let fields: [(Field, Int)] = [(.date, 1), (.amount, 2), (.currency, 3), (.merchant, 4), (.description, 5), (.externalID, 6)]
        rules.mappings = Dictionary(uniqueKeysWithValues: fields.map { ($0.0, Mapping(columns: [.position($0.1)], line: 0)) })
        try rules.checkComplete()
        return rules
    }

    /// Whether the rules' `date-format` writes the day before the month (`%d/%m/%Y`); nil
    /// without one. A QIF file's dates that could be either are read so (`QIFReader`).
    public var dayFirst: Bool? {
        guard lines["date-format"] != nil else { return nil }
        let day = dateFormat.tokens.firstIndex(of: .day)
        let month = dateFormat.tokens.firstIndex { $0 == .month || $0 == .monthAbbreviation || $0 == .monthName }
        guard let day, let month else { return nil }
        return day < month
    }

    /// The entries of `statement` these rules import, and how many credits to a bank account
    /// they leave out: there money in (salary, the employer's reimbursement, an advance, the
    /// card's payment) is no refund, unless the rules say what credits are (`credits refund`
    /// imports them as refunds; `credits skip` skips them as rows). A card's credits are refunds.
    public func importedEntries(of statement: StatementEntries) -> (entries: [StatementEntry], bankCreditsSkipped: Int) {
        guard lines["credits"] == nil else { return (statement.entries, 0) }
        let kept = statement.entries.filter { !($0.isCredit && $0.onBankAccount) }
        return (kept, statement.entries.count - kept.count)
    }
}
