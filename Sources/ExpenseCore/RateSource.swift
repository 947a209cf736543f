import ExpenseSupport

/// Where exchange rates come from when an expense is in another currency than its report.
public protocol RateSource {
    /// The value of one `from` in `to` on `date`, or on the last earlier date that has one, with
    /// the date it is for; nil when there is none.
    func rate(from: Currency, to: Currency, on date: CalendarDate) throws -> (rate: ExchangeRate, date: CalendarDate)?
}

extension Expense.Conversion {
    /// How `amount`, spent on `date`, counts in `target`: at par in the same currency, else at the
    /// rate the user gave, else at the rate table's; never silently at 1.
    public static func of(
        _ amount: Money, on date: CalendarDate, into target: Currency,
        manualRate: ExchangeRate?, rates: RateSource?
    ) throws -> Expense.Conversion {
        if amount.currency == target {
            if let manualRate, manualRate != .one {
                throw ExpenseError(
                    .invalidData, .rateForSameCurrency(rate: "\(manualRate)", currency: target.code),
                    "a rate of \(manualRate) given, but the expense is already in \(target.code)")
            }
            return Expense.Conversion(rate: .one, source: .same, converted: amount)
        }
        if let manualRate {
            return Expense.Conversion(rate: manualRate, source: .manual, converted: try manualRate.convert(amount, to: target))
        }
        if let found = try rates?.rate(from: amount.currency, to: target, on: date) {
            return Expense.Conversion(
                rate: found.rate, rateDate: found.date, source: .table,
                converted: try found.rate.convert(amount, to: target))
        }
        throw ExpenseError(
            .invalidData, .noExchangeRate(from: amount.currency.code, to: target.code, on: "\(date)"),
            "no exchange rate from \(amount.currency.code) to \(target.code) for \(date)")
    }
}
