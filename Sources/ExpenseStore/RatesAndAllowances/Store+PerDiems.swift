import ExpenseCore
import ExpenseSupport

/// A report's per diems: computed from its trip and the stored rates while it is a draft, and
/// frozen with it at submission (`report_allowances`), so that a rate imported later changes no
/// report past draft. On a file the store freezes them in the submit's transaction; on a team
/// database the server computes and freezes them itself inside `report_step`, and a traveller
/// cannot write them.
extension Store {
    /// What report `report` earns as per diems, as it is stored now.
    /// - Parameters:
    ///   - rates, exchange: the rate table and exchange rates a draft is computed with, when the
    ///     caller has them for many reports; read here otherwise.
    public func perDiems(of report: Report, rates: AllowanceRateTable? = nil, exchange: RateSource? = nil) throws -> ReportAllowance {
        guard report.status == .draft else {
            let days = try frozenPerDiems(of: report)
            if !days.isEmpty { return .computed(try ReportPerDiems(days: days, currency: report.currency, frozen: true)) }
            return .none(report.country == nil ? .noCountry : report.computesPerDiems ? .notFrozen : .noDates)
        }
        return try livePerDiems(of: report, rates: rates, exchange: exchange)
    }

    /// The per diems of a draft computed now: its trip, stops, meals and what was paid for them,
    /// lodging-flat nights and office time, at the stored rates; a day another of its owner's
    /// trips touches is paid once (`PerDiem.sharing`, `sharedDays`).
    func livePerDiems(of report: Report, rates: AllowanceRateTable? = nil, exchange: RateSource? = nil) throws -> ReportAllowance {
        guard report.country != nil else { return .none(.noCountry) }
        do {
            let rates = try rates ?? allowanceRates()
            // A trip that comes back before it leaves (written past the app) is said so, as a day without a rate is.
            guard let trip = try tripSchedule(of: report) else { return .none(.noDates) }
            return .computed(
                try ReportPerDiems.compute(
                    trip, rates: rates, into: report.currency, exchange: exchange ?? rateSource(), report: report.id,
                    others: try sharedDays(with: report, rates: rates)))
        } catch let error as ExpenseError where error.kind == .invalidData {
            return .none(.cannotCompute(error))
        }
    }

    /// `report`'s trip with everything stored of it; nil when it computes no per diems.
    public func tripSchedule(of report: Report) throws -> TripSchedule? {
        let meals = try mealDays(of: report.id)
        return try report.tripSchedule(
            stops: try stops(of: report.id), meals: meals.provided, paid: meals.paid, nights: try lodgingNights(of: report.id),
            office: try officeTimes(of: report.id))
    }

    /// The days of `report`'s owner's other trips that touch its trip's days: of reports not
    /// rejected that compute per diems, the rows frozen with those past draft and the days of
    /// drafts each computed alone (a draft that cannot be computed now shares nothing).
    func sharedDays(with report: Report, rates: AllowanceRateTable) throws -> [SharedTripDay] {
        guard let first = report.startDate, let last = report.endDate else { return [] }
        let others = try db.query(
            """
            SELECT \(Self.reportColumns) FROM reports
            WHERE owner = \(report.owner) AND id <> \(report.id) AND status <> \(ReportStatus.rejected)
              AND country IS NOT NULL AND start_date IS NOT NULL AND end_date IS NOT NULL
              AND start_date <= \(last) AND end_date >= \(first)
            ORDER BY id
            """ as SQL, Self.report)
        var shared: [SharedTripDay] = []
        for other in others {
            let days: [PerDiem.Day]
            if other.status == .draft {
                guard let trip = try? tripSchedule(of: other), let own = try? PerDiem.compute(trip, rates: rates) else { continue }
                days = own.days
            } else {
                days = try frozenPerDiems(of: other).map(\.perDiem)
            }
            shared += days.filter { first <= $0.date && $0.date <= last }.map {
                SharedTripDay(report: other.id, frozen: other.status != .draft, day: $0)
            }
        }
        return shared
    }

    /// The rows frozen with `report`, by day.
    func frozenPerDiems(of report: Report) throws -> [ReportPerDiems.Day] {
        try db.query(
            "SELECT \(Self.frozenPerDiemColumns) FROM report_allowances WHERE report_id = \(report.id) ORDER BY date"
        ) { try Self.frozenPerDiem($0, reportCurrency: report.currency) }
    }

    static let frozenPerDiemColumns: SQL = """
        date, country, kind, breakfast, lunch, dinner, valid_from, full_day, partial_day, currency, rate_minor,
        deductions_minor, amount_minor, rate, rate_date, rate_source, converted_minor, report_id,
        place, basis, rule, absence_minutes, breakfast_paid, lunch_paid, dinner_paid, lodging_minor, lodging_converted_minor,
        shared_report, shared_minor, elsewhere_minor
        """

