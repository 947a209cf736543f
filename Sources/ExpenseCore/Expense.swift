import ExpenseSupport

/// One expense item: what was paid, when, in which currency, and — once it belongs to a report —
/// its value in the report currency at a recorded rate.
public struct Expense: Sendable, Equatable {
    public var id: Int64
    public var reportID: Int64?
    public var date: CalendarDate
    public var category: String
    public var merchant: String
    public var description: String
    /// The amount as paid, in the currency on the receipt.
    public var amount: Money
    /// The conversion into the report currency; nil for an item that is in no report and had no rate given.
    public var conversion: Conversion?
    public var paidBy: PaidBy
    /// The statement's own id of the transaction, for an item imported through rules that map one.
    public var reference: String?
    /// For a mileage item: the journey its amount is computed from.
    public var journey: Journey?
    /// For a lodging item: how many nights its bill covers (nil: one, as before nights were kept).
    public var nights: Int?
    /// The VAT in `amount`, by rate, as the bill states it; nil when not given.
    public var vat: VATSplit?

    public init(
        id: Int64 = 0, reportID: Int64? = nil, date: CalendarDate, category: String, merchant: String = "",
        description: String = "", amount: Money, conversion: Conversion? = nil, paidBy: PaidBy = .personal,
        reference: String? = nil, journey: Journey? = nil, nights: Int? = nil,
        vat: VATSplit? = nil
    ) {
        self.id = id
        self.reportID = reportID
        self.date = date
        self.category = category
        self.merchant = merchant
        self.description = description
        self.amount = amount
        self.conversion = conversion
        self.paidBy = paidBy
        self.reference = reference
        self.journey = journey
        self.nights = nights
        self.vat = vat
    }

    /// The most nights one lodging bill covers: a year.
    public static let maximumNights = 366

    /// The value of an item in another currency, and where the rate came from.
    public struct Conversion: Sendable, Equatable {
        public enum Source: String, CaseIterable, Sendable { case same, manual, table }
        public var rate: ExchangeRate
        public var rateDate: CalendarDate?
        public var source: Source
        public var converted: Money

        public init(rate: ExchangeRate, rateDate: CalendarDate? = nil, source: Source, converted: Money) {
            self.rate = rate
            self.rateDate = rateDate
            self.source = source
            self.converted = converted
        }
    }

    /// Checks the amount: zero is not an expense (a refund is negative).
    /// The categories an amount is owed for, never paid: no refund of them.
    public static let neverRefunded: Set<String> = ["per_diem", "mileage"]

    public func validate() throws(ExpenseError) {
        if amount.minorUnits == 0 {
            throw ExpenseError(.invalidData, "an expense cannot be 0 \(amount.currency.code)")
        }
        // A negative amount is a refund of something paid; a per diem or a journey is not paid.
        if amount.minorUnits < 0, Self.neverRefunded.contains(category) {
            throw ExpenseError(
                .invalidData, "\(category == "mileage" ? "mileage" : "a per diem") cannot be negative (\(amount))",
                hint: "a negative amount is a refund of a paid expense; correct the item instead: expenses expense edit ID")
        }
        if let nights, !(1...Self.maximumNights).contains(nights) {
            throw ExpenseError(
                .invalidData, "invalid number of nights \(nights): from 1 to \(Self.maximumNights)",
                hint: "give the nights the bill covers, e.g. --nights 3")
        }
        if let vat {
            // Per diems and mileage are allowances, not bills: no VAT is in them to reclaim.
            if Self.neverRefunded.contains(category) {
                throw ExpenseError(
                    .invalidData, "\(category == "mileage" ? "mileage" : "a per diem") carries no VAT", hint: "leave out --vat")
            }
            if vat.gross != amount {
                throw ExpenseError(
                    .invalidData,
                    "the VAT parts add up to \(vat.gross), not the amount \(amount): they differ by \(Money(minorUnits: amount.minorUnits - vat.gross.minorUnits, currency: amount.currency))",
                    hint: "give the VAT again with the amount (--vat), or parts that add up to it")
            }
        }
    }
}
