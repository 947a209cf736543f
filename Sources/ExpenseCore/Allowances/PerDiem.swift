import ExpenseSupport

/// A trip's meal allowances by the German method (§ 9 Abs. 4a EStG and the BMF's letters), day
/// by day in exact minor units:
///
/// - a trip with nights away (the default) over several days: the first and the last day the
///   partial rate, whatever the hours; the days between the full-day rate;
/// - a trip within one day: the partial rate when the absence, less the time at one's own office,
///   is more than 8 hours (480 minutes), else nothing;
/// - a trip over midnight without a night away: one partial rate, on the day with more of the
///   hours away (the first when equal), when all of them are more than 8; else nothing;
/// - the day's place is `TripSchedule.place(on:)`'s: the one reached last that day; the last day
///   the last place of work abroad;
/// - its row is `AllowanceRateTable.resolve`'s: the place's when the table names it, else the
///   country's, else, for a country the table does not list, Luxembourg's;
/// - each provided meal takes 20 % (breakfast) or 40 % (lunch, dinner) of that row's **full-day**
///   rate off the day, also on a partial day, less what the traveller paid for it, never below
///   zero; a day never goes below zero;
/// - a night paid at the lodging flat adds the row's flat to its day, not cut by meals;
/// - a day two of a person's trips touch is paid once (`sharing`).
///
/// Rounding: a day's deduction is its meals' shares of the full-day rate less what was paid for
/// each, summed and rounded half-even to the currency's minor unit once. For any rate in whole
/// euros (all of the BMF's) and nothing paid it is exact; 20 % and 40 % of a whole number of minor
/// units are fifths, so a tie cannot happen and the rounding is to the nearest minor unit (39.99
/// EUR: breakfast 8.00).
///
/// A day whose row is not in force is an error naming the country and the day
/// (`ExpenseError.Code.noAllowanceRate`), also a day that earns nothing: the table is fixed, not
/// guessed; so is a night at the flat whose row gives none (`noLodgingFlat`).
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

    /// Why a day has its kind.
    public enum Rule: String, CaseIterable, Hashable, Sendable {
        /// A day between the first and the last of a trip with nights away: full.
        case between
        /// The first day of a trip with nights away: partial, whatever the hours.
        case departure
        /// The last day of a trip with nights away: partial, whatever the hours.
        case `return`
        /// A trip within one day away more than 8 hours: partial.
        case oneDay = "one-day"
        /// A trip without a night away for 8 hours or less: nothing.
        case short
        /// A trip over midnight without a night away for more than 8 hours: partial, on the day
        /// with more of the hours (the first when equal).
        case overMidnight = "over-midnight"
        /// The other day of such a trip: nothing.
        case overMidnightOther = "over-midnight-other"
    }

    /// A day that two of a person's trips touch (back from one in the morning, off on the next in
    /// the afternoon): it is paid once, at the higher allowance, cut by all its provided meals.
    public struct Share: Hashable, Sendable {
        /// The other report the day is shared with: the one whose allowance the day takes, or,
        /// when that is this one, the lowest other.
        public let report: Int64
        /// The day's allowance, paid once across the reports.
        public let combined: Money
        /// What reports frozen before paid for the day already.
        public let elsewhere: Money

        public init(report: Int64, combined: Money, elsewhere: Money) {
            self.report = report
            self.combined = combined
            self.elsewhere = elsewhere
        }
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
        /// `rate − deductions`, never below zero; for a day shared with another report, what is
        /// left of the day's combined allowance for this one.
        public let amount: Money
        /// The day's place; nil when none is named.
        public let place: String?
        /// Which row of the table `table` is: the place's, the country's or Luxembourg's.
        public let basis: AllowanceRateTable.Basis
        /// Why the day has its kind; nil for a day frozen before rules were recorded.
        public let rule: Rule?
        /// For a trip without a night away: the minutes away that day (office time taken out).
        public let absenceMinutes: Int?
        /// What the traveller paid for the day's provided meals.
        public let paid: MealsPaid
        /// The lodging flat of the night that begins on this day, when it is paid so; zero else.
        public let lodging: Money
        /// The day's share with another report's, when two trips touch it.
        public let share: Share?

        /// A day as computed, or as frozen with a submitted report.
        public init(
            date: CalendarDate, country: CountryCode, kind: Kind, meals: ProvidedMeals, table: AllowanceRate, rate: Money,
            deductions: Money, amount: Money, place: String? = nil, basis: AllowanceRateTable.Basis = .country, rule: Rule? = nil,
            absenceMinutes: Int? = nil, paid: MealsPaid = MealsPaid(), lodging: Money? = nil, share: Share? = nil
        ) {
            self.date = date
            self.country = country
            self.kind = kind
            self.meals = meals
            self.table = table
            self.rate = rate
            self.deductions = deductions
            self.amount = amount
            self.place = place
            self.basis = basis
            self.rule = rule
            self.absenceMinutes = absenceMinutes
            self.paid = paid
            self.lodging = lodging ?? Money(minorUnits: 0, currency: table.currency)
            self.share = share
        }

        /// The same day with `amount` and `share` (the two-trips rule).
        func sharing(amount: Money, share: Share) -> Day {
            Day(
                date: date, country: country, kind: kind, meals: meals, table: table, rate: rate, deductions: deductions,
                amount: amount, place: place, basis: basis, rule: rule, absenceMinutes: absenceMinutes, paid: paid,
                lodging: lodging, share: share)
        }
    }

    public let days: [Day]
    /// The sum of the days' amounts and lodging flats in each currency used, in the order of the
    /// days that first use it: one entry when every day's row is paid in the same currency.
    public let totals: [Money]

    init(days: [Day]) throws(ExpenseError) {
        var totals: [Money] = []
        for day in days {
            for money in [day.amount, day.lodging] {
                if let index = totals.firstIndex(where: { $0.currency == money.currency }) {
                    guard let sum = Money.adding(money.minorUnits, to: totals[index].minorUnits) else {
                        throw Money.totalTooLarge("the per diems of the trip", currency: money.currency)
                    }
                    totals[index].minorUnits = sum
                } else {
                    totals.append(money)
                }
            }
        }
        self.days = days
        self.totals = totals
    }

    /// The total when every day is in one currency (always so for the BMF's table, all in EUR).
    public var total: Money? { totals.count == 1 ? totals[0] : nil }

    /// The per diems of `trip` with the rates of `table`, the trip alone (`sharing` adds the
    /// person's other trips on the same days).
    public static func compute(_ trip: TripSchedule, rates table: AllowanceRateTable) throws(ExpenseError) -> PerDiem {
        let kinds = kinds(of: trip)
        var days: [Day] = []
        for date in trip.days {
            days.append(try day(date, kinds[date]!, trip: trip, table: table))
        }
        return try PerDiem(days: days)
    }

    /// Each day's kind, why, and the minutes away when they count: on a trip without a night
    /// away (within one day, or over midnight), whose hours away less the time at one's own
    /// office decide it.
    static func kinds(of trip: TripSchedule) -> [CalendarDate: DayKind] {
        let first = trip.departure.date
        let last = trip.return.date
        let limit = 8 * 60
        if trip.isOneDay {
            let absence = trip.absenceMinutes(on: first)
            return [first: absence > limit ? DayKind(.partial, .oneDay, absence) : DayKind(.none, .short, absence)]
        }
        if !trip.overnight {
            // Over midnight without a night away: one partial day, the one with more of the hours
            // (the first when equal), when all of them are more than 8.
            let (before, after) = (trip.absenceMinutes(on: first), trip.absenceMinutes(on: last))
            guard before + after > limit else { return [first: DayKind(.none, .short, before), last: DayKind(.none, .short, after)] }
            let other = DayKind(.none, .overMidnightOther, before >= after ? after : before)
            let most = DayKind(.partial, .overMidnight, before >= after ? before : after)
            return before >= after ? [first: most, last: other] : [first: other, last: most]
        }
        var kinds: [CalendarDate: DayKind] = [:]
        for date in trip.days {
            kinds[date] =
                date == first ? DayKind(.partial, .departure) : date == last ? DayKind(.partial, .return) : DayKind(.full, .between)
        }
        return kinds
    }

    /// A day's kind, the rule that gave it, and the minutes away that decided it.
    struct DayKind {
        let kind: Kind
        let rule: Rule
        let absence: Int?

        init(_ kind: Kind, _ rule: Rule, _ absence: Int? = nil) {
            self.kind = kind
            self.rule = rule
            self.absence = absence
        }
    }

    private static func day(_ date: CalendarDate, _ kind: DayKind, trip: TripSchedule, table: AllowanceRateTable) throws(ExpenseError)
        -> Day
    {
        let place = trip.place(on: date)
        let (row, basis) = try table.resolve(place.country, place: place.place, on: date)
        let meals = trip.meals(on: date)
        let paid = trip.paid(on: date)
        let zero = Money(minorUnits: 0, currency: row.currency)
        let rate: Money
        switch kind.kind {
        case .full: rate = row.fullDay
        case .partial: rate = row.partialDay
        case .none: rate = zero
        }
        let deductions = kind.kind == .none ? zero : deduction(meals, paid: paid, of: row.fullDay)
        let amount = Money(minorUnits: max(0, rate.minorUnits - deductions.minorUnits), currency: row.currency)
        var lodging: Money?
        if trip.lodgingNights.contains(date) {
            guard let flat = row.lodging else {
                throw ExpenseError(
                    .invalidData, .noLodgingFlat(country: place.country.code, on: "\(date)"),
                    "no lodging flat for \(place.country) on \(date)")
            }
            lodging = flat
        }
        return Day(
            date: date, country: place.country, kind: kind.kind, meals: meals, table: row, rate: rate, deductions: deductions,
            amount: amount, place: place.place, basis: basis, rule: kind.rule, absenceMinutes: kind.absence, paid: paid,
            lodging: lodging)
    }

    /// `meals`' percentages of `fullDay`, each less what was paid for it (never below zero per
    /// meal), rounded half-even to a minor unit once.
    static func deduction(_ meals: ProvidedMeals, paid: MealsPaid = MealsPaid(), of fullDay: Money) -> Money {
        var hundredths: Int128 = 0
        for (meal, _) in ProvidedMeals.named where meals.contains(meal) {
            let share = Int128(fullDay.minorUnits) * Int128(meal.deductionPercent) - 100 * Int128(paid.amount(for: meal))
            hundredths += max(0, share)
        }
        let minor = Decimal10.divideRoundingHalfEven(hundredths, 100)
        return Money(minorUnits: Int64(minor), currency: fullDay.currency)
    }
}
