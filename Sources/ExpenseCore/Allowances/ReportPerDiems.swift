import ExpenseSupport

/// A report's per diems in its own currency, day by day: computed from its trip while it is a
/// draft, and the rows frozen with it when it was submitted (so that a later rate import
/// changes no submitted, approved or reimbursed report).
///
/// A day whose rate is in another currency than the report's is converted at the exchange rate
/// of that day (or the last earlier one), rounded half-even once, as an item of that day is
/// (`Expense.Conversion.of`); no rate, no per diems: an error naming the day, never a guess.
public struct ReportPerDiems: Equatable, Sendable {
    /// One day: what the rules give (`PerDiem.Day`), and that amount in the report's currency.
    public struct Day: Equatable, Sendable {
        public let perDiem: PerDiem.Day
        public let conversion: Expense.Conversion

        public init(perDiem: PerDiem.Day, conversion: Expense.Conversion) {
            self.perDiem = perDiem
            self.conversion = conversion
        }

        /// The day's amount in the report's currency.
        public var converted: Money { conversion.converted }
    }

    public let days: [Day]
    /// The days' converted amounts, summed.
    public let total: Money
    /// True for the rows frozen at submission; false for a draft's, computed now.
    public let frozen: Bool

    /// - Throws: bad data when the total is beyond the largest total.
    public init(days: [Day], currency: Currency, frozen: Bool) throws(ExpenseError) {
        var sum: Int64 = 0
        for day in days {
            guard let added = Money.adding(day.converted.minorUnits, to: sum) else {
                throw Money.totalTooLarge("the per diems of the trip", currency: currency)
            }
            sum = added
        }
        self.days = days
        total = Money(minorUnits: sum, currency: currency)
        self.frozen = frozen
    }

    /// The per diems of `trip` at the rates of `table`, in `currency`.
    /// - Parameter exchange: the exchange rates for a day whose rate is in another currency.
    public static func compute(
        _ trip: TripSchedule, rates table: AllowanceRateTable, into currency: Currency, exchange: RateSource?
    ) throws -> ReportPerDiems {
        let perDiem = try PerDiem.compute(trip, rates: table)
        var days: [Day] = []
        for day in perDiem.days {
            let conversion: Expense.Conversion
            do {
                conversion = try Expense.Conversion.of(day.amount, on: day.date, into: currency, manualRate: nil, rates: exchange)
            } catch let error as ExpenseError {
                guard case .noExchangeRate(let from, let to, let on)? = error.code else { throw error }
                throw ExpenseError(
                    .invalidData, .noExchangeRateForPerDiems(from: from, to: to, on: on),
                    "the per diem of \(on) (\(day.amount)) cannot be converted into \(to): no exchange rate from \(from) for that day")
            }
            days.append(Day(perDiem: day, conversion: conversion))
        }
        return try ReportPerDiems(days: days, currency: currency, frozen: false)
    }
}

/// What a report's per diems are: computed day by day (or frozen with it), or why it has none.
public enum ReportAllowance: Equatable, Sendable {
    case computed(ReportPerDiems)
    case none(Reason)

    /// Why a report has no per diems.
    public enum Reason: Equatable, Sendable {
        /// No country (a report made before per diems were computed, or one that is no trip).
        case noCountry
        /// Not both the first and the last day.
        case noDates
        /// Submitted (or later) without per diems: none were frozen with it.
        case notFrozen
        /// A draft whose per diems cannot be computed now (a day without a rate): the error says why.
        case cannotCompute(ExpenseError)
    }

    /// The per diems, when there are some.
    public var perDiems: ReportPerDiems? {
        if case .computed(let perDiems) = self { return perDiems }
        return nil
    }

    /// Why per diems the report earns are not computed, so that what is due without them is
    /// incomplete: a draft with a day without a rate. nil when they are computed, or there are none.
    public var missing: ExpenseError? {
        if case .none(.cannotCompute(let error)) = self { return error }
        return nil
    }

    /// What the per diems add to what is due to the employee, in `currency`: zero when there are none.
    public func total(in currency: Currency) -> Money {
        perDiems?.total ?? Money(minorUnits: 0, currency: currency)
    }
}

extension Report {
    /// Whether the report's per diems are computed from its trip: it has a country and both its
    /// first and last day. (The rules may still give a day nothing: a short trip within one day.)
    public var computesPerDiems: Bool { country != nil && startDate != nil && endDate != nil }

    /// The trip its per diems are computed from, with `stops` and `meals` as stored; nil when it
    /// computes none. Stops and meals of days outside the trip's dates count for nothing.
    public func tripSchedule(stops: [CalendarDate: CountryCode], meals: [CalendarDate: ProvidedMeals]) throws(ExpenseError)
        -> TripSchedule?
    {
        guard let country, let departure, let back = `return` else { return nil }
        let inside = { (day: CalendarDate) in departure.date <= day && day <= back.date }
        return try TripSchedule(
            departure: departure.localDateTime, return: back.localDateTime, destination: country,
            stops: stops.filter { inside($0.key) }, meals: meals.filter { inside($0.key) })
    }
}
