import ExpenseCore
import ExpenseSupport

/// What the rate table holds for one currency.
public struct ReferenceRateSummary: Sendable, Equatable {
    public var currency: String
    public var days: Int
    public var first: CalendarDate?
    public var last: CalendarDate?
    public var latest: ExchangeRate?
}

extension Store {
    /// Saves reference rates, replacing a day's rate when it differs; call inside `write`.
    /// - Returns: how many rows were added or changed.
    @discardableResult
    public func saveReferenceRates(_ rates: [ReferenceRate]) throws -> Int {
        var changed = 0
        for rate in rates { changed += try writes.rates.saveReferenceRate(rate) }
        return changed
    }

    public func referenceRateCount() throws -> Int { Int(try db.scalar("SELECT count(*) FROM exchange_rates" as SQL)) }

    /// Per currency: how many days, the first and last, and the last day's rate.
    public func referenceRateSummaries() throws -> [ReferenceRateSummary] {
        try db.query(
            """
            SELECT currency, count(*), min(date) AS date, max(date) AS date,
                   (SELECT per_eur FROM exchange_rates AS last WHERE last.currency = r.currency ORDER BY date DESC LIMIT 1) AS per_eur
            FROM exchange_rates AS r GROUP BY currency ORDER BY currency
            """
        ) { row in
            // The first and last dates and the latest rate, of rows named by their currency.
            let stored = StoredRow(row, table: "exchange_rates", key: .column(0))
            return ReferenceRateSummary(
                currency: row.string(0), days: row.int(1), first: try stored.optionalDate(2),
                last: try stored.optionalDate(3), latest: try stored.optionalExchangeRate(4))
        }
    }

    /// One currency's rates by date, optionally within `from...to`.
    public func referenceRates(_ currency: String, from: CalendarDate? = nil, to: CalendarDate? = nil) throws -> [ReferenceRate] {
        try db.query(
            """
            SELECT \(Self.referenceRateColumns) FROM exchange_rates WHERE currency = \(currency) AND date >= \(from?.description ?? "0000-00-00") AND date <= \(to?.description ?? "9999-99-99") ORDER BY date
            """, Self.referenceRate)
    }

    static let referenceRateColumns: SQL = "date, per_eur, currency"

    /// A reference rate of its row (`referenceRateColumns`).
    static func referenceRate(_ row: Row) throws -> ReferenceRate {
        let stored = StoredRow(row, table: "exchange_rates", key: .columns(2, 0))
        return ReferenceRate(currency: row.string(2), date: try stored.date(0), perEUR: try stored.exchangeRate(1))
    }

    /// The rate table as a `RateSource` for conversions. Each call starts with an empty cache,
    /// so a command sees rates imported by an earlier line of the same script.
    /// - Parameter maximumAgeDays: how many days before a day its rate may be, else the rate is
    ///   refused as stale (`staleExchangeRate`); nil: any age. By default the store's
    ///   `maximumRateAgeDays`, the app's setting.
    public func rateSource(maximumAgeDays: Int?? = nil) -> RateSource {
        StoredRates(db: db, maximumAgeDays: maximumAgeDays ?? maximumRateAgeDays)
    }
}

/// Conversions at the ECB's reference rates, which quote every currency against EUR
/// ("1 EUR = 1.0823 USD"): EUR→USD is 1.0823, USD→EUR is 1/1.0823, and USD→CHF the cross rate
/// CHF/USD of one day on which both were quoted. The day is the expense's, or the last earlier
/// one with a rate (weekends, TARGET holidays, gaps in a currency's history).
final class StoredRates: RateSource {
    private let db: Database
    private struct Question: Hashable {
        let from: String, to: String, day: Int
    }
    private var answers: [Question: (rate: ExchangeRate, date: CalendarDate)?] = [:]
    private let maximumAgeDays: Int?

    init(db: Database, maximumAgeDays: Int?) {
        self.db = db
        self.maximumAgeDays = maximumAgeDays
    }

    /// Refuses a rate more than `maximumAgeDays` older than the day it would convert: a March
    /// rate does not silently convert a December expense.
    private func fresh(_ found: (rate: ExchangeRate, date: CalendarDate)?, from: Currency, to: Currency, on date: CalendarDate) throws
        -> (rate: ExchangeRate, date: CalendarDate)?
    {
        guard let found, let maximumAgeDays, date.dayNumber - found.date.dayNumber > maximumAgeDays else { return found }
        throw ExpenseError(
            .invalidData, .staleExchangeRate(from: from.code, to: to.code, on: "\(date)", rateDate: "\(found.date)"),
            "the latest exchange rate from \(from.code) to \(to.code) for \(date) is of \(found.date), "
                + "more than \(maximumAgeDays) days older")
    }

