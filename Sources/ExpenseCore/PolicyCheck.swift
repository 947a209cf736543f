import ExpenseSupport

/// Checks one report against the policy. Pure: the caller gathers what it needs from the store.
public struct PolicyCheck {
    public var report: Report
    public var items: [Expense]
    public var categories: [String: Category]
    /// Receipt hashes per expense id, for this report's items.
    public var receipts: [Int64: [String]] = [:]
    /// Every expense (of any report) each of this report's receipts is attached to.
    public var receiptUses: [String: [Int64]] = [:]
    /// The owner's other items that share date, amount and currency with one of this report's.
    public var otherItems: [Expense] = []
    public var severities: [PolicyRule: PolicySeverity] = [:]
    /// The rules to check (`report show` needs only missing receipts); every one by default.
    public var rules: Set<PolicyRule> = Set(PolicyRule.allCases)
    /// Reasons given for acknowledged warnings, by violation key.
    public var acknowledgements: [String: String] = [:]
    /// A category's limit in the report's currency on a day; nil when it cannot be converted.
    public var convertLimit: (Money, Currency, CalendarDate) -> Money? = { limit, currency, _ in
        limit.currency == currency ? limit : nil
    }
    /// The ECB's rate from a currency into another on a day, or the last earlier one, and its
    /// day; nil when the table has none. What a rate given by hand is judged against; without
    /// it (nil), the manual-rate rule is not checked.
    public var referenceRate: ((Currency, Currency, CalendarDate) -> (rate: ExchangeRate, date: CalendarDate)?)?
    /// How far a rate given by hand may be from the ECB's (finance's setting).
    public var manualRateTolerance = RateTolerance.standard

