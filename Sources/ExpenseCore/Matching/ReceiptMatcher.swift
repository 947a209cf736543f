import ExpenseSupport

/// Which of a person's items a receipt belongs to, so that a photographed receipt and its card
/// line end as one expense (issue 30). Pure: the store looks the candidates up, the app words
/// the decision.
///
/// The rules, in order:
///
/// 1. **Day.** An item is a candidate only within `dayWindow` of the receipt's day: from one day
///    before to three days after. A card line posts the day of the purchase or up to three
///    (working) days later; one day before allows a receipt printed after midnight for the
///    evening's bill, and a card issuer that books in its own time zone.
/// 2. **Amount.** The receipt's total is the item's amount in the same currency, to the minor
///    unit. For an item in another currency (a card line billed in euros for a receipt in
///    dollars), the total converted at the day's rate (`Converter`, the ECB's reference rate)
///    is within `conversionTolerancePercent` (3 %) of the item's: a card's foreign-transaction
///    fee (1.75–2 % at German and British banks) plus the card scheme's rate, up to about 1 %
///    from the ECB's. A same-currency amount is never taken within a tolerance.
/// 3. **Rank.** Among the candidates, one whose merchant resembles the receipt's
///    (`MerchantName.resembles`) wins over a nearer day (the taxi's receipt over an Uber line
///    of the same amount a day closer); then the same currency over a conversion; then the
///    nearer day, and of two as near the later one (a card line posts after the purchase, not
///    before). The best is the match when nothing ranks equal to it; else it is ambiguous.
/// 4. **No total read.** The receipt still matches the one item in the window whose merchant
///    resembles, whatever its amount (the reason says the amount is the item's, for the person
///    to confirm). Several such items are ambiguous (listed, nearest first): asking is cheap,
///    attaching to the wrong one is not. None resembling is no match: without an amount every
///    item of those days would be a candidate.
/// 5. **Preferred reports.** Given `preferring` (the `--report` given, else the current one),
///    the candidates of the first of those reports that has any are decided alone; only when
///    none of them is there are the others (any draft's, an item in no report) considered. A
///    tier with candidates decides, even when ambiguous.
///
/// Candidates are the person's items **that have no receipt** in the reports the person may
/// change (drafts) and in none; the caller selects them, never this type.
///
/// ## Looking candidates up (fast at any size)
///
/// The store never scans every item for a receipt: `dates(for:)` and `amounts(for:in:)` give
/// what to look up on an index of the items by `(date, amount in minor units)`: a seek for each
/// of the five days to the receipt's exact total in its own currency, or to the converted range in
/// another currency of the person's; for a receipt without a total, the few days alone. An import
/// looks up each unattached receipt so (a thousand lookups), never each of its lines. Each lookup
/// touches the rows it returns, so a million items cost what a hundred do.
public struct ReceiptMatcher {
    /// A receipt's total in another currency at the day's rate, or nil when there is no rate.
    public typealias Converter = (Money, Currency, CalendarDate) -> Money?

    /// Days from the receipt's day to an item's: one before to three after.
    public static let dayWindow: ClosedRange<Int> = -1...3
    /// How far a converted total may be from the item's amount, in percent of the converted total.
    public static let conversionTolerancePercent = 3

    let convert: Converter

    /// - Parameter convert: the receipt's total in an item's currency at the rate of the
    ///   receipt's day; the default knows no rates, so only same-currency items match.
    public init(convert: @escaping Converter = { _, _, _ in nil }) {
        self.convert = convert
    }

    /// The decision for `receipt` among `candidates`, preferring the reports in `preferring`,
    /// in that order.
    public func match(_ receipt: ReceiptFacts, among candidates: [Expense], preferring: [Int64] = []) -> ReceiptMatch {
        let merchant = receipt.merchant.map(MerchantName.init)
        var tiers = Array(repeating: [ReceiptMatch.Candidate](), count: preferring.count + 1)
        for item in candidates {
            guard let reason = reason(receipt, merchant, item) else { continue }
            let tier = item.reportID.flatMap { preferring.firstIndex(of: $0) } ?? preferring.count
            tiers[tier].append(ReceiptMatch.Candidate(item: item, reason: reason))
        }
        guard let found = tiers.first(where: { !$0.isEmpty }) else { return .none }
        return decide(found, totalRead: receipt.total != nil)
    }

    /// Why `item` could be the receipt's, or nil when it cannot.
    func reason(_ receipt: ReceiptFacts, _ merchant: MerchantName?, _ item: Expense) -> MatchReason? {
        let offset = item.date.dayNumber - receipt.date.dayNumber
        guard Self.dayWindow.contains(offset) else { return nil }
        let resembles = merchant.map { $0.resembles(MerchantName(item.merchant)) } ?? false
        guard let total = receipt.total else {
            return resembles ? MatchReason(amount: .unread(item: item.amount), dayOffset: offset, merchantResembles: true) : nil
        }
        guard let amount = amount(total, item, receipt.date) else { return nil }
        return MatchReason(amount: amount, dayOffset: offset, merchantResembles: resembles)
    }

    private func amount(_ total: Money, _ item: Expense, _ day: CalendarDate) -> MatchReason.Amount? {
        if item.amount.currency == total.currency { return item.amount == total ? .same : nil }
        guard let expected = convert(total, item.amount.currency, day), expected.currency == item.amount.currency,
            Self.isWithinTolerance(item.amount.minorUnits, of: expected.minorUnits)
        else { return nil }
        return .converted(receipt: total, expected: expected, item: item.amount)
    }

    /// Whether `amount` is within `conversionTolerancePercent` of `expected`, of the same sign.
    static func isWithinTolerance(_ amount: Int64, of expected: Int64) -> Bool {
        guard (amount < 0) == (expected < 0), amount != 0 else { return false }
        let difference = (Int128(amount) - Int128(expected)).magnitude
        return difference * 100 <= Int128(expected).magnitude * UInt128(conversionTolerancePercent)
    }

    /// Ranked best first; the best alone is a match.
    private func decide(_ candidates: [ReceiptMatch.Candidate], totalRead: Bool) -> ReceiptMatch {
        let ranked = candidates.sorted { (Self.rank($0.reason), $0.item.id) < (Self.rank($1.reason), $1.item.id) }
        if ranked.count == 1 || Self.rank(ranked[0].reason) < Self.rank(ranked[1].reason), totalRead || ranked.count == 1 {
            return .match(ranked[0].item, ranked[0].reason)
        }
        return .ambiguous(ranked)
    }

    /// Smaller is better: resembling, then the same currency, then the nearer day, then later.
    static func rank(_ reason: MatchReason) -> Rank {
        let converted: Int
        if case .converted = reason.amount { converted = 1 } else { converted = 0 }
        return Rank(
            unlike: reason.merchantResembles ? 0 : 1, converted: converted, distance: Int(reason.dayOffset.magnitude),
            earlier: reason.dayOffset < 0 ? 1 : 0)
    }

    struct Rank: Comparable {
        var unlike: Int
        var converted: Int
        var distance: Int
        var earlier: Int

        static func < (a: Rank, b: Rank) -> Bool {
            (a.unlike, a.converted, a.distance, a.earlier) < (b.unlike, b.converted, b.distance, b.earlier)
        }
    }
}
