import ExpenseSupport

/// What `ReceiptMatcher` decided for one receipt.
public enum ReceiptMatch: Sendable, Equatable {
    /// One clear item: attach the receipt to it.
    case match(Expense, MatchReason)
    /// Several items, none clearly better: attach none; list them (or ask), best first.
    case ambiguous([Candidate])
    /// No item: keep the receipt unattached.
    case none

    /// An item that could be the receipt's, and why.
    public struct Candidate: Sendable, Equatable {
        public var item: Expense
        public var reason: MatchReason

        public init(item: Expense, reason: MatchReason) {
            self.item = item
            self.reason = reason
        }
    }

    /// The item attached to, for `.match`.
    public var matched: Expense? {
        if case .match(let item, _) = self { return item }
        return nil
    }
}

/// Why an item was taken for a receipt, in words a person checks at a glance: "same amount,
/// 1 day later", "27.00 USD is 24.84 EUR at the day's rate, the item 25.30 EUR (1.9 % off),
/// same day, merchant alike", "total not read: 27.00 EUR is the item's, to confirm, 2 days
/// later, merchant alike". The app prints it after the item ("attached to expense 5, HANSA
/// FUNKTAXI HAMBURG 27.00 EUR, 2026-03-10: same amount, 1 day later, merchant alike").
public struct MatchReason: Sendable, Equatable, CustomStringConvertible {
    /// How the amounts agree.
    public enum Amount: Sendable, Equatable {
        /// The receipt's total is the item's amount, in the same currency.
        case same
        /// The item is in another currency (or converted into the receipt's): `expected` is the
        /// receipt's total at the day's rate, `item` what the item says in that currency, within
        /// `ReceiptMatcher.conversionTolerancePercent`.
        case converted(receipt: Money, expected: Money, item: Money)
        /// The receipt's total was not read: the item's amount is taken, for the person to confirm.
        case unread(item: Money)
    }

    public var amount: Amount
    /// The item's day less the receipt's: 0 the same day, 2 two days later (a card line posting).
    public var dayOffset: Int
    /// Whether the merchants resemble (`MerchantName.resembles`).
    public var merchantResembles: Bool

    public init(amount: Amount, dayOffset: Int, merchantResembles: Bool) {
        self.amount = amount
        self.dayOffset = dayOffset
        self.merchantResembles = merchantResembles
    }

    /// Amount, day, merchant: "same amount, 1 day later, merchant alike".
    public var description: String {
        var parts: [String] = []
        switch amount {
        case .same:
            parts.append("same amount")
        case .converted(let receipt, let expected, let item):
            parts.append("\(receipt) is \(expected) at the day's rate, the item \(item) (\(Self.percentOff(expected, item)) off)")
        case .unread(let item):
            parts.append("total not read: \(item) is the item's, to confirm")
        }
        parts.append(dayWords)
        if merchantResembles { parts.append("merchant alike") }
        return parts.joined(separator: ", ")
    }

    /// "same day", "1 day later", "2 days later", "1 day earlier".
    public var dayWords: String {
        guard dayOffset != 0 else { return "same day" }
        let days = dayOffset.magnitude
        return "\(days) day\(days == 1 ? "" : "s") \(dayOffset > 0 ? "later" : "earlier")"
    }

    /// "1.2 %": how far `item` is from `expected`, to a tenth of a percent, rounded half-up.
    static func percentOff(_ expected: Money, _ item: Money) -> String {
        guard expected.minorUnits != 0 else { return "0.0 %" }
        let difference = Int128(item.minorUnits - expected.minorUnits).magnitude
        let tenths = (difference * 2000 / Int128(expected.minorUnits).magnitude + 1) / 2
        return "\(tenths / 10).\(tenths % 10) %"
    }
}
