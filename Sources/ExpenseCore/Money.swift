import ExpenseSupport

/// An exact amount of one currency, kept as integer minor units (cents) — never a float.
public struct Money: Hashable, Sendable, CustomStringConvertible {
    public var minorUnits: Int64
    public var currency: Currency

    /// The largest amount handled, in minor units (10^15 − 1): far above any expense, and small
    /// enough that amount × rate × 10^digits always fits the Int128 used for conversions.
    public static let maximumMinorUnits: Int64 = 999_999_999_999_999

    /// The largest total handled, in minor units either way (10^18 − 1): a report's total, a
    /// day's spending, a summary's line. A thousand times the largest amount, so a total within
    /// it plus one amount always fits an Int64 (in Swift and in SQLite alike), and a sum is
    /// checked one amount at a time.
    public static let maximumTotalMinorUnits: Int64 = 999_999_999_999_999_999

    /// `total + amount` when the result is within `maximumTotalMinorUnits`, else nil. Never traps.
    public static func adding(_ amount: Int64, to total: Int64) -> Int64? {
        let (sum, overflow) = total.addingReportingOverflow(amount)
        guard !overflow, sum.magnitude <= UInt64(maximumTotalMinorUnits) else { return nil }
        return sum
    }

    /// The sum of `amounts` when it and every partial sum are within `maximumTotalMinorUnits`.
    public static func total(_ amounts: some Sequence<Int64>) -> Int64? {
        var total: Int64 = 0
        for amount in amounts {
            guard let sum = adding(amount, to: total) else { return nil }
            total = sum
        }
        return total
    }

    /// The largest total in `currency`: "9,999,999,999,999,999.99 EUR".
    public static func maximumTotal(in currency: Currency) -> Money {
        Money(minorUnits: maximumTotalMinorUnits, currency: currency)
    }

    /// The error for a total that does not fit: "the total of report 3 does not fit: the largest
    /// total handled is 9,999,999,999,999,999.99 EUR". Bad data (65), never an overflow.
    public static func totalTooLarge(_ subject: String, currency: Currency, hint: String? = nil) -> ExpenseError {
        ExpenseError(.invalidData, "\(subject) does not fit: the largest total handled is \(maximumTotal(in: currency))", hint: hint)
    }

    public init(minorUnits: Int64, currency: Currency) {
        self.minorUnits = minorUnits
        self.currency = currency
    }

    /// "1234.50": no grouping, for JSON, CSV and anything a program reads back.
    public var decimalString: String { Self.format(minorUnits, digits: currency.minorDigits, grouping: false) }

    /// "1,234.50": grouped for people.
    public var displayString: String { Self.format(minorUnits, digits: currency.minorDigits, grouping: true) }

    public var description: String { "\(displayString) \(currency.code)" }

    public static func format(_ minor: Int64, digits: Int, grouping: Bool) -> String {
        let magnitude = minor.magnitude
        let unit = UInt64(Decimal10.power(digits))
        // Written backwards into a small buffer (a sign, 20 digits, 6 commas, a point, the
        // fraction): a table of 100,000 amounts formatted them through a dozen strings each.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32 + digits) { buffer in
            var start = buffer.count
            var fraction = magnitude % unit
            if digits > 0 {
                for _ in 0..<digits {
                    start -= 1
                    buffer[start] = 48 + UInt8(fraction % 10)
                    fraction /= 10
                }
                start -= 1
                buffer[start] = UInt8(ascii: ".")
            }
            var whole = magnitude / unit
            var written = 0
            repeat {
                if grouping, written > 0, written % 3 == 0 {
                    start -= 1
                    buffer[start] = UInt8(ascii: ",")
                }
                start -= 1
                buffer[start] = 48 + UInt8(whole % 10)
                whole /= 10
                written += 1
            } while whole > 0
            if minor < 0 {
                start -= 1
                buffer[start] = UInt8(ascii: "-")
            }
            return String(decoding: UnsafeMutableBufferPointer(rebasing: buffer[start...]), as: UTF8.self)
        }
    }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
