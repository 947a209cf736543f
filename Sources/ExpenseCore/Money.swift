import ExpenseSupport

/// An exact amount of one currency, kept as integer minor units (cents) — never a float.
public struct Money: Hashable, Sendable, CustomStringConvertible {
    public var minorUnits: Int64
    public var currency: Currency

    /// The largest amount handled, in minor units (10^15 − 1): far above any expense, and small
    /// enough that amount × rate × 10^digits always fits the Int128 used for conversions.
    public static let maximumMinorUnits: Int64 = 999_999_999_999_999

    public init(minorUnits: Int64, currency: Currency) {
        self.minorUnits = minorUnits
        self.currency = currency
    }

    /// Parses a decimal amount strictly for `currency`: "12.5" is 12.50 EUR, "1,234.56" is accepted
    /// with well-formed thousands groups, "12.345" EUR and "12.5" JPY are errors — too many digits
    /// would otherwise be silently rounded away.
    public static func parse(_ text: String, currency: Currency) throws(ExpenseError) -> Money {
        guard let minor = parseMinorUnits(text, minorDigits: currency.minorDigits) else {
            throw invalid(text, currency: currency)
        }
        return Money(minorUnits: minor, currency: currency)
    }

    private static func invalid(_ text: String, currency: Currency) -> ExpenseError {
        let trimmed = text.trimmingSpaces
        if let dot = trimmed.lastIndex(of: "."),
           trimmed[trimmed.index(after: dot)...].allSatisfy(\.isASCIIDigit),
           trimmed.distance(from: dot, to: trimmed.endIndex) - 1 > currency.minorDigits {
            return ExpenseError(.invalidData,
                                "invalid amount '\(text)': \(currency.code) has \(currency.minorDigits) decimal\(currency.minorDigits == 1 ? "" : "s")",
                                hint: "round it to \(currency.minorDigits) decimal\(currency.minorDigits == 1 ? "" : "s") as on the receipt")
        }
        return ExpenseError(.invalidData, "invalid amount '\(text)'",
                            hint: "write it like 1234.56 or 1,234.56 (a point for decimals)")
    }

    /// Minor units from `[-]digits[.fraction]`, with optional comma groups of three; nil when the
    /// text is not exactly that or does not fit.
    static func parseMinorUnits(_ text: String, minorDigits: Int) -> Int64? {
        var chars = Substring(text.trimmingSpaces)
        var negative = false
        if chars.first == "-" || chars.first == "+" {
            negative = chars.first == "-"
            chars = chars.dropFirst()
        }
        let parts = chars.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let integerPart = parts[0]
        let fraction = parts.count == 2 ? parts[1] : nil
        guard !integerPart.isEmpty, fraction.map({ !$0.isEmpty && $0.count <= minorDigits }) ?? true,
              fraction?.allSatisfy(\.isASCIIDigit) ?? true else { return nil }
        var digits = ""
        let groups = integerPart.split(separator: ",", omittingEmptySubsequences: false)
        for (index, group) in groups.enumerated() {
            guard group.allSatisfy(\.isASCIIDigit), !group.isEmpty,
                  groups.count == 1 || (index == 0 ? group.count <= 3 : group.count == 3) else { return nil }
            digits += group
        }
        guard digits.count <= 15, let whole = Int64(digits) else { return nil }
        // 15 digits times 10^4 (CLF) does not fit an Int64: check rather than trap.
        let (scaled, overflow) = whole.multipliedReportingOverflow(by: Decimal10.power(minorDigits))
        guard !overflow else { return nil }
        var minor = scaled
        if let fraction {
            let padded = fraction + String(repeating: "0", count: minorDigits - fraction.count)
            guard let part = Int64(padded) else { return nil }
            minor += part
        }
        guard minor <= maximumMinorUnits else { return nil }
        return negative ? -minor : minor
    }

    /// "1234.50": no grouping, for JSON, CSV and anything a program reads back.
    public var decimalString: String { Self.format(minorUnits, digits: currency.minorDigits, grouping: false) }

    /// "1,234.50": grouped for people.
    public var displayString: String { Self.format(minorUnits, digits: currency.minorDigits, grouping: true) }

    public var description: String { "\(displayString) \(currency.code)" }

    public static func format(_ minor: Int64, digits: Int, grouping: Bool) -> String {
        let magnitude = minor.magnitude
        let unit = UInt64(Decimal10.power(digits))
        var whole = String(magnitude / unit)
        if grouping, whole.count > 3 {
            var grouped = ""
            for (index, char) in whole.enumerated() {
                if index > 0, (whole.count - index) % 3 == 0 { grouped.append(",") }
                grouped.append(char)
            }
            whole = grouped
        }
        var text = (minor < 0 ? "-" : "") + whole
        if digits > 0 {
            let fraction = String(magnitude % unit)
            text += "." + String(repeating: "0", count: digits - fraction.count) + fraction
        }
        return text
    }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

