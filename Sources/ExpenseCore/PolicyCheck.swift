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
    /// Reasons given for acknowledged warnings, by violation key.
    public var acknowledgements: [String: String] = [:]
    /// A category's limit in the report's currency on a day; nil when it cannot be converted.
    public var convertLimit: (Money, Currency, CalendarDate) -> Money? = { limit, currency, _ in
        limit.currency == currency ? limit : nil
    }

    public init(report: Report, items: [Expense], categories: [Category]) {
        self.report = report
        self.items = items
        self.categories = Dictionary(categories.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Every violation, in rule order then by item, with its configured severity; rules set to off
    /// are not checked.
    public func violations() -> [Violation] {
        var found: [Violation] = []
        func add(_ rule: PolicyRule, _ key: String, _ ids: [Int64], _ message: String) {
            let severity = severities[rule] ?? rule.defaultSeverity
            guard severity != .off else { return }
            found.append(Violation(rule: rule, key: key, expenseIDs: ids, message: message, severity: severity,
                                   acknowledgement: severity == .warning ? acknowledgements[key] : nil))
        }
        dailyLimits(add)
        for item in items {
            if let threshold = categories[item.category]?.receiptRequiredAbove, receipts[item.id]?.isEmpty ?? true,
               let value = item.conversion?.converted ?? (item.amount.currency == threshold.currency ? item.amount : nil),
               let limit = convertLimit(threshold, value.currency, item.date), value.minorUnits > limit.minorUnits {
                add(.missingReceipt, "missing-receipt:\(item.id)", [item.id],
                    "item \(item.id) (\(item.category), \(item.amount)) has no receipt; \(item.category) needs one above \(limit)")
            }
        }
        for item in items where isOutsideTrip(item.date) {
            add(.outsideTrip, "outside-trip:\(item.id)", [item.id],
                "item \(item.id) is dated \(item.date), outside the trip (\(tripDates))")
        }
        duplicates(add)
        sharedReceipts(add)
        return found
    }

    private var tripDates: String {
        "\(report.startDate.map(String.init(describing:)) ?? "…") to \(report.endDate.map(String.init(describing:)) ?? "…")"
    }

    private func isOutsideTrip(_ date: CalendarDate) -> Bool {
        if let start = report.startDate, date < start { return true }
        if let end = report.endDate, date > end { return true }
        return false
    }

    private func dailyLimits(_ add: (PolicyRule, String, [Int64], String) -> Void) {
        var days: [String: (category: String, date: CalendarDate, total: Int64, ids: [Int64])] = [:]
        for item in items {
            guard categories[item.category]?.dailyLimit != nil, let converted = item.conversion?.converted else { continue }
            let key = "\(item.category):\(item.date)"
            days[key, default: (item.category, item.date, 0, [])].total += converted.minorUnits
            days[key]?.ids.append(item.id)
        }
        for (key, day) in days.sorted(by: { $0.key < $1.key }) {
            guard let limit = categories[day.category]?.dailyLimit,
                  let local = convertLimit(limit, report.currency, day.date), day.total > local.minorUnits else { continue }
            let spent = Money(minorUnits: day.total, currency: report.currency)
            add(.dailyLimit, "daily-limit:\(key)", day.ids,
                "\(day.category) on \(day.date): \(spent) is over the daily limit of \(local) (\(Self.items(day.ids)))")
        }
    }

    /// Same date, amount and currency, and the same category or merchant: Odoo's rule, narrowed so
    /// that an equal amount at another merchant in another category (Expensify's false positive)
    /// does not match. The message says which fields matched.
    private func duplicates(_ add: (PolicyRule, String, [Int64], String) -> Void) {
        for (index, item) in items.enumerated() {
            for other in items[(index + 1)...] {
                if let why = Self.duplicateReason(item, other) {
                    add(.duplicate, "duplicate:\(item.id):\(other.id)", [item.id, other.id],
                        "items \(item.id) and \(other.id) may be duplicates: \(why)")
                }
            }
            for other in otherItems where other.id != item.id {
                if let why = Self.duplicateReason(item, other) {
                    let place = other.reportID.map { "of report \($0)" } ?? "(unassigned)"
                    add(.duplicate, "duplicate:\(min(item.id, other.id)):\(max(item.id, other.id))", [item.id, other.id],
                        "item \(item.id) and item \(other.id) \(place) may be duplicates: \(why)")
                }
            }
        }
    }

    static func duplicateReason(_ a: Expense, _ b: Expense) -> String? {
        guard a.date == b.date, a.amount == b.amount else { return nil }
        let sameCategory = a.category == b.category
        let merchantA = a.merchant.trimmingSpaces.lowercased(), merchantB = b.merchant.trimmingSpaces.lowercased()
        let sameMerchant = !merchantA.isEmpty && merchantA == merchantB
        guard sameCategory || sameMerchant else { return nil }
        var matched = ["date \(a.date)", "amount \(a.amount)"]
        if sameCategory { matched.append("category \(a.category)") }
        if sameMerchant { matched.append("merchant '\(a.merchant)'") }
        return "same " + matched.joined(separator: ", ")
    }

    private func sharedReceipts(_ add: (PolicyRule, String, [Int64], String) -> Void) {
        for (hash, uses) in receiptUses.sorted(by: { $0.key < $1.key }) where Set(uses).count > 1 {
            let ids = Array(Set(uses)).sorted()
            add(.sharedReceipt, "shared-receipt:\(hash.prefix(12))", ids,
                "receipt \(hash.prefix(12)) is attached to \(Self.items(ids))")
        }
    }

    static func items(_ ids: [Int64]) -> String {
        (ids.count == 1 ? "item " : "items ") + ids.map(String.init).joined(separator: ", ")
    }
}
