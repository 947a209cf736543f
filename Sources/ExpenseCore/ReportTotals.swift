/// What a report adds up to: per original currency (never mixed), and in the report currency
/// split into what the company owes the traveller and what the company paid directly.
public struct ReportTotals: Sendable, Equatable {
    public var byOriginalCurrency: [Money]
    public var total: Money
    public var dueToEmployee: Money
    public var paidByCompany: Money

    public init(items: [Expense], reportCurrency: Currency) {
        var sums: [String: Money] = [:]
        var order: [String] = []
        var personal: Int64 = 0, company: Int64 = 0
        for item in items {
            let code = item.amount.currency.code
            if sums[code] == nil { order.append(code) }
            sums[code, default: Money(minorUnits: 0, currency: item.amount.currency)].minorUnits += item.amount.minorUnits
            let converted = item.conversion?.converted.minorUnits ?? 0
            if item.paidBy == .company { company += converted } else { personal += converted }
        }
        byOriginalCurrency = order.sorted().compactMap { sums[$0] }
        total = Money(minorUnits: personal + company, currency: reportCurrency)
        dueToEmployee = Money(minorUnits: personal, currency: reportCurrency)
        paidByCompany = Money(minorUnits: company, currency: reportCurrency)
    }
}
