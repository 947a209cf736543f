/// An exact decimal exchange rate: one unit of the source currency is worth `rate` units of the
/// target. Kept as digits and a scale, so "1.0412" stays exactly 1.0412.
public struct ExchangeRate: Hashable, Sendable, CustomStringConvertible {
    /// The digits without the point: 10412 for 1.0412.
    public let significand: Int64
    /// How many of those digits are decimals: 4 for 1.0412.
    public let scale: Int

    public static let one = ExchangeRate(significand: 1, scale: 0)

    public init(significand: Int64, scale: Int) {
        var significand = significand, scale = scale
        while scale > 0, significand % 10 == 0 {
            significand /= 10
            scale -= 1
        }
        self.significand = significand
        self.scale = scale
    }

    /// Parses a positive decimal such as "1.0412" (at most 12 decimals and 18 digits).
    public static func parse(_ text: String) throws(ExpenseError) -> ExchangeRate {
        let trimmed = text.trimmingSpaces
        let parts = trimmed.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = parts[0], fraction = parts.count == 2 ? parts[1] : ""
        guard !whole.isEmpty, whole.allSatisfy(\.isASCIIDigit), fraction.allSatisfy(\.isASCIIDigit),
              parts.count == 1 || !fraction.isEmpty, fraction.count <= 12, whole.count + fraction.count <= 18,
              let significand = Int64(whole + fraction), significand > 0
        else {
            throw ExpenseError(.invalidData, "invalid exchange rate '\(text)'",
                               hint: "a positive decimal such as 1.0412 (1 unit of the expense's currency in the report's)")
        }
        return ExchangeRate(significand: significand, scale: fraction.count)
    }

    public var description: String { Money.format(significand, digits: scale, grouping: false) }

    /// `money` in `target`, rounded half-even to the target's minor unit.
    public func convert(_ money: Money, to target: Currency) throws(ExpenseError) -> Money {
        guard money.minorUnits.magnitude <= Money.maximumMinorUnits else {
            throw ExpenseError(.invalidData, "\(money) is too large to convert")
        }
        let numerator = Int128(money.minorUnits) * Int128(significand) * Decimal10.power128(target.minorDigits)
        let denominator = Decimal10.power128(scale) * Decimal10.power128(money.currency.minorDigits)
        let result = Decimal10.divideRoundingHalfEven(numerator, denominator)
        guard let minor = Int64(exactly: result), minor.magnitude <= Money.maximumMinorUnits else {
            throw ExpenseError(.invalidData, "\(money) at \(self) does not fit in \(target.code)")
        }
        return Money(minorUnits: minor, currency: target)
    }
}
