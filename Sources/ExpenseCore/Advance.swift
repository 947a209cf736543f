import ExpenseSupport

/// Cash paid to the traveller before or during a trip, to be netted against what the company
/// owes them: in its own currency, and converted into the report's like an item.
public struct Advance: Sendable, Equatable {
    public var id: Int64
    public var reportID: Int64
    public var date: CalendarDate
    /// The amount as paid out, more than zero.
    public var amount: Money
    /// Its value in the report currency, and the rate used.
    public var conversion: Expense.Conversion

    public init(id: Int64 = 0, reportID: Int64, date: CalendarDate, amount: Money, conversion: Expense.Conversion) {
        self.id = id
        self.reportID = reportID
        self.date = date
        self.amount = amount
        self.conversion = conversion
    }

    /// Refuses zero and negative amounts: a repayment is removing the advance, not a negative one.
    public func validate() throws(ExpenseError) {
        guard amount.minorUnits > 0 else {
            throw ExpenseError(
                .invalidData, "an advance must be more than 0 \(amount.currency.code)",
                hint: "a wrongly recorded advance is removed with its id, not offset with a negative one")
        }
    }
}