    public init(report: Report, items: [Expense], categories: [Category]) {
        self.report = report
        self.items = items
        self.categories = Dictionary(categories.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Whether `rule` is checked: one of `rules`, and not set to off.
    public func checks(_ rule: PolicyRule) -> Bool {
        rules.contains(rule) && (severities[rule] ?? rule.defaultSeverity) != .off
    }

    /// Every violation, in rule order then by item, with its configured severity; rules set to off
    /// are not checked.
    public func violations() -> [Violation] {
        var found: [Violation] = []
        func add(_ rule: PolicyRule, _ key: String, _ ids: [Int64], _ message: String) {
            let severity = severities[rule] ?? rule.defaultSeverity
            found.append(
                Violation(
                    rule: rule, key: key, expenseIDs: ids, message: message, severity: severity,
                    acknowledgement: severity == .warning ? acknowledgements[key] : nil))
        }
        // Grouped first, while nothing else is held: its index is the largest thing it builds.
        let duplicateGroups = checks(.duplicate) ? DuplicateGroups(items: items, others: otherItems).groups : []
        if checks(.dailyLimit) { dailyLimits(add) }
        // A mileage item is computed from its distance: there is no receipt to keep.
        for item in items where checks(.missingReceipt) && item.journey == nil {
            if let threshold = categories[item.category]?.receiptRequiredAbove, receipts[item.id]?.isEmpty ?? true,
                let value = item.conversion?.converted ?? (item.amount.currency == threshold.currency ? item.amount : nil),
                let limit = convertLimit(threshold, value.currency, item.date), value.minorUnits > limit.minorUnits
            {
                add(
                    .missingReceipt, "missing-receipt:\(item.id)", [item.id],
                    "item \(item.id) (\(item.category), \(item.amount)) has no receipt; \(item.category) "
                        + (limit.minorUnits == 0 ? "always needs one" : "needs one above \(limit)"))
            }
        }
        for item in items where checks(.vatWithoutReceipt) && item.vat != nil && receipts[item.id]?.isEmpty ?? true {
            add(
                .vatWithoutReceipt, "vat-without-receipt:\(item.id)", [item.id],
                "item \(item.id) (\(item.category), \(item.amount)) gives its VAT but has no receipt: "
                    + "input VAT is reclaimable only with a receipt naming it")
        }
        for item in items where checks(.outsideTrip) && report.isOutsideTrip(item.date) {
            add(
                .outsideTrip, "outside-trip:\(item.id)", [item.id],
                "item \(item.id) is dated \(item.date), outside the trip (\(tripDates))")
        }
        duplicates(duplicateGroups, add)
        if checks(.sharedReceipt) { sharedReceipts(add) }
        for item in items where checks(.typedPerDiem) && report.computesPerDiems && item.category == Self.perDiemCategory {
            add(
                .typedPerDiem, "typed-per-diem:\(item.id)", [item.id],
                "item \(item.id) (\(item.category), \(item.amount)) is a per diem typed by hand; the report's are computed from its trip")
        }
        if checks(.manualRate), let referenceRate { manualRates(referenceRate, add) }
        return found
    }

    /// The category of per diems: computed for a trip, so an item of it beside them is paid twice.
    public static let perDiemCategory = "per_diem"

    private var tripDates: String {
        "\(report.startDate.map(String.init(describing:)) ?? "…") to \(report.endDate.map(String.init(describing:)) ?? "…")"
    }

    private func dailyLimits(_ add: (PolicyRule, String, [Int64], String) -> Void) {
        // A day's total is nil once it is beyond the largest total: over any limit, and said so.
        var days: [String: (category: String, date: CalendarDate, total: Int64?, ids: [Int64])] = [:]
        for item in items {
            guard let limit = categories[item.category]?.dailyLimit, let converted = item.conversion?.converted else { continue }
            if let nights = item.nights, nights > 1 {
                nightlyLimit(item, nights: nights, converted: converted, limit: limit, add)
                continue
            }
            let key = "\(item.category):\(item.date)"
            func count(_ day: inout (category: String, date: CalendarDate, total: Int64?, ids: [Int64])) {
                day.total = day.total.flatMap { Money.adding(converted.minorUnits, to: $0) }
                day.ids.append(item.id)
            }
            count(&days[key, default: (item.category, item.date, 0, [])])  // in place: no copy of the ids
        }
        for (key, day) in days.sorted(by: { $0.key < $1.key }) {
            guard let limit = categories[day.category]?.dailyLimit,
                let local = convertLimit(limit, report.currency, day.date), day.total.map({ $0 > local.minorUnits }) ?? true
            else { continue }
            let spent =
                day.total.map { "\(Money(minorUnits: $0, currency: report.currency))" }
                ?? "more than \(Money.maximumTotal(in: report.currency))"
            add(
                .dailyLimit, "daily-limit:\(key)", day.ids,
                "\(day.category) on \(day.date): \(spent) is over the daily limit of \(local) (\(Self.items(day.ids)))")
        }
    }

    /// A bill for several nights is held to the daily limit once a night, on its own: 900.00 for
    /// three nights is 300.00 a night. Compared exactly: over when the bill is more than the limit
    /// times the nights.
    private func nightlyLimit(
        _ item: Expense, nights: Int, converted: Money, limit: Money, _ add: (PolicyRule, String, [Int64], String) -> Void
    ) {
        guard let local = convertLimit(limit, report.currency, item.date),
            Int128(converted.minorUnits) > Int128(local.minorUnits) * Int128(nights)
        else { return }
        add(
            .dailyLimit, "daily-limit:\(item.category):\(item.date):\(item.id)", [item.id],
            "\(item.category) from \(item.date), \(nights) nights: \(converted) is over the daily limit of \(local) a night "
                + "(item \(item.id))")
    }

    /// A rate the traveller gave by hand (her card statement's) is stored as she gave it; one
    /// further from the ECB's rate of the item's day than the tolerance, or with no ECB rate to
    /// hold it to, is for the approver to look at.
    private func manualRates(
        _ referenceRate: (Currency, Currency, CalendarDate) -> (rate: ExchangeRate, date: CalendarDate)?,
        _ add: (PolicyRule, String, [Int64], String) -> Void
    ) {
        for item in items {
            guard let conversion = item.conversion, conversion.source == .manual else { continue }
            let given = "item \(item.id) (\(item.category), \(item.amount)) was converted at \(conversion.rate), a rate given by hand"
            guard let reference = referenceRate(item.amount.currency, conversion.converted.currency, item.date) else {
                add(
                    .manualRate, "manual-rate:\(item.id)", [item.id],
                    "\(given); the rate table has no ECB rate from \(item.amount.currency.code) to "
                        + "\(conversion.converted.currency.code) on or before \(item.date) to compare")
                continue
            }
            guard !manualRateTolerance.admits(conversion.rate, around: reference.rate) else { continue }
            add(
                .manualRate, "manual-rate:\(item.id)", [item.id],
                "\(given), \(RateTolerance.deviation(of: conversion.rate, from: reference.rate)) off the ECB's "
                    + "\(reference.rate.decimalString(decimals: 6)) of \(reference.date) (tolerance \(manualRateTolerance))")
        }
    }

    /// Items that may be duplicates, one finding per group (`DuplicateGroups`), keyed by its
    /// first and last id: a pair keeps the key it always had (`duplicate:4:9`), and a group that
    /// gains or loses an item at either end is a new finding, to be looked at again.
    private func duplicates(_ groups: [DuplicateGroups.Group], _ add: (PolicyRule, String, [Int64], String) -> Void) {
        for group in groups {
            let ids = group.ids
            guard let first = ids.first, let last = ids.last else { continue }
            add(.duplicate, "duplicate:\(first):\(last)", ids, "\(duplicateSubject(group)) may be duplicates: \(group.reason)")
        }
    }

    /// "items 4 and 5", "item 1 and item 2 of report 2", or for more "3 items (1, 4, 9 of
    /// report 2)", the ids bounded (`idsShown`).
    private func duplicateSubject(_ group: DuplicateGroups.Group) -> String {
        func place(_ reportID: Int64?) -> String { reportID.map { "of report \($0)" } ?? "(unassigned)" }
        let (ids, reports) = (group.ids, group.reportIDs)
        if ids.count == 2 {
            switch (reports[0] == report.id, reports[1] == report.id) {
            case (true, true): return "items \(ids[0]) and \(ids[1])"
            case (true, false): return "item \(ids[0]) and item \(ids[1]) \(place(reports[1]))"
            case (false, true): return "item \(ids[1]) and item \(ids[0]) \(place(reports[0]))"
            case (false, false): break
            }
        }
        let labels = zip(ids, reports).prefix(Self.idsShown).map { id, reportID in
            reportID == report.id ? "\(id)" : "\(id) \(place(reportID))"
        }
        return "\(Self.count(ids.count)) items (\(Self.list(labels, total: ids.count)))"
    }

    static func duplicateReason(_ a: Expense, _ b: Expense) -> String? {
        DuplicateGroups(items: [a, b]).groups.first?.reason
    }

    private func sharedReceipts(_ add: (PolicyRule, String, [Int64], String) -> Void) {
        for (hash, uses) in receiptUses.sorted(by: { $0.key < $1.key }) where Set(uses).count > 1 {
            let ids = Array(Set(uses)).sorted()
            add(
                .sharedReceipt, "shared-receipt:\(hash.prefix(12))", ids,
                "receipt \(hash.prefix(12)) is attached to \(Self.items(ids))")
        }
    }

    /// How many ids a finding's message lists; the finding itself keeps every one.
    public static let idsShown = 10

    /// "item 4", "items 1, 2, 3", "items 1, 2, …, 10 and 990 more".
    static func items(_ ids: [Int64]) -> String {
        (ids.count == 1 ? "item " : "items ") + list(ids.prefix(idsShown).map(String.init), total: ids.count)
    }

    /// The first `idsShown` of `total` labels, comma-separated, and how many more there are.
    static func list(_ labels: [String], total: Int) -> String {
        let shown = labels.prefix(idsShown)
        let more = total - shown.count
        return shown.joined(separator: ", ") + (more > 0 ? " and \(count(more)) more" : "")
    }

    /// 12,345 (grouped, as amounts are).
    static func count(_ value: Int) -> String { Money.format(Int64(value), digits: 0, grouping: true) }
}
