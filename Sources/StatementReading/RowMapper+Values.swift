import ExpenseCore
import ExpenseSupport

/// The values of a row with a meaning beyond their text: its currency, amount and category.
extension RowMapper {
    /// The category an action gave, else the statement's column, else the rules' default; checked.
    func readCategory<R: StatementRecords>(_ reader: R, given: String?, _ row: inout MappedRow, _ cache: inout CellCache) {
        var code = given
        if code == nil, categoryColumn >= 0 {
            if let mapped = cell(categoryColumn, reader, &cache) {
                if !mapped.isEmpty { code = mapped.lowercased() }
            } else {
                row.problems.append(.init("category", Self.invalidText))
            }
        }
        guard let code = code ?? rules.defaultCategory else {
            row.problems.append(.init("category", "none given, and the rules have no 'default category'"))
            return
        }
        if categories.contains(code) {
            row.category = code
        } else {
            let suggestion = Suggestion.closest(to: code, among: knownCategories)
            row.problems.append(.init("category", "unknown category '\(code)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")))
        }
    }

    /// More fields than the header names, and not just empty ones from trailing separators: a
    /// shifted row, such as an unquoted `1,5` in a comma-separated file, whose columns cannot
    /// be trusted.
    func hasExtraFields<R: StatementRecords>(_ reader: R) -> Bool {
        guard let headerCount, reader.fieldCount > headerCount else { return false }
        return (headerCount..<reader.fieldCount).contains { !Self.trim(reader.field($0)).isEmpty }
    }

    func readCurrency<R: StatementRecords>(_ reader: R, _ row: inout MappedRow, _ cache: inout CellCache) -> Currency? {
        guard currencyColumn >= 0 else { return rules.defaultCurrency }
        let bytes = Self.trim(reader.field(currencyColumn))
        if let last = lastCurrency, last.code.elementsEqual(bytes) { return last.currency }
        guard let text = cell(currencyColumn, reader, &cache) else {
            row.problems.append(.init("currency", Self.invalidText))
            return nil
        }
        if text.isEmpty {
            guard let fallback = rules.defaultCurrency else {
                row.problems.append(.init("currency", "empty, and the rules have no 'default currency'"))
                return nil
            }
            return fallback
        }
        guard let currency = CurrencyTable.standard.currency(text) else {
            if let known = unknownCurrencies[text] {
                row.problems.append(.init("currency", known))
                return nil
            }
            let suggestion = Suggestion.closest(to: text.uppercased(), among: CurrencyTable.standard.all.map(\.code))
            let problem = "unknown currency '\(text)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
            if unknownCurrencies.count >= 4096 { unknownCurrencies.removeAll(keepingCapacity: true) }
            unknownCurrencies[text] = problem
            row.problems.append(.init("currency", problem))
            return nil
        }
        lastCurrency = (Array(bytes), currency)
        return currency
    }

    /// The amount, in `given` (the currency column's, else the rules' default) unless a
    /// currency is written at it (`-$7,971.39`, `12,50 €`: `CurrencyMark`), which must then
    /// agree with the currency column.
    func readAmount<R: StatementRecords>(_ reader: R, currency given: Currency, _ row: inout MappedRow) {
        let format = rules.amountFormat
        var currency = given
        for (column, field) in [(amountColumn, ImportRules.Field.amount), (debitColumn, .debit), (creditColumn, .credit)]
        where column >= 0 {
            guard let mark = AmountFormat.currencyMark(reader.field(column), encoding: rules.encoding) else { continue }
            let fromColumn = currencyColumn >= 0 && !Self.trim(reader.field(currencyColumn)).isEmpty
            switch CurrencyMark.currency(of: mark, given: given, fromColumn: fromColumn) {
            case .success(let marked): currency = marked
            case .failure(let failure):
                row.problems.append(.init(field.rawValue, ValueFailure(value: reader.field(column), failure.words)))
                return
            }
            break
        }
        let digits = currency.minorDigits
        func parse(_ column: Int, _ field: ImportRules.Field) -> (value: Int64?, ok: Bool) {
            guard column >= 0 else { return (nil, true) }
            switch format.parse(reader.field(column), minorDigits: digits, encoding: rules.encoding) {
            case .success(let value): return (value, true)
            case .failure(var failure):
                if failure.words.hasSuffix("decimals") { failure.words += " (\(currency.code))" }
                row.problems.append(.init(field.rawValue, failure))
                return (nil, false)
            }
        }
        let minor: Int64
        if amountColumn >= 0 {
            let (value, ok) = parse(amountColumn, .amount)
            guard ok else { return }
            guard let value else {
                row.problems.append(.init("amount", "empty"))
                return
            }
            minor = rules.debits == .positive ? value : -value
        } else {
            // Separate columns: whatever their signs, a debit is spent and a credit comes back.
            let debit = parse(debitColumn, .debit)
            let credit = parse(creditColumn, .credit)
            guard debit.ok, credit.ok else { return }
            let spent = (debit.value ?? 0).magnitude
            let back = (credit.value ?? 0).magnitude
            if spent != 0, back != 0 {
                row.problems.append(.init("amount", "both the debit and the credit column are filled"))
                return
            }
            guard spent != 0 || back != 0 else {
                row.problems.append(
                    .init(
                        "amount",
                        debit.value == nil && credit.value == nil
                            ? "neither the debit nor the credit column is filled" : "0 is not an expense"))
                return
            }
            minor = spent != 0 ? Int64(spent) : -Int64(back)
        }
        guard minor != 0 else {
            row.problems.append(.init("amount", "0 is not an expense"))
            return
        }
        // As for an amount typed in (`Money.parse`): beyond it, totals could not be kept exact.
        guard minor.magnitude <= Money.maximumMinorUnits else {
            row.problems.append(
                .init(
                    "amount",
                    "\(Money(minorUnits: minor, currency: currency)) is beyond the largest amount, "
                        + "\(Money(minorUnits: Money.maximumMinorUnits, currency: currency))"))
            return
        }
        row.amount = Money(minorUnits: minor, currency: currency)
        if minor < 0, rules.credits == .skip { row.skippedBy = rules.lines["credits"] ?? 0 }
    }
}
