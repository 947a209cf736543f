import ExpenseSupport

/// One row of the per-diem table: from `validFrom` on, a day in `country` is allowed `fullDay`
/// (a day between the first and the last of a trip) or `partialDay` (the first and the last day,
/// and a one-day trip of more than 8 hours), both exact amounts of one currency.
public struct AllowanceRate: Hashable, Sendable {
    public let country: CountryCode
    public let validFrom: CalendarDate
    public let fullDay: Money
    public let partialDay: Money

    /// Both amounts in the same currency and not negative; else an error naming the row.
    public init(country: CountryCode, validFrom: CalendarDate, fullDay: Money, partialDay: Money) throws(ExpenseError) {
        guard fullDay.currency == partialDay.currency else {
            throw ExpenseError(
                .invalidData,
                "the allowance for \(country) from \(validFrom) mixes currencies: \(fullDay) a full day, \(partialDay) a partial day")
        }
        guard fullDay.minorUnits >= 0, partialDay.minorUnits >= 0 else {
            throw ExpenseError(.invalidData, "the allowance for \(country) from \(validFrom) is negative")
        }
        guard fullDay.minorUnits <= Money.maximumMinorUnits, partialDay.minorUnits <= Money.maximumMinorUnits else {
            throw ExpenseError(.invalidData, "the allowance for \(country) from \(validFrom) is too large")
        }
        self.country = country
        self.validFrom = validFrom
        self.fullDay = fullDay
        self.partialDay = partialDay
    }

    /// The currency of both amounts.
    public var currency: Currency { fullDay.currency }
}
