/// Exact base-10 arithmetic on integers: powers of ten and half-even division, the two
/// operations money needs and floating point gets wrong.
enum Decimal10 {
    static func power(_ exponent: Int) -> Int64 {
        var result: Int64 = 1
        for _ in 0..<exponent { result *= 10 }
        return result
    }

    static func power128(_ exponent: Int) -> Int128 {
        var result: Int128 = 1
        for _ in 0..<exponent { result *= 10 }
        return result
    }

    /// numerator / denominator rounded half to even ("banker's rounding"), so that rounding
    /// errors do not drift one way over many conversions. `denominator` must be positive.
    static func divideRoundingHalfEven(_ numerator: Int128, _ denominator: Int128) -> Int128 {
        var quotient = numerator / denominator
        let remainder = numerator % denominator
        let twice = remainder.magnitude * 2
        if twice > denominator.magnitude || (twice == denominator.magnitude && quotient % 2 != 0) {
            quotient += numerator < 0 ? -1 : 1
        }
        return quotient
    }
}