    /// A frozen day of its row (`frozenPerDiemColumns`), converted into `reportCurrency`. A row
    /// frozen before issue 44 has no rule ('') and the defaults of the columns it added.
    static func frozenPerDiem(_ row: Row, reportCurrency: Currency) throws -> ReportPerDiems.Day {
        let stored = StoredRow(row, table: "report_allowances", key: .columns(17, 0))
        let currency = try stored.currency(9)
        func money(_ index: Int) throws -> Money { try stored.money(index, in: currency) }
        let country = try stored.country(1)
        let table = try AllowanceRate(
            country: country, validFrom: try stored.date(6), fullDay: try money(7), partialDay: try money(8))
        let place = row.string(18)
        let rule = row.string(20)
        let share = try stored.optionalInteger(27).map { other in
            PerDiem.Share(report: other, combined: try money(28), elsewhere: try money(29))
        }
        let perDiem = PerDiem.Day(
            date: try stored.date(0), country: country, kind: try stored.value(2, as: PerDiem.Kind.self),
            meals: try Self.meals(stored, from: 3), table: table, rate: try money(10), deductions: try money(11),
            amount: try money(12), place: place.isEmpty ? nil : place, basis: try stored.value(19, as: AllowanceRateTable.Basis.self),
            rule: rule.isEmpty ? nil : try stored.value(20, as: PerDiem.Rule.self),
            absenceMinutes: try stored.optionalInteger(21, as: Int.self, in: 0...Int.max), paid: try Self.mealsPaid(stored, from: 22),
            lodging: try money(25), share: share)
        let conversion = Expense.Conversion(
            rate: try stored.exchangeRate(13), rateDate: try stored.optionalDate(14),
            source: try stored.value(15, as: Expense.Conversion.Source.self),
            converted: try stored.money(16, in: reportCurrency))
        let lodging =
            perDiem.lodging.minorUnits == 0
            ? nil
            : Expense.Conversion(
                rate: conversion.rate, rateDate: conversion.rateDate, source: conversion.source,
                converted: try stored.money(26, in: reportCurrency))
        return ReportPerDiems.Day(perDiem: perDiem, conversion: conversion, lodgingConversion: lodging)
    }

    /// The per diems a draft would be submitted with: none when it computes none; an error when
    /// it computes them and cannot now (a day without a rate), which refuses the submission.
    func perDiemsToFreeze(_ report: Report) throws -> ReportPerDiems? {
        switch try livePerDiems(of: report) {
        case .computed(let perDiems): return perDiems
        case .none(.cannotCompute(let error)): throw error
        case .none: return nil
        }
    }

    /// Writes `perDiems` as report `reportID`'s frozen rows (a file's; the server writes its own).
    func freeze(_ perDiems: ReportPerDiems, of reportID: Int64) throws {
        try writes.rates.freeze(perDiems, of: reportID)
    }

    /// Per day and in the report's currency, the per diems of `owner`'s reports on days from
    /// `from` to `to`: frozen ones, and drafts' computed now. A draft whose per diems cannot be
    /// computed is named apart, with why.
    public func perDiemDays(owner: UserName, from: CalendarDate?, to: CalendarDate?) throws
        -> (days: [(report: Report, day: ReportPerDiems.Day)], failed: [(report: Report, error: ExpenseError)])
    {
        // The reports' column list as text, whether their aggregate holds it as a `String` or as `SQL`.
        let reportColumns = SQL(verbatim: "\(Self.reportColumns)")
        let reports = try db.query(
            """
            SELECT \(reportColumns) FROM reports
            WHERE owner = \(owner) AND country IS NOT NULL AND start_date IS NOT NULL AND end_date IS NOT NULL
              AND end_date >= \(from?.description ?? "0000-01-01") AND start_date <= \(to?.description ?? "9999-12-31")
            ORDER BY id
            """, Self.report)
        var days: [(report: Report, day: ReportPerDiems.Day)] = []
        var failed: [(report: Report, error: ExpenseError)] = []
        // Read once for every draft: a year's reports are hundreds.
        let rates = try allowanceRates()
        let exchange = rateSource()
        for report in reports {
            switch try perDiems(of: report, rates: rates, exchange: exchange) {
            case .computed(let perDiems):
                for day in perDiems.days where from.map({ day.perDiem.date >= $0 }) ?? true && to.map({ day.perDiem.date <= $0 }) ?? true {
                    days.append((report, day))
                }
            case .none(.cannotCompute(let error)): failed.append((report, error))
            case .none: break
            }
        }
        return (days, failed)
    }
}
