import ExpenseSupport

/// What a report adds up to: per original currency (never mixed), and in the report currency
/// split into what the company owes the traveller and what the company paid directly.
///
/// `total` is the items' (what was spent); the per diems are owed besides them, computed, not
/// spent: `dueToEmployee` is the items paid personally plus the per diems, less the cash advances
/// the traveller was paid, so it is below zero when they owe the company money back. What an
/// approver cut (`ItemCut`) is not owed: `cut`, taken off `dueToEmployee` whoever paid the item
/// (cut from a company card's, it is what the traveller pays back).
public struct ReportTotals: Sendable, Equatable {
    public var byOriginalCurrency: [Money]
    public var total: Money
    public var dueToEmployee: Money
    public var paidByCompany: Money
    /// The items paid personally, in the report currency.
    public var paidPersonally: Money
    /// The report's per diems in the report currency (`ReportPerDiems.total`); zero when none.
    public var perDiems: Money
    /// Cash advances paid to the traveller, in the report currency; netted in `dueToEmployee`.
    public var advances: Money
    /// How much the approvers cut off the items (their amounts less the approved ones), in the
    /// report currency; netted in `dueToEmployee`. Zero when nothing was cut.
    public var cut: Money
    /// The items as approved: `total` less `cut`.
    public var approved: Money { Money(minorUnits: total.minorUnits - cut.minorUnits, currency: total.currency) }
    /// Why `dueToEmployee` is less than is due, when it is: the report computes per diems and
    /// cannot now (a draft with a day without a rate), so they are not in it. nil: it is complete.
    public var missingPerDiems: ExpenseError?
    /// Whether `dueToEmployee` is all that is due; when not, it is at least that much.
    public var isComplete: Bool { missingPerDiems == nil }
    /// What the traveller owes back when the advances were more than is due (zero otherwise).
    public var dueToCompany: Money {
        Money(minorUnits: max(0, -dueToEmployee.minorUnits), currency: dueToEmployee.currency)
    }

    /// - Parameter reportID: named in the error when a total does not fit.
    /// - Parameter perDiems: the report's per diems in `reportCurrency`; none by default.
    /// - Throws: bad data when a total, in the report currency or in an original one, is beyond
    ///   `Money.maximumTotalMinorUnits` (the store keeps a report's total within it; amounts in
    ///   a weaker original currency can still add up past it).
    /// - Parameter advances: the sum of the report's advances in the report currency (none: zero).
    /// - Parameter missingPerDiems: why the report's per diems are not in `perDiems` (`ReportAllowance.missing`).
    /// - Parameter cuts: the approvers' cuts of the items (each at most its item's amount in the report currency).
    public init(
        items: [Expense], reportCurrency: Currency, reportID: Int64? = nil, perDiems: Money? = nil, advances: Money? = nil,
        missingPerDiems: ExpenseError? = nil, cuts: [ItemCut] = []
    ) throws(ExpenseError) {
        self.missingPerDiems = missingPerDiems
        var sums: [String: Money] = [:]
        var personal: Int64 = 0
        var company: Int64 = 0
        var total: Int64 = 0
        var cut: Int64 = 0
        let approved = Dictionary(cuts.map { ($0.expenseID, $0.approved.minorUnits) }, uniquingKeysWith: { _, last in last })
        let subject = reportID.map { "the total of report \($0)" } ?? "the report's total"
        func tooLarge(_ currency: Currency) -> ExpenseError {
            Money.totalTooLarge(
                subject + (currency == reportCurrency ? "" : " in \(currency.code)"), currency: currency,
                hint: "split its items over more than one report")
        }
        for item in items {
            let amount = item.amount
            let sum = sums[amount.currency.code]?.minorUnits ?? 0
            guard let added = Money.adding(amount.minorUnits, to: sum) else { throw tooLarge(amount.currency) }
            sums[amount.currency.code] = Money(minorUnits: added, currency: amount.currency)
            let converted = item.conversion?.converted.minorUnits ?? 0
            guard let newTotal = Money.adding(converted, to: total),
                let part = Money.adding(converted, to: item.paidBy == .company ? company : personal)
            else { throw tooLarge(reportCurrency) }
            total = newTotal
            // Between zero and the item's amount: the store holds every cut there.
            cut += converted - min(max(approved[item.id] ?? converted, 0), converted)
            if item.paidBy == .company { company = part } else { personal = part }
        }
        byOriginalCurrency = sums.keys.sorted().compactMap { sums[$0] }
        self.total = Money(minorUnits: total, currency: reportCurrency)
        let allowances = perDiems?.minorUnits ?? 0
        let advanced = advances?.minorUnits ?? 0
        guard perDiems.map({ $0.currency == reportCurrency }) ?? true, advances.map({ $0.currency == reportCurrency }) ?? true else {
            throw ExpenseError(.internal, "per diems or advances in another currency than the report's \(reportCurrency.code)")
        }
        guard let owed = Money.adding(allowances, to: personal), let due = Money.adding(-advanced - cut, to: owed) else {
            throw tooLarge(reportCurrency)
        }
        paidPersonally = Money(minorUnits: personal, currency: reportCurrency)
        dueToEmployee = Money(minorUnits: due, currency: reportCurrency)
        self.advances = Money(minorUnits: advanced, currency: reportCurrency)
        self.cut = Money(minorUnits: cut, currency: reportCurrency)
        paidByCompany = Money(minorUnits: company, currency: reportCurrency)
        self.perDiems = Money(minorUnits: allowances, currency: reportCurrency)
    }
}
