import ExpenseSupport

/// How far a rate the traveller gave by hand (`--rate`, from her card statement) may be from the
/// ECB's rate of the day before an approver should look at it: finance sets it for the whole
/// database, 5 % unless set. A card's rate is the network's of the day plus the bank's fee, a few
/// per cent off the ECB's; a rate further off is a typing slip or a converted total made up.
///
/// Kept in basis points (hundredths of a per cent), so that the app and the server, which holds
/// it for every member's write, compare the same integers.
public struct RateTolerance: Hashable, Sendable, CustomStringConvertible {
    public let basisPoints: Int

    /// What a database holds until finance sets another.
    public static let standard = RateTolerance(uncheckedBasisPoints: 500)
    /// From 0 (only the ECB's rate itself) to 100 % (anything from nothing to twice it).
    public static let range = 0...10_000

    private init(uncheckedBasisPoints: Int) { basisPoints = uncheckedBasisPoints }

    public init(basisPoints: Int) throws(ExpenseError) {
        guard Self.range.contains(basisPoints) else { throw Self.invalid("\(basisPoints) basis points") }
        self.basisPoints = basisPoints
    }

    /// Reads a percentage such as "5%", "12 %", "2.5%" or "5" (at most two decimals).
    public static func parse(_ text: String) throws(ExpenseError) -> RateTolerance {
        var number = text.trimmingSpaces
        if number.hasSuffix("%") { number = String(number.dropLast()).trimmingSpaces }
        let parts = number.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = parts[0]
        let fraction = parts.count == 2 ? parts[1] : ""
        guard !whole.isEmpty, whole.count <= 3, whole.allSatisfy(\.isASCIIDigit), fraction.allSatisfy(\.isASCIIDigit),
            parts.count == 1 || !fraction.isEmpty, fraction.count <= 2,
            let points = Int(whole + fraction + String(repeating: "0", count: 2 - fraction.count)), range.contains(points)
        else { throw invalid(text) }
        return RateTolerance(uncheckedBasisPoints: points)
    }

    private static func invalid(_ text: String) -> ExpenseError {
        ExpenseError(.invalidData, "invalid rate tolerance '\(text)'", hint: "a percentage from 0% to 100%, such as 5% or 2.5%")
    }

    /// "5%", "2.5%", "12.25%".
    public var description: String {
        let fraction = basisPoints % 100
        guard fraction != 0 else { return "\(basisPoints / 100)%" }
        let decimals = fraction % 10 == 0 ? "\(fraction / 10)" : (fraction < 10 ? "0\(fraction)" : "\(fraction)")
        return "\(basisPoints / 100).\(decimals)%"
    }

    /// Whether `rate` is within the tolerance of `reference`, its bounds included:
    /// (1 − t) · reference ≤ rate ≤ (1 + t) · reference, compared exactly. A rate is
    /// n/d = significand · 10^divisorScale / (divisorSignificand · 10^scale), each side below
    /// 10^30; multiplied by 10,000 or 20,000 it is still below 2^127, and the products of two
    /// such are compared in 256 bits.
    public func admits(_ rate: ExchangeRate, around reference: ExchangeRate) -> Bool {
        let (rateNumerator, rateDenominator) = Self.fraction(rate)
        let (referenceNumerator, referenceDenominator) = Self.fraction(reference)
        let whole = Int128(Self.range.upperBound)
        let middle = (whole * rateNumerator).multipliedFullWidth(by: referenceDenominator)
        let low = ((whole - Int128(basisPoints)) * referenceNumerator).multipliedFullWidth(by: rateDenominator)
        let high = ((whole + Int128(basisPoints)) * referenceNumerator).multipliedFullWidth(by: rateDenominator)
        return !Self.isLess(middle, low) && !Self.isLess(high, middle)
    }

    /// How far `rate` is from `reference`, in per cent with one decimal, for people ("10.9%");
    /// the decision is `admits`'s, never this rounded figure's.
    public static func deviation(of rate: ExchangeRate, from reference: ExchangeRate) -> String {
        let given = Double(rate.decimalString(decimals: 12)) ?? 0
        let table = Double(reference.decimalString(decimals: 12)) ?? 1
        let tenths = Int((abs(given / table - 1) * 1000).rounded())
        return "\(tenths / 10).\(tenths % 10)%"
    }

    private static func fraction(_ rate: ExchangeRate) -> (Int128, Int128) {
        (
            Int128(rate.significand) * Decimal10.power128(rate.divisorScale),
            Int128(rate.divisorSignificand) * Decimal10.power128(rate.scale)
        )
    }

    private static func isLess(_ a: (high: Int128, low: UInt128), _ b: (high: Int128, low: UInt128)) -> Bool {
        a.high != b.high ? a.high < b.high : a.low < b.low
    }
}
