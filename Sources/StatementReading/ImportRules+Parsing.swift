import ExpenseCore
import ExpenseSupport

extension ImportRules {
    public static let directives = [
        "encoding", "separator", "skip", "skip-end", "header", "fields", "date-format", "decimal-mark",
        "thousands-separator", "debits", "credits", "default", "if",
    ]

    /// The most footer rows `skip-end` holds back: they wait in memory until the file ends.
    public static let maximumSkipEnd = 1_000

    /// Parses the text of a rules file named `path`. Every mistake is an error at its line:
    /// a rule that is ignored or half-understood would import wrong numbers quietly.
    /// - Parameter complete: whether the rules must read a CSV's columns (`checkComplete`); not
    ///   yet when the statements may be camt.053 or OFX, whose fields are known (`forEntries`).
    public static func parse(_ text: String, path: String, complete: Bool = true) throws(ExpenseError) -> ImportRules {
        var rules = ImportRules(path: path)
        var seen: [String: Int] = [:]  // directive -> the line it was given on
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if let first = lines.first, first.hasPrefix("\u{FEFF}") { lines[0] = first.dropFirst() }
        for (offset, raw) in lines.enumerated() {
            let number = offset + 1
            let line = raw.trimmingSpaces
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("if ") {
                rules.conditions.append(try rules.condition(line, number))
                continue
            }
            let word = String(line.prefix { !$0.isWhitespace && $0 != "=" })
            let rest = line.dropFirst(word.count).trimmingSpaces
            if rest.hasPrefix("=") {
                guard let field = Field(rawValue: word) else {
                    let suggestion = Suggestion.closest(to: word, among: Field.allCases.map(\.rawValue))
                    throw rules.error(
                        number, "unknown field '\(word)'",
                        hint: (suggestion.map { "did you mean '\($0)'? " } ?? "")
                            + "Fields: " + Field.allCases.map(\.rawValue).joined(separator: ", "))
                }
                if let previous = rules.mappings[field] {
                    throw rules.error(number, "'\(field.rawValue)' is mapped twice (first on line \(previous.line))")
                }
                rules.mappings[field] = Mapping(
                    columns: try rules.columns(rest.dropFirst().trimmingSpaces, for: field, number), line: number)
                continue
            }
            guard directives.contains(word) else {
                let suggestion = Suggestion.closest(to: word, among: directives + Field.allCases.map(\.rawValue))
                var error = rules.error(number, "unknown directive '\(word)'")
                error.code = .unknownRulesDirective(suggestion: suggestion)
                throw error
            }
            let key = word == "default" ? "default " + (rest.split(separator: " ").first.map(String.init) ?? "") : word
            if let previous = seen[key] {
                throw rules.error(number, "'\(key)' is given twice (first on line \(previous))")
            }
            seen[key] = number
            try rules.apply(word, rest, number)
        }
        rules.lines = seen
        if complete { try rules.checkComplete() }
        return rules
    }

