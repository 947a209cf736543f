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

    public init(rows: [Row]) {
        var blocks: [Block] = []
        for code in Set(rows.map(\.currency.code)).sorted() {
            let group = rows.filter { $0.currency.code == code }
            guard let currency = group.first?.currency else { continue }
            func lines(_ key: (Row) -> String) -> [Line] {
                var sums: [String: (Int64, Int)] = [:]
                for row in group {
                    sums[key(row), default: (0, 0)].0 += row.minorUnits
                    sums[key(row), default: (0, 0)].1 += row.count
                }
                return sums.map { Line(label: $0.key, amount: Money(minorUnits: $0.value.0, currency: currency), count: $0.value.1) }
            }
            let total = group.reduce(0) { $0 + $1.minorUnits }
            blocks.append(Block(currency: currency, total: Money(minorUnits: total, currency: currency),
                                byCategory: lines(\.category).sorted { ($0.amount.minorUnits, $1.label) > ($1.amount.minorUnits, $0.label) },
                                byMonth: lines(\.month).sorted { $0.label < $1.label }))
        }
        self.blocks = blocks
    }
}
