import ExpenseSupport

/// An exact exchange rate: one unit of the source currency is worth `rate` units of the target.
/// Usually a decimal ("1.0412", kept as digits and a scale so it stays exactly 1.0412); a rate
/// derived from the ECB's "1 EUR = x CUR" quotations is a quotient of two such decimals instead
/// ("1/1.0823" for USD→EUR, "0.9612/1.0823" for the USD→CHF cross rate), because 1/1.0823 has no
/// finite decimal expansion and rounding it first would round every conversion twice.
///
/// `description` is also how a rate is stored (the `rate` column of `expenses`): "1.0412" for a
/// decimal, "A/B" for a quotient; `parse` reads both back.
public struct ExchangeRate: Hashable, Sendable, CustomStringConvertible {
    /// The digits without the point: 10412 for 1.0412 (the dividend of a quotient).
    public let significand: Int64
    /// How many of those digits are decimals: 4 for 1.0412.
    public let scale: Int
    /// The digits of the divisor of a quotient: 10823 for 1/1.0823; 1 for a decimal rate.
    public let divisorSignificand: Int64
    /// How many of the divisor's digits are decimals: 4 for 1/1.0823; 0 for a decimal rate.
    public let divisorScale: Int

    public static let one = ExchangeRate(significand: 1, scale: 0)

    public init(significand: Int64, scale: Int) {
        (self.significand, self.scale) = Self.normalized(significand, scale)
        divisorSignificand = 1
        divisorScale = 0
    }

    /// `dividend / divisor` kept exact. Both must be decimal rates (no quotients of quotients:
    /// the ECB quotes everything against EUR, so one division is all a cross rate needs).
    public static func quotient(_ dividend: ExchangeRate, _ divisor: ExchangeRate) -> ExchangeRate {
        precondition(!dividend.isQuotient && !divisor.isQuotient, "a quotient of quotients: \(dividend) / \(divisor)")
        return ExchangeRate(dividend: dividend, divisor: divisor)
    }

    private init(dividend: ExchangeRate, divisor: ExchangeRate) {
        significand = dividend.significand
        scale = dividend.scale
        if divisor == .one {
            divisorSignificand = 1
            divisorScale = 0
        } else {
            divisorSignificand = divisor.significand
            divisorScale = divisor.scale
        }
    }

    private static func normalized(_ significand: Int64, _ scale: Int) -> (Int64, Int) {
        var significand = significand
        var scale = scale
        while scale > 0, significand % 10 == 0 {
            significand /= 10
            scale -= 1
        }
        return (significand, scale)
    }

    /// True for a quotient such as 1/1.0823; false for a decimal such as 1.0412.
    public var isQuotient: Bool { divisorSignificand != 1 || divisorScale != 0 }

    /// The rate the other way round: 1 / self.
    public var inverse: ExchangeRate {
        if isQuotient {
            return ExchangeRate(
                dividend: ExchangeRate(significand: divisorSignificand, scale: divisorScale),
                divisor: ExchangeRate(significand: significand, scale: scale))
        }
        return ExchangeRate(dividend: .one, divisor: self)
    }

    /// Parses a positive decimal such as "1.0412" (at most 12 decimals and 18 digits), or a
    /// quotient of two such decimals such as "1/1.0823".
    public static func parse(_ text: String) throws(ExpenseError) -> ExchangeRate {
        let trimmed = text.trimmingSpaces
        let parts = trimmed.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let dividend = parseDecimal(parts[0].trimmingSpaces),
            let divisor = parts.count == 2 ? parseDecimal(parts[1].trimmingSpaces) : .one
        else {
            throw ExpenseError(
                .invalidData, "invalid exchange rate '\(text)'",
                hint: "a positive decimal such as 1.0412 (1 unit of the expense's currency in the report's)")
        }
        return parts.count == 2 ? ExchangeRate(dividend: dividend, divisor: divisor) : dividend
    }

    private static func parseDecimal(_ text: String) -> ExchangeRate? {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = parts[0]
        let fraction = parts.count == 2 ? parts[1] : ""
        guard !whole.isEmpty, whole.allSatisfy(\.isASCIIDigit), fraction.allSatisfy(\.isASCIIDigit),
            parts.count == 1 || !fraction.isEmpty, fraction.count <= 12, whole.count + fraction.count <= 18,
            let significand = Int64(whole + fraction), significand > 0
        else { return nil }
        return ExchangeRate(significand: significand, scale: fraction.count)
    }