    private mutating func apply(_ directive: String, _ value: String, _ line: Int) throws(ExpenseError) {
        func oneOf<T>(_ choices: [(String, T)]) throws(ExpenseError) -> T {
            if let match = choices.first(where: { $0.0 == value.lowercased() }) { return match.1 }
            throw error(line, "'\(directive)' takes \(choices.map { "'\($0.0)'" }.joined(separator: " or ")), not '\(value)'")
        }
        switch directive {
        case "encoding":
            guard let encoding = TextEncoding.named(value) else {
                throw error(
                    line, "unknown encoding '\(value)'",
                    hint: "use " + TextEncoding.allCases.map(\.rawValue).joined(separator: ", "))
            }
            self.encoding = encoding
        case "separator":
            separator = try oneOf([
                (",", UInt8(ascii: ",")), ("comma", UInt8(ascii: ",")), (";", UInt8(ascii: ";")),
                ("semicolon", UInt8(ascii: ";")), ("tab", 0x09), ("\\t", 0x09), ("|", UInt8(ascii: "|")),
            ])
        case "skip":
            guard let count = Int(value), count >= 0 else {
                throw error(line, "'skip' takes a number of lines, not '\(value)'")
            }
            skipLines = count
        case "skip-end":
            guard let count = Int(value), (0...Self.maximumSkipEnd).contains(count) else {
                throw error(line, "'skip-end' takes a number of rows from 0 to \(Self.maximumSkipEnd), not '\(value)'")
            }
            skipEndRows = count
        case "header":
            hasHeader = try oneOf([("yes", true), ("no", false)])
        case "date-format":
            do {
                dateFormat = try DateFormat(value)
            } catch {
                throw self.error(line, error.message)
            }
        case "decimal-mark":
            amountFormat.decimalMark = try oneOf([(".", UInt8(ascii: ".")), (",", UInt8(ascii: ","))])
        case "thousands-separator":
            amountFormat.thousandsSeparator = try oneOf([
                (",", UInt8(ascii: ",")), (".", UInt8(ascii: ".")), ("'", UInt8(ascii: "'")),
                ("space", AmountFormat.space), ("none", nil),
            ])
        case "debits":
            debits = try oneOf([("positive", Debits.positive), ("negative", Debits.negative)])
        case "credits":
            credits = try oneOf([("refund", Credits.refund), ("skip", Credits.skip)])
        case "default":
            try applyDefault(value, line)
        case "fields":
            // hledger's positional mapping: `fields date, , merchant, amount` (empty: not used).
            for (offset, name) in value.split(separator: ",", omittingEmptySubsequences: false).enumerated() {
                let name = name.trimmingSpaces
                if name.isEmpty { continue }
                guard let field = Field(rawValue: name) else {
                    throw error(
                        line, "unknown field '\(name)' in 'fields'",
                        hint: "fields: " + Field.allCases.map(\.rawValue).joined(separator: ", ")
                            + "; leave a column out with an empty name")
                }
                if let previous = mappings[field] {
                    throw error(line, "'\(field.rawValue)' is mapped twice (first on line \(previous.line))")
                }
                mappings[field] = Mapping(columns: [.position(offset + 1)], line: line)
            }
        default:
            throw error(line, "unknown directive '\(directive)'")
        }
        if amountFormat.thousandsSeparator == amountFormat.decimalMark {
            throw error(
                line, "the decimal mark and the thousands separator are both '\(Character(Unicode.Scalar(amountFormat.decimalMark)))'")
        }
    }

    private mutating func applyDefault(_ text: String, _ line: Int) throws(ExpenseError) {
        let field = String(text.prefix { !$0.isWhitespace })
        let value = text.dropFirst(field.count).trimmingSpaces
        guard !value.isEmpty else { throw error(line, "'default \(field)' needs a value") }
        switch field {
        case "currency":
            do {
                defaultCurrency = try CurrencyTable.standard.require(value)
            } catch {
                throw error.located("\(path):\(line)")
            }
        case "category":
            defaultCategory = value.lowercased()
            categoryReferences.append((value.lowercased(), line))
        case "paid-by":
            guard let paidBy = PaidBy(rawValue: value.lowercased()) else {
                throw error(line, "'default paid-by' takes 'personal' or 'company', not '\(value)'")
            }
            defaultPaidBy = paidBy
        default:
            throw error(line, "there is no default for '\(field)'", hint: "defaults: currency, category, paid-by")
        }
    }

    /// `Name`, `3`, `"Name with + in it"`, or text columns joined: `Text + Purpose`.
    private func columns(_ text: String, for field: Field, _ line: Int) throws(ExpenseError) -> [Column] {
        let parts = Self.joinedColumns(text)
        guard parts.count == 1 || field.isText else {
            throw error(line, "'\(field.rawValue)' takes one column; only merchant, description and external-id join columns with '+'")
        }
        var columns: [Column] = []
        for part in parts {
            columns.append(try column(part.trimmingSpaces, line))
        }
        return columns
    }

