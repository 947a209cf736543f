import ExpenseSupport

/// A report's per diems in its own currency, day by day: computed from its trip while it is a
/// draft, and the rows frozen with it when it was submitted (so that a later rate import
/// changes no submitted, approved or reimbursed report).
///
/// A day whose rate is in another currency than the report's is converted at the exchange rate
/// of that day (or the last earlier one), rounded half-even once, as an item of that day is
/// (`Expense.Conversion.of`); no rate, no per diems: an error naming the day, never a guess.
public struct ReportPerDiems: Equatable, Sendable {
    /// One day: what the rules give (`PerDiem.Day`), its amount and its lodging flat in the
    /// report's currency.
    public struct Day: Equatable, Sendable {
        public let perDiem: PerDiem.Day
        /// The day's amount converted.
        public let conversion: Expense.Conversion
        /// The night's lodging flat converted (at the same rate); nil when the night has none.
        public let lodgingConversion: Expense.Conversion?

        public init(perDiem: PerDiem.Day, conversion: Expense.Conversion, lodgingConversion: Expense.Conversion? = nil) {
            self.perDiem = perDiem
            self.conversion = conversion
            self.lodgingConversion = lodgingConversion
        }

        /// What the day adds in the report's currency: its amount and its lodging flat.
        public var converted: Money {
            var sum = conversion.converted
            sum.minorUnits += lodgingConversion?.converted.minorUnits ?? 0
            return sum
        }
    }

    public let days: [Day]
    /// The days' converted amounts, summed.
    public let total: Money
    /// The part of `total` that is lodging flats (nights without a bill), which the books keep
    /// apart from the meal allowances.
    public let lodgingFlats: Money
    /// True for the rows frozen at submission; false for a draft's, computed now.
    public let frozen: Bool

    /// - Throws: bad data when the total is beyond the largest total.
    public init(days: [Day], currency: Currency, frozen: Bool) throws(ExpenseError) {
        var sum: Int64 = 0
        var lodging: Int64 = 0
        for day in days {
            guard let added = Money.adding(day.converted.minorUnits, to: sum) else {
                throw Money.totalTooLarge("the per diems of the trip", currency: currency)
            }
            sum = added
            lodging += day.lodgingConversion?.converted.minorUnits ?? 0  // a part of sum: no overflow
        }
        self.days = days
        total = Money(minorUnits: sum, currency: currency)
        lodgingFlats = Money(minorUnits: lodging, currency: currency)
        self.frozen = frozen
    }

    /// The per diems of `trip` at the rates of `table`, in `currency`.
    /// - Parameters:
    ///   - exchange: the exchange rates for a day whose rate is in another currency.
    ///   - report, others: the report's id and the days of the same person's other reports that
    ///     touch the trip's days (`PerDiem.sharing`): such a day is paid once.
    public static func compute(
        _ trip: TripSchedule, rates table: AllowanceRateTable, into currency: Currency, exchange: RateSource?, report: Int64 = 0,
        others: [SharedTripDay] = []
    ) throws -> ReportPerDiems {
        let perDiem = try PerDiem.sharing(try PerDiem.compute(trip, rates: table), report: report, with: others)
        var days: [Day] = []
        for day in perDiem.days {
            let conversion = try convert(day.amount, of: day, into: currency, exchange: exchange)
            let lodging = day.lodging.minorUnits == 0 ? nil : try convert(day.lodging, of: day, into: currency, exchange: exchange)
            days.append(Day(perDiem: day, conversion: conversion, lodgingConversion: lodging))
        }
        return try ReportPerDiems(days: days, currency: currency, frozen: false)
    }

    /// `amount`, a figure of `day`, in `currency` at the exchange rate of the day.
    private static func convert(_ amount: Money, of day: PerDiem.Day, into currency: Currency, exchange: RateSource?) throws
        -> Expense.Conversion
    {
        do {
            return try Expense.Conversion.of(amount, on: day.date, into: currency, manualRate: nil, rates: exchange)
        } catch let error as ExpenseError {
            guard case .noExchangeRate(let from, let to, let on)? = error.code else { throw error }
            throw ExpenseError(
                .invalidData, .noExchangeRateForPerDiems(from: from, to: to, on: on),
                "the per diem of \(on) (\(amount)) cannot be converted into \(to): no exchange rate from \(from) for that day")
        }
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

    /// The trip its per diems are computed from: its place and whether it has nights away, with
    /// its stops, meals, what was paid for them, its lodging-flat nights and office time as
    /// stored; nil when it computes none. What lies outside the trip's days counts for nothing;
    /// so do nights outside its nights (all of them on a trip without a night away), and office
    /// time outside its times.
    public func tripSchedule(
        stops: [CalendarDate: TripPlace], meals: [CalendarDate: ProvidedMeals], paid: [CalendarDate: MealsPaid] = [:],
        nights: Set<CalendarDate> = [], office: [OfficeTime] = []
    ) throws(ExpenseError) -> TripSchedule? {
        guard let country, let departure, let back = `return` else { return nil }
        let (leaves, comesBack) = (departure.localDateTime, back.localDateTime)
        let inside = { (day: CalendarDate) in departure.date <= day && day <= back.date }
        var during: [OfficeTime] = []
        for time in office where time.from < comesBack && leaves < time.to {
            during.append(try OfficeTime(from: max(time.from, leaves), to: min(time.to, comesBack)))
        }
        return try TripSchedule(
            departure: leaves, return: comesBack, destination: TripPlace(country: country, place: place),
            stops: stops.filter { inside($0.key) }, meals: meals.filter { inside($0.key) }, paid: paid.filter { inside($0.key) },
            overnight: overnight, lodgingNights: overnight ? nights.filter { inside($0) && $0 != back.date } : [], office: during)
    }
}
