import ExpenseSupport

/// A private vehicle driven on a business trip, paid by the kilometre.
public enum Vehicle: String, CaseIterable, Hashable, Sendable {
    case car, motorcycle

    /// The tax-free rate per kilometre (§ 9 Abs. 1 Satz 3 Nr. 4a EStG, BRKG § 5): 0.30 EUR by car,
    /// 0.20 EUR by motorcycle or moped.
    public var defaultRate: Money {
        Money(minorUnits: self == .car ? 30 : 20, currency: CurrencyTable.standard.currency("EUR")!)
    }
}

/// A distance driven, in tenths of a kilometre: "123.4" km is 1234; more than positive, at most
/// `maximumTenths`.
public struct Distance: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let tenths: Int64

    /// 100,000 km: more than anyone drives on one trip, and small enough that no rate overflows.
    public static let maximumTenths: Int64 = 1_000_000

    public init(tenths: Int64) throws(ExpenseError) {
        guard tenths > 0 else {
            throw ExpenseError(.invalidData, "invalid distance \(Self.format(tenths)) km: it must be more than zero")
        }
        guard tenths <= Self.maximumTenths else {
            throw ExpenseError(.invalidData, "invalid distance \(Self.format(tenths)) km: at most 100000 km a journey")
        }
        self.tenths = tenths
    }

    /// Reads "123", "123.4" (kilometres, at most one decimal, a point for it).
    public static func parse(_ text: String) throws(ExpenseError) -> Distance {
        switch Money.parseMinorUnits(text, minorDigits: 1) {
        case .success(let tenths): return try Distance(tenths: tenths)
        case .failure(.tooManyDecimals):
            throw ExpenseError(.invalidData, "invalid distance '\(text)': at most one decimal", hint: "give kilometres like 123.4")
        case .failure:
            throw ExpenseError(.invalidData, "invalid distance '\(text)'", hint: "give kilometres like 123.4")
        }
    }

    /// "123.4"
    public var description: String { Self.format(tenths) }

    private static func format(_ tenths: Int64) -> String { Money.format(tenths, digits: 1, grouping: false) }

    public static func < (lhs: Distance, rhs: Distance) -> Bool { lhs.tenths < rhs.tenths }
}

/// What a journey by private vehicle is owed: distance × the vehicle's rate per kilometre.
public enum Mileage {
    /// `distance` × `ratePerKilometre`, rounded half-even to the rate's minor unit. Exact whenever
    /// the rate is a whole number of tenths of its major unit, so always for the defaults: 123.4 km
    /// by car is 37.02 EUR; a rate of 0.35 EUR on 0.1 km is 3.5 cents, rounded to 0.04 EUR.
    public static func amount(_ distance: Distance, ratePerKilometre rate: Money) throws(ExpenseError) -> Money {
        guard rate.minorUnits >= 0, rate.minorUnits <= Money.maximumMinorUnits / Distance.maximumTenths else {
            throw ExpenseError(.invalidData, "invalid mileage rate \(rate) a kilometre")
        }
        let minor = Decimal10.divideRoundingHalfEven(Int128(distance.tenths) * Int128(rate.minorUnits), 10)
        return Money(minorUnits: Int64(minor), currency: rate.currency)
    }
}
