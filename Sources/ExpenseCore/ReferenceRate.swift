import ExpenseSupport

/// One day's reference rate of a currency: 1 EUR = `perEUR` units of `currency`, as the ECB
/// publishes them (read by StatementReading's `ReferenceRates`, kept by the store).
public struct ReferenceRate: Sendable, Equatable {
    public var currency: String
    public var date: CalendarDate
    public var perEUR: ExchangeRate

    public init(currency: String, date: CalendarDate, perEUR: ExchangeRate) {
        self.currency = currency
        self.date = date
        self.perEUR = perEUR
    }
}
