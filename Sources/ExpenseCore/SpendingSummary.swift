import ExpenseSupport

/// Spending over a period, by category and by month, one block per currency (amounts in
/// different currencies are never added).
public struct SpendingSummary: Sendable, Equatable {
    /// One group of the store's aggregate: items of one category in one month, in one currency.
    public struct Row: Sendable, Equatable {
        public var currency: Currency
        public var category: String
        public var month: String
        public var minorUnits: Int64
        public var count: Int

        public init(currency: Currency, category: String, month: String, minorUnits: Int64, count: Int) {
            self.currency = currency
            self.category = category
            self.month = month
            self.minorUnits = minorUnits
            self.count = count
        }
    }

    public struct Line: Sendable, Equatable {
        public var label: String
        public var amount: Money
        public var count: Int
    }

    public struct Block: Sendable, Equatable {
        public var currency: Currency
        public var total: Money
        /// Largest first.
        public var byCategory: [Line]
        /// Chronological.
        public var byMonth: [Line]
    }

    public var blocks: [Block]

    /// - Throws: bad data when a line or a total is beyond `Money.maximumTotalMinorUnits`.
    public init(rows: [Row]) throws(ExpenseError) {
        var blocks: [Block] = []
        for code in Set(rows.map(\.currency.code)).sorted() {
            let group = rows.filter { $0.currency.code == code }
            guard let currency = group.first?.currency else { continue }
            func tooLarge(_ what: String) -> ExpenseError {
                Money.totalTooLarge("the spending in \(code)\(what)", currency: currency, hint: "choose a shorter period")
            }
            func lines(_ key: (Row) -> String, _ what: (String) -> String) throws(ExpenseError) -> [Line] {
                var sums: [String: (minorUnits: Int64, count: Int)] = [:]
                for row in group {
                    let sum = sums[key(row)] ?? (0, 0)
                    guard let added = Money.adding(row.minorUnits, to: sum.minorUnits) else { throw tooLarge(what(key(row))) }
                    sums[key(row)] = (added, sum.count + row.count)
                }
                return sums.map {
                    Line(label: $0.key, amount: Money(minorUnits: $0.value.minorUnits, currency: currency), count: $0.value.count)
                }
            }
            guard let total = Money.total(group.map(\.minorUnits)) else { throw tooLarge("") }
            blocks.append(
                Block(
                    currency: currency, total: Money(minorUnits: total, currency: currency),
                    byCategory: try lines(\.category) { " on \($0)" }
                        .sorted { ($0.amount.minorUnits, $1.label) > ($1.amount.minorUnits, $0.label) },
                    byMonth: try lines(\.month) { " in \($0)" }.sorted { $0.label < $1.label }))
        }
        self.blocks = blocks
    }
}