    public var description: String {
        let dividend = Money.format(significand, digits: scale, grouping: false)
        guard isQuotient else { return dividend }
        return dividend + "/" + Money.format(divisorSignificand, digits: divisorScale, grouping: false)
    }

    /// The rate as a decimal rounded half-even to `decimals` places, for people ("0.923958" for
    /// 1/1.0823); conversions always use the exact rate.
    public func decimalString(decimals: Int) -> String {
        let exponent = divisorScale + decimals - scale
        var numerator = Int128(significand)
        var denominator = Int128(divisorSignificand)
        if exponent >= 0 { numerator *= Decimal10.power128(exponent) } else { denominator *= Decimal10.power128(-exponent) }
        let digits = Decimal10.divideRoundingHalfEven(numerator, denominator)
        let text = String(digits)
        guard decimals > 0 else { return text }
        let padded = String(repeating: "0", count: max(0, decimals + 1 - text.count)) + text
        return padded.dropLast(decimals) + "." + padded.suffix(decimals)
    }

    /// `money` in `target`, rounded half-even to the target's minor unit, once: the whole
    /// product minor × dividend × 10^k / (divisor × 10^j) is formed exactly in 128 bits first.
    public func convert(_ money: Money, to target: Currency) throws(ExpenseError) -> Money {
        guard money.minorUnits.magnitude <= Money.maximumMinorUnits else {
            throw ExpenseError(.invalidData, "\(money) is too large to convert")
        }
        // value = significand·10^-scale / (divisorSignificand·10^-divisorScale); bring every power
        // of ten to one side so that neither side grows more than it must.
        let exponent = divisorScale + target.minorDigits - scale - money.currency.minorDigits
        var numerator = Int128(money.minorUnits) * Int128(significand)  // < 10^15 · 2^63 < 2^127
        var denominator = Int128(divisorSignificand)
        if exponent >= 0 {
            let (product, overflow) = numerator.multipliedReportingOverflow(by: Decimal10.power128(exponent))
            guard !overflow else { throw doesNotFit(money, target) }
            numerator = product
        } else {
            denominator *= Decimal10.power128(-exponent)  // < 10^18 · 10^18
        }
        let result = Decimal10.divideRoundingHalfEven(numerator, denominator)
        guard let minor = Int64(exactly: result), minor.magnitude <= Money.maximumMinorUnits else {
            throw doesNotFit(money, target)
        }
        return Money(minorUnits: minor, currency: target)
    }

    private func doesNotFit(_ money: Money, _ target: Currency) -> ExpenseError {
        ExpenseError(.invalidData, "\(money) at \(self) does not fit in \(target.code)")
    }

    // Equal rates are equal whatever their spelling: 1/2 is 0.5, 1/1 is 1.
    public static func == (lhs: ExchangeRate, rhs: ExchangeRate) -> Bool {
        // The same digits are the same rate, and two decimals (normalized, no trailing zeros) are
        // equal only then: the 128-bit reduction is for quotients, and conversions of a million
        // rows compare rates once a row.
        if lhs.hasSameDigits(as: rhs) { return true }
        if !lhs.isQuotient, !rhs.isQuotient { return false }
        return lhs.reducedFraction == rhs.reducedFraction
    }

    /// Whether `other` is written with the same digits: then its `description` is the same too,
    /// which equality (1/2 is 0.5) does not promise.
    public func hasSameDigits(as other: ExchangeRate) -> Bool {
        significand == other.significand && scale == other.scale
            && divisorSignificand == other.divisorSignificand && divisorScale == other.divisorScale
    }

    public func hash(into hasher: inout Hasher) {
        let fraction = reducedFraction
        hasher.combine(fraction.numerator)
        hasher.combine(fraction.denominator)
    }

    /// The value as numerator/denominator in lowest terms (both < 10^31, so 128 bits suffice).
    private var reducedFraction: (numerator: Int128, denominator: Int128) {
        let numerator = Int128(significand) * Decimal10.power128(divisorScale)
        let denominator = Int128(divisorSignificand) * Decimal10.power128(scale)
        var a = numerator
        var b = denominator
        while b != 0 { (a, b) = (b, a % b) }
        return (numerator / a, denominator / a)
    }
}
