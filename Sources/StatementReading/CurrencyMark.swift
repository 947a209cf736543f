import ExpenseCore
import ExpenseSupport

/// A currency written at a statement's amount, as exports of card and bank accounts write one: a
/// symbol or an ISO 4217 code before or after the number, either side of its sign (`-$7,971.39`,
/// `$-7.50`, `€ 12,50`, `12,50 €`, `EUR 12.50`, `12.50 USD`, `(£12.00)`). `AmountFormat` reads
/// the amount without it; `RowMapper` takes it as the row's currency.
enum CurrencyMark {
    /// The symbols read and the currencies each stands for; `guess` is the one taken when
    /// neither the currency column nor the rules' default currency is one of them.
    static let symbols: [(text: String, currencies: [String], guess: String?)] = [
        ("US$", ["USD"], "USD"), ("AU$", ["AUD"], "AUD"), ("A$", ["AUD"], "AUD"), ("CA$", ["CAD"], "CAD"),
        ("C$", ["CAD"], "CAD"), ("NZ$", ["NZD"], "NZD"), ("HK$", ["HKD"], "HKD"), ("S$", ["SGD"], "SGD"),
        ("R$", ["BRL"], "BRL"), ("$", ["USD", "CAD", "AUD", "NZD", "SGD", "HKD", "MXN", "TWD"], "USD"),
        ("€", ["EUR"], "EUR"), ("£", ["GBP"], "GBP"), ("¥", ["JPY", "CNY"], "JPY"), ("₹", ["INR"], "INR"),
        ("₩", ["KRW"], "KRW"), ("₪", ["ILS"], "ILS"), ("₺", ["TRY"], "TRY"), ("฿", ["THB"], "THB"),
        ("zł", ["PLN"], "PLN"), ("Kč", ["CZK"], "CZK"), ("Fr.", ["CHF"], "CHF"),
        ("kr", ["SEK", "NOK", "DKK", "ISK"], nil),
    ].sorted { $0.text.count > $1.text.count }

    /// `text` as its amount without the currency mark, and the mark; nil when it has none.
    static func split(_ text: String) -> (amount: String, mark: String)? {
        let trimmed = Substring(text.trimmingSpaces)
        for sign in ["", "-", "+", "("] where trimmed.hasPrefix(sign) {
            let rest = trimmed.dropFirst(sign.count)
            if let mark = mark(atStartOf: rest) {
                return (sign + rest.dropFirst(mark.count).trimmingSpaces, mark)
            }
        }
        for sign in ["", "-", ")"] where trimmed.hasSuffix(sign) {
            let rest = trimmed.dropLast(sign.count)
            if let mark = mark(atEndOf: rest) {
                return (rest.dropLast(mark.count).trimmingSpaces + sign, mark)
            }
        }
        return nil
    }

    /// The currency `mark` stands for in a row whose currency is otherwise `given`: its currency
    /// column's (`fromColumn`), else the rules' default. A mark the column contradicts, or an
    /// ambiguous one nothing decides, makes the row invalid: the words after its amount say why.
    static func currency(of mark: String, given: Currency?, fromColumn: Bool) -> Result<Currency, ValueFailure> {
        let symbol = symbols.first { $0.text == mark }
        let currencies = symbol?.currencies ?? [mark]
        if let given, currencies.contains(given.code) { return .success(given) }
        let named = currencies == [mark] ? mark : "'\(mark)' (\(currencies.joined(separator: ", ")))"
        if fromColumn, let given {
            return .failure(ValueFailure(message: " is in \(named), but the currency column says \(given.code)"))
        }
        guard let code = symbol == nil ? mark : symbol?.guess, let currency = CurrencyTable.standard.currency(code) else {
            return .failure(ValueFailure(message: " is in \(named); say which with 'default currency'"))
        }
        return .success(currency)
    }

    /// The mark `text` starts with: a symbol, or a currency's code not followed by a letter.
    private static func mark(atStartOf text: Substring) -> String? {
        if let symbol = symbols.first(where: { text.hasPrefix($0.text) }) { return symbol.text }
        let code = text.prefix(3)
        guard isCode(code), !(text.dropFirst(3).first?.isLetter ?? false) else { return nil }
        return String(code)
    }

    /// The mark `text` ends with: a symbol, or a currency's code not after a letter.
    private static func mark(atEndOf text: Substring) -> String? {
        if let symbol = symbols.first(where: { text.hasSuffix($0.text) }) { return symbol.text }
        let code = text.suffix(3)
        guard isCode(code), !(text.dropLast(3).last?.isLetter ?? false) else { return nil }
        return String(code)
    }

    private static func isCode(_ text: Substring) -> Bool {
        text.count == 3 && text.allSatisfy { ("A"..."Z").contains($0) } && CurrencyTable.standard.currency(String(text)) != nil
    }
}