    func rate(from: Currency, to: Currency, on date: CalendarDate) throws -> (rate: ExchangeRate, date: CalendarDate)? {
        if from == to { return (.one, date) }
        let question = Question(from: from.code, to: to.code, day: date.dayNumber)
        if let known = answers[question] { return try fresh(known, from: from, to: to, on: date) }
        let answer = try lookUp(from: from.code, to: to.code, on: date)
        // An import asks about a few hundred days at most; the cache stays small.
        answers[question] = answer
        return try fresh(answer, from: from, to: to, on: date)
    }

    private func lookUp(from: String, to: String, on date: CalendarDate) throws -> (rate: ExchangeRate, date: CalendarDate)? {
        let fixedFrom = LegacyEuroCurrency.perEUR(from)
        let fixedTo = LegacyEuroCurrency.perEUR(to)
        if fixedFrom != nil || fixedTo != nil {
            return try lookUpFixed(from: from, fixedFrom, to: to, fixedTo, on: date)
        }
        if from == "EUR" || to == "EUR" {
            guard let (rateDate, perEUR) = try latest(from == "EUR" ? to : from, on: date) else { return nil }
            return (from == "EUR" ? perEUR : perEUR.inverse, rateDate)
        }
        guard
            let found = try db.queryFirst(
                """
                SELECT source.date, source.per_eur, target.per_eur, source.currency, target.currency
                FROM exchange_rates AS source JOIN exchange_rates AS target ON target.currency = \(to) AND target.date = source.date
                WHERE source.currency = \(from) AND source.date <= \(date)
                ORDER BY source.date DESC LIMIT 1
                """,
                { row in
                    let source = StoredRow(row, table: "exchange_rates", key: .columns(3, 0))
                    let target = StoredRow(row, table: "exchange_rates", key: .columns(4, 0))
                    return (try source.date(0), try source.exchangeRate(1), try target.exchangeRate(2))
                })
        else { return nil }
        let (rateDate, perEURSource, perEURTarget) = found
        // 1 FROM = (1/perEURSource) EUR = perEURTarget/perEURSource TO.
        return (ExchangeRate.quotient(perEURTarget, perEURSource), rateDate)
    }

    /// The table's rate of 1 EUR in `currency` on `date` or the last earlier day, with its day.
    private func latest(_ currency: String, on date: CalendarDate) throws -> (CalendarDate, ExchangeRate)? {
        try db.queryFirst(
            """
            SELECT date, per_eur, currency FROM exchange_rates WHERE currency = \(currency) AND date <= \(date) ORDER BY date DESC LIMIT 1
            """,
            { row in
                let stored = StoredRow(row, table: "exchange_rates", key: .columns(2, 0))
                return (try stored.date(0), try stored.exchangeRate(1))
            })
    }

    /// A conversion from or into a currency the euro replaced (`LegacyEuroCurrency`): at its
    /// fixed rate to the euro, which holds on any day, so the day asked for is the rate's own;
    /// beyond the euro, crossed with the table's rate of the other currency, of its day. The
    /// team server's `exchange_rate_on` answers the same, written the same way.
    private func lookUpFixed(from: String, _ fixedFrom: ExchangeRate?, to: String, _ fixedTo: ExchangeRate?, on date: CalendarDate)
        throws -> (rate: ExchangeRate, date: CalendarDate)?
    {
        // 1 FROM = (1/perEUR(FROM)) EUR = perEUR(TO)/perEUR(FROM) TO, as the cross rates above.
        if fixedFrom != nil || from == "EUR", fixedTo != nil || to == "EUR" {
            return (ExchangeRate.quotient(fixedTo ?? .one, fixedFrom ?? .one), date)
        }
        if let fixedFrom {
            guard let (rateDate, perEURTo) = try latest(to, on: date) else { return nil }
            return (ExchangeRate.quotient(perEURTo, fixedFrom), rateDate)
        }
        guard let fixedTo, let (rateDate, perEURFrom) = try latest(from, on: date) else { return nil }
        return (ExchangeRate.quotient(fixedTo, perEURFrom), rateDate)
    }
}
