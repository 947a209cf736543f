import ExpenseSupport

/// What was charged to each cost centre, by currency (amounts in different currencies are never
/// added): each item's amount split by its own cost centres, else its report's, to the cent
/// (`CostCentreSplit.parts(of:)`), so that the lines of a currency add up to its items exactly.
public struct CostCentreTotals: Sendable, Equatable {
    public struct Line: Sendable, Equatable {
        /// nil: charged to no cost centre.
        public let code: String?
        public let amount: Money
        /// How many items have a part in it.
        public let items: Int
    }

    /// By currency, then by code, the uncharged last.
    public let lines: [Line]

    /// - Throws: bad data when a line is beyond `Money.maximumTotalMinorUnits`.
    public init(items: [(amount: Money, split: CostCentreSplit?)]) throws(ExpenseError) {
        struct Key: Hashable {
            let currency: String
            let code: String?
        }
        var sums: [Key: (amount: Money, items: Int)] = [:]
        for item in items {
            let parts: [(code: String?, amount: Money)] =
                item.split.map { $0.parts(of: item.amount).map { ($0.code, $0.amount) } } ?? [(nil, item.amount)]
            for (code, part) in parts {
                let key = Key(currency: part.currency.code, code: code)
                let sum = sums[key] ?? (Money(minorUnits: 0, currency: part.currency), 0)
                guard let added = Money.adding(part.minorUnits, to: sum.amount.minorUnits) else {
                    throw Money.totalTooLarge(
                        "what was charged to \(code ?? "no cost centre") in \(part.currency.code)", currency: part.currency,
                        hint: "choose a shorter period")
                }
                sums[key] = (Money(minorUnits: added, currency: part.currency), sum.items + 1)
            }
        }
        lines = sums.sorted { left, right in
            if left.key.currency != right.key.currency { return left.key.currency < right.key.currency }
            switch (left.key.code, right.key.code) {
            case (let l?, let r?): return l < r
            case (nil, _): return false
            case (_, nil): return true
            }
        }.map { Line(code: $0.key.code, amount: $0.value.amount, items: $0.value.items) }
    }
}
