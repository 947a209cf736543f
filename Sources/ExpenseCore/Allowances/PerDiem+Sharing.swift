import ExpenseSupport

/// A day of another of the same person's reports, as `PerDiem.sharing` weighs it: the rows
/// frozen with a report past draft, a draft's own days computed now.
public struct SharedTripDay: Hashable, Sendable {
    public let report: Int64
    /// Whether the day is frozen with its report (past draft): what it pays is paid.
    public let frozen: Bool
    public let day: PerDiem.Day

    public init(report: Int64, frozen: Bool, day: PerDiem.Day) {
        self.report = report
        self.frozen = frozen
        self.day = day
    }
}

extension PerDiem {
    /// `own` (report `report`'s days, a draft's, each computed alone) with the person's other
    /// trips on the same days: a day two trips touch is paid once (BMF: back from Strasbourg in
    /// the morning, off to Copenhagen in the afternoon, only the higher allowance, cut by all the
    /// day's provided meals).
    ///
    /// For each day the reports touching it are weighed together: the one with the highest rate
    /// (the lowest id when equal) gives the day's allowance, cut by every meal any of them had
    /// provided, less the most any of them records as paid for it. What reports frozen before
    /// paid for the day is taken off; of the drafts the one with the highest rate (the lowest id
    /// when equal) carries the rest, the others nothing. Only days in the same currency are
    /// weighed together.
    /// - Throws: bad data when the total is beyond the largest total.
    public static func sharing(_ own: PerDiem, report: Int64, with others: [SharedTripDay]) throws(ExpenseError) -> PerDiem {
        guard !others.isEmpty else { return own }
        let days = own.days.map { day in
            let touching = others.filter { $0.report != report && $0.day.date == day.date && $0.day.rate.currency == day.rate.currency }
            guard !touching.isEmpty else { return day }
            let all = [SharedTripDay(report: report, frozen: false, day: day)] + touching
            let highest = { (a: SharedTripDay, b: SharedTripDay) in
                a.day.rate.minorUnits != b.day.rate.minorUnits ? a.day.rate.minorUnits > b.day.rate.minorUnits : a.report < b.report
            }
            let weighed = all.sorted(by: highest)
            let paying = weighed[0]
            let meals = all.reduce(ProvidedMeals.none) { $0.union($1.day.meals) }
            let paid = all.reduce(MealsPaid()) { $0.highest(with: $1.day.paid) }
            let cut = deduction(meals, paid: paid, of: paying.day.table.fullDay)
            let combined = max(0, paying.day.rate.minorUnits - cut.minorUnits)
            let elsewhere = all.filter(\.frozen).reduce(Int64(0)) { $0 + $1.day.amount.minorUnits }
            let carrier = weighed.first { !$0.frozen }!
            let amount = carrier.report == report ? max(0, combined - elsewhere) : 0
            let with = paying.report == report ? touching.map(\.report).min()! : paying.report
            let currency = day.rate.currency
            return day.sharing(
                amount: Money(minorUnits: amount, currency: currency),
                share: Share(
                    report: with, combined: Money(minorUnits: combined, currency: currency),
                    elsewhere: Money(minorUnits: elsewhere, currency: currency)))
        }
        return try PerDiem(days: days)
    }
}