    private func column(_ text: String, _ line: Int) throws(ExpenseError) -> Column {
        if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") {
            return .name(String(text.dropFirst().dropLast()))
        }
        guard !text.isEmpty else { throw error(line, "a column is missing after '='") }
        if text.allSatisfy(\.isNumber), let position = Int(text) {
            guard position >= 1 else { throw error(line, "columns count from 1, not \(position)") }
            return .position(position)
        }
        return .name(text)
    }

    /// `A + B + "C + D"`: the pieces between ` + ` outside double quotes.
    public static func joinedColumns(_ text: String) -> [String] {
        var pieces: [String] = []
        var current = ""
        var inQuotes = false
        var rest = Substring(text)
        while let character = rest.first {
            if character == "\"" { inQuotes.toggle() }
            if !inQuotes, rest.hasPrefix(" + ") {
                pieces.append(current)
                current = ""
                rest = rest.dropFirst(3)
                continue
            }
            current.append(character)
            rest = rest.dropFirst()
        }
        pieces.append(current)
        return pieces
    }

    /// `if SUBJECT matches REGEX then ACTION`.
    private mutating func condition(_ text: String, _ line: Int) throws(ExpenseError) -> Condition {
        let shape = "write conditions as: if FIELD matches REGEX then ACTION"
        // After "if ": in "if matches x then y" the " matches " would start inside "if ".
        let body = text.dropFirst(3)
        guard let matches = body.firstRange(of: " matches "), let then = body.ranges(of: " then ").last,
            matches.upperBound <= then.lowerBound
        else { throw error(line, "cannot read this condition", hint: shape) }
        let subjectText = body[..<matches.lowerBound].trimmingSpaces
        let pattern = text[matches.upperBound..<then.lowerBound].trimmingSpaces
        let actionText = text[then.upperBound...].trimmingSpaces
        guard !subjectText.isEmpty, !pattern.isEmpty, !actionText.isEmpty else {
            throw error(line, "cannot read this condition", hint: shape)
        }
        let subject: Subject
        if let field = Field(rawValue: subjectText) {
            subject = .field(field)
        } else if subjectText == "row" {
            subject = .row  // a column named row is "row"
        } else {
            subject = .column(try column(subjectText, line))
        }
        guard !pattern.unicodeScalars.contains("\0") else {
            // regcomp would read the pattern only up to it: a rule other than the one written.
            throw error(line, "the regular expression holds a NUL character")
        }
        let regex: POSIXRegex
        do {
            regex = try POSIXRegex(pattern)
        } catch {
            throw self.error(
                line, "invalid regular expression '\(pattern)': \(error.message)",
                hint: "POSIX extended syntax, as in hledger rules: ^UBER|LYFT, [0-9]+, (a|b)")
        }
        let verb = String(actionText.prefix { !$0.isWhitespace })
        let argument = actionText.dropFirst(verb.count).trimmingSpaces
        let action: Action
        switch (verb, argument.isEmpty) {
        case ("skip", true):
            action = .skip
        case ("category", false):
            action = .category(argument.lowercased())
            categoryReferences.append((argument.lowercased(), line))
        case ("merchant", false):
            action = .merchant(argument)
        case ("description", false):
            action = .description(argument)
        case ("paid-by", false):
            guard let paidBy = PaidBy(rawValue: argument.lowercased()) else {
                throw error(line, "'paid-by' takes 'personal' or 'company', not '\(argument)'")
            }
            action = .paidBy(paidBy)
        default:
            throw error(
                line, "unknown action '\(actionText)'",
                hint: "actions: skip, category CODE, merchant TEXT, description TEXT, paid-by personal|company")
        }
        return Condition(line: line, subject: subject, regex: regex, action: action)
    }

    /// Checks that the rules read a CSV statement whole: a date, an amount, a currency, and a
    /// column for every field a condition tests.
    public func checkComplete() throws(ExpenseError) {
        guard mappings[.date] != nil else {
            throw error(nil, "the rules map no date column", hint: "add 'date = COLUMN', with the column's header name or position")
        }
        let amount = mappings[.amount]
        let debit = mappings[.debit]
        let credit = mappings[.credit]
        if let amount, let other = debit ?? credit {
            throw error(max(amount.line, other.line), "map either 'amount' or 'debit'/'credit' columns, not both")
        }
        guard amount != nil || debit != nil || credit != nil else {
            throw error(
                nil, "the rules map no amount column",
                hint: "add 'amount = COLUMN', or 'debit = COLUMN' and 'credit = COLUMN' for separate columns")
        }
        if amount == nil, let line = lines["debits"] {
            throw error(line, "'debits' is for a signed 'amount' column; with debit and credit columns the column tells")
        }
        guard mappings[.currency] != nil || defaultCurrency != nil else {
            throw error(
                nil, "the rules say nothing about the currency",
                hint: "add 'default currency EUR' (or map a column: 'currency = COLUMN')")
        }
        for condition in conditions {
            if case .field(let field) = condition.subject, mappings[field] == nil {
                throw error(condition.line, "the condition tests '\(field.rawValue)', which the rules do not map")
            }
        }
        if !hasHeader {
            var named = mappings.values.flatMap { mapping in mapping.columns.map { (column: $0, line: mapping.line) } }
            for condition in conditions {
                if case .column(let column) = condition.subject { named.append((column, condition.line)) }
            }
            if let first = named.filter({ if case .name = $0.column { return true } else { return false } }).min(by: { $0.line < $1.line })
            {
                throw error(
                    first.line, "\(first.column) is a column name, but the rules say 'header no'",
                    hint: "name columns by position: 1, 2, ...")
            }
        }
    }
}
