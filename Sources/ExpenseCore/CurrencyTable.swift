import ExpenseSupport

/// The active ISO 4217 currencies, compiled in from Data/currencies.csv, and the national ones
/// the euro replaced (`LegacyEuroCurrency`), which old statements are written in.
public struct CurrencyTable: Sendable {
    /// The active currencies: what forms, completion and the currency list offer.
    public let all: [Currency]
    /// The currencies the euro replaced: looked up (`currency`), read and converted at their
    /// fixed rates, but not offered for new expenses.
    public let legacy: [Currency]
    private let byCode: [String: Currency]

    public static let standard = CurrencyTable(csv: String(decoding: PackageResources.currencies_csv, as: UTF8.self))

    /// Reads `code,numeric,minor_digits,name` lines; the header and malformed lines are skipped,
    /// since the file is ours and checked by a test.
    init(csv: String) {
        var currencies: [Currency] = []
        for line in csv.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: ",", maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count == 4, let digits = Int(fields[2]) else { continue }
            let name = fields[3].trimmingCharacters(in: "\"")
            currencies.append(Currency(code: String(fields[0]), minorDigits: digits, name: name))
        }
        all = currencies
        // One still listed as active (the kuna, in a table of before 2023) is the active one.
        legacy = LegacyEuroCurrency.all.map(\.currency).filter { old in !currencies.contains { $0.code == old.code } }
        byCode = Dictionary((currencies + legacy).map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The currencies travellers meet most, most used first: what a mistyped code most likely meant.
    static let common = [
        "EUR", "USD", "GBP", "CHF", "JPY", "CNY", "CAD", "AUD", "SEK", "NOK", "DKK", "PLN", "CZK", "HUF",
        "INR", "SGD", "HKD", "NZD", "KRW", "MXN", "BRL", "ZAR", "TRY", "AED", "ILS", "THB", "RON", "BGN",
    ]

    /// Looks a code up, case-insensitively ("eur" is EUR).
    public func currency(_ code: String) -> Currency? { byCode[code.uppercased()] }

    /// The currency for `code`, or an error naming the closest codes.
    public func require(_ code: String) throws(ExpenseError) -> Currency {
        if let currency = currency(code) { return currency }
        // One letter off, the commonly used currency first: CHX is CHF, not CHE; XYZ is nothing.
        let codes = Self.common + all.map(\.code).filter { !Self.common.contains($0) }
        let suggestion = Suggestion.closest(to: code.uppercased(), among: codes, maximumDistance: 1)
        throw ExpenseError(.invalidData, .unknownCurrency(code, suggestion: suggestion), "unknown currency '\(code)'")
    }
}

extension Substring {
    func trimmingCharacters(in character: Character) -> String {
        var slice = self[...]
        while slice.first == character { slice = slice.dropFirst() }
        while slice.last == character { slice = slice.dropLast() }
        return String(slice)
    }
}
