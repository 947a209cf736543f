import ExpenseSupport

/// What a receipt says that it can be matched by: the day of the purchase, its total when it
/// was read, and the merchant when it was read. Made from a receipt's `ReceiptSuggestion`
/// (OCR's or a text layer's reading, whose amount and currency are text) by `init(suggestion:...)`.
public struct ReceiptFacts: Sendable, Equatable {
    public var date: CalendarDate
    /// The total in the receipt's currency; nil when it could not be read.
    public var total: Money?
    /// The merchant as printed; nil when it could not be read.
    public var merchant: String?

    public init(date: CalendarDate, total: Money?, merchant: String?) {
        self.date = date
        self.total = total
        self.merchant = merchant
    }

    /// The facts of a reading, or nil when it gives nothing to match by (neither a total nor a
    /// merchant).
    ///
    /// - Parameters:
    ///   - fallbackDate: the day when the reading has none: the photo's own date
    ///     (`Receipt.takenOn`), else the day it was captured. The caller decides which.
    ///   - defaultCurrency: the currency of a total printed without one: the report's.
    ///   - currencies: where a printed code is looked up; an unknown code is no total.
    /// A total that does not parse for its currency (too many decimals, not a number) is no
    /// total: it is matched as a receipt whose total could not be read.
    public init?(
        suggestion: ReceiptSuggestion, fallbackDate: CalendarDate, defaultCurrency: Currency,
        currencies: CurrencyTable = .standard
    ) {
        var total: Money?
        if let amount = suggestion.amount {
            let currency = suggestion.currency.map { currencies.currency($0) } ?? defaultCurrency
            if let currency { total = try? Money.parse(amount, currency: currency) }
        }
        let merchant = suggestion.merchant.flatMap { $0.trimmingSpaces.isEmpty ? nil : $0 }
        guard total != nil || merchant != nil else { return nil }
        self.init(date: suggestion.date ?? fallbackDate, total: total, merchant: merchant)
    }
}
