import ExpenseSupport

/// The ranges the store looks candidates up by, on an index, so that matching one receipt reads
/// the few rows that can match and never every item (issue 30's "fast at any size").
extension ReceiptMatcher {
    /// The days an item of `receipt` can be on: one day before the receipt's to three after.
    public static func dates(for receipt: ReceiptFacts) -> ClosedRange<CalendarDate> {
        receipt.date.adding(days: dayWindow.lowerBound)...receipt.date.adding(days: dayWindow.upperBound)
    }

    /// The amounts, in minor units, an item in `currency` can have to match `receipt`: its total
    /// exactly in its own currency; the converted total ± the tolerance in another (nil without
    /// a rate, or without a total: then look up by date alone).
    public func amounts(for receipt: ReceiptFacts, in currency: Currency) -> ClosedRange<Int64>? {
        guard let total = receipt.total else { return nil }
        if currency == total.currency { return total.minorUnits...total.minorUnits }
        guard let expected = convert(total, currency, receipt.date), expected.currency == currency else { return nil }
        let slack = Int64(Int128(expected.minorUnits).magnitude * UInt128(Self.conversionTolerancePercent) / 100)
        let (low, below) = expected.minorUnits.subtractingReportingOverflow(slack)
        let (high, above) = expected.minorUnits.addingReportingOverflow(slack)
        return below || above ? nil : low...high
    }
}
