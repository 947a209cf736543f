import ExpenseCore
import ExpenseStore
import ExpenseSupport

/// Why a receipt in one currency was not compared with the items in another: the ECB has no
/// rate of its day, or none fresh enough (`rates.max-age-days`). Said where such a receipt stays
/// unattached (a capture, an import's summary), instead of promising that a card line will take
/// it: without a rate none will, even when it is already there (issue 42).
struct MissingRate: Equatable, CustomStringConvertible {
    let from: Currency
    let to: Currency
    /// The receipt's day.
    let day: CalendarDate
    /// The newest rate before `day`, too old; nil when there is none.
    let latest: CalendarDate?
    /// How many days before `day` a rate may be; nil: any.
    let maximumAgeDays: Int?

    /// "no ECB rate for DKK within 7 days of 2026-03-11; latest 2026-02-27", or "no ECB rate for
    /// DKK on or before 2026-03-11". The ECB quotes every currency in euros, so a rate between two
    /// others is named by both.
    var description: String {
        let quoted = from.code == "EUR" ? to.code : to.code == "EUR" ? from.code : "\(from.code) in \(to.code)"
        guard let latest, let maximumAgeDays else { return "no ECB rate for \(quoted) on or before \(day)" }
        return "no ECB rate for \(quoted) within \(maximumAgeDays) day\(maximumAgeDays == 1 ? "" : "s") of \(day); latest \(latest)"
    }
}

extension ReceiptMatching {
    /// The rate the receipt's total could not be converted at, into the first of the currencies
    /// its items are looked up in (`candidates(for:)`) that has none: why it matched no item in
    /// that currency. Nil when it has no total, or every conversion has its rate.
    func missingRate(for facts: ReceiptFacts) throws -> MissingRate? {
        guard let total = facts.total else { return nil }
        for currency in try currencies(for: total) where currency != total.currency {
            func missing(latest: CalendarDate?) -> MissingRate {
                MissingRate(from: total.currency, to: currency, day: facts.date, latest: latest, maximumAgeDays: store.maximumRateAgeDays)
            }
            do {
                if try rates.rate(from: total.currency, to: currency, on: facts.date) == nil { return missing(latest: nil) }
            } catch let error as ExpenseError {
                guard case .staleExchangeRate(_, _, _, let rateDate) = error.code else { throw error }
                return missing(latest: try CalendarDate.parse(rateDate))
            }
        }
        return nil
    }
}
