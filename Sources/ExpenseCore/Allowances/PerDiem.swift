import ExpenseSupport

/// A trip's meal allowances by the German method (BMF; § 9 Abs. 4a EStG), day by day in exact
/// minor units:
///
/// - a day strictly between the first and the last of a trip of several days: the full-day rate;
/// - the first and the last day of a trip of several days: the partial rate, whatever the hours;
/// - a trip within one day: the partial rate when it lasts more than 8 hours (480 minutes), else
///   nothing;
/// - the day's country is `TripSchedule.country(on:)`'s: the one reached last that day, the last
///   day keeping the one it began in;
/// - each provided meal takes 20 % (breakfast) or 40 % (lunch, dinner) of the **full-day** rate
///   of that day's country off the day, also on a partial day; a day never goes below zero.
///
/// Rounding: a day's deduction is its meals' percentages summed, applied to the full-day rate
/// once and rounded half-even to the currency's minor unit. For any rate in whole euros (all of
/// the BMF's) it is exact; 20 % and 40 % of a whole number of minor units are fifths, so a tie
/// cannot happen and the rounding is to the nearest minor unit (39.99 EUR: breakfast 8.00).
///
/// A day whose country has no row in force is an error naming the country and the day
/// (`ExpenseError.Code.noAllowanceRate`), also a day that earns nothing: the table is fixed, not
/// guessed (the BMF's own fallback, Luxembourg's rates for a country it does not list, is a row
/// the table may hold).
public struct PerDiem: Hashable, Sendable {
    /// What a day earns before meals.
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        /// A day between the first and the last: the full-day rate.
        case full
        /// The first or the last day, or a one-day trip of more than 8 hours: the partial rate.
        case partial
        /// A one-day trip of 8 hours or less: nothing.
        case none
    }

    /// One day of the trip as the day-by-day table shows it.
    public struct Day: Hashable, Sendable {
        public let date: CalendarDate
        public let country: CountryCode
        public let kind: Kind
        public let meals: ProvidedMeals
        /// The table's row the day was computed with.
        public let table: AllowanceRate
        /// The rate the kind gives: the full-day or partial rate, or zero.
        public let rate: Money
        /// What the provided meals take off (of the full-day rate), before the floor at zero; zero
        /// on a day that earns nothing.
        public let deductions: Money
        /// `rate − deductions`, never below zero.
        public let amount: Money

        /// A day as computed, or as frozen with a submitted report.
        public init(
            date: CalendarDate, country: CountryCode, kind: Kind, meals: ProvidedMeals, table: AllowanceRate, rate: Money,
            deductions: Money, amount: Money
        ) {
            self.date = date
            self.country = country
            self.kind = kind
            self.meals = meals
            self.table = table
            self.rate = rate
            self.deductions = deductions
            self.amount = amount
        }
    }

    public let days: [Day]
    /// The sum of the days' amounts in each currency used, in the order of the days that first
    /// use it: one entry when every day's country is paid in the same currency.
    public let totals: [Money]

    /// The total when every day is in one currency (always so for the BMF's table, all in EUR).
    public var total: Money? { totals.count == 1 ? totals[0] : nil }

    /// The per diems of `trip` with the rates of `table`.
    public static func compute(_ trip: TripSchedule, rates table: AllowanceRateTable) throws(ExpenseError) -> PerDiem {
        let first = trip.departure.date
        let last = trip.return.date
        var days: [Day] = []
        for date in trip.days {
            let kind: Kind
            if trip.isOneDay {
                kind = trip.durationMinutes > 8 * 60 ? .partial : .none
            } else {
                kind = date == first || date == last ? .partial : .full
            }
            days.append(try day(date, kind: kind, trip: trip, table: table))
        }
        var totals: [Money] = []
        for day in days {
            if let index = totals.firstIndex(where: { $0.currency == day.amount.currency }) {
                guard let sum = Money.adding(day.amount.minorUnits, to: totals[index].minorUnits) else {
                    throw Money.totalTooLarge("the per diems of the trip", currency: day.amount.currency)
                }
                totals[index].minorUnits = sum
            } else {
                totals.append(day.amount)
            }
        }
        return PerDiem(days: days, totals: totals)
    }

    private static func day(_ date: CalendarDate, kind: Kind, trip: TripSchedule, table: AllowanceRateTable) throws(ExpenseError) -> Day {
        let country = trip.country(on: date)
        let row = try table.require(country, on: date)
        let meals = trip.meals(on: date)
        let zero = Money(minorUnits: 0, currency: row.currency)
        let rate: Money
        switch kind {
        case .full: rate = row.fullDay
        case .partial: rate = row.partialDay
        case .none: rate = zero
        }
        let deductions = kind == .none ? zero : deduction(meals, of: row.fullDay)
        let amount = Money(minorUnits: max(0, rate.minorUnits - deductions.minorUnits), currency: row.currency)
        return Day(date: date, country: country, kind: kind, meals: meals, table: row, rate: rate, deductions: deductions, amount: amount)
    }

    /// `meals`' percentages of `fullDay`, rounded half-even to a minor unit once.
    static func deduction(_ meals: ProvidedMeals, of fullDay: Money) -> Money {
        let minor = Decimal10.divideRoundingHalfEven(Int128(fullDay.minorUnits) * Int128(meals.deductionPercent), 100)
        return Money(minorUnits: Int64(minor), currency: fullDay.currency)
    }
}
