import ExpenseSupport

/// The decimal mark of the person's locale: `1.50` everywhere, and `1,50` too where the comma
/// is the decimal mark (de_DE, fr_FR, ...).
public enum DecimalMark: Sendable, Equatable {
    case point, comma
}

extension Money {
    /// Parses a decimal amount typed for `currency`, strictly: "12.5" is 12.50 EUR, "1,234.56"
    /// is accepted with well-formed thousands groups, "12.345" EUR and "12.5" JPY are errors —
    /// too many digits would otherwise be silently rounded away. Under a decimal comma, "1,50",
    /// "1,5" and "1.234,56" are accepted too, where the comma cannot be a thousands separator:
    /// "1,500" EUR could be either, and is refused, saying why.
    public static func parse(_ text: String, currency: Currency, decimalMark: DecimalMark = .point) throws(ExpenseError) -> Money {
        var text = text
        if decimalMark == .comma, text.contains(",") {
            guard let pointed = Self.pointed(text, minorDigits: currency.minorDigits) else {
                throw ambiguous(text, currency: currency)
            }
            text = pointed
        }
        switch parseMinorUnits(text, minorDigits: currency.minorDigits) {
        case .success(let minor): return Money(minorUnits: minor, currency: currency)
        case .failure(let reason): throw invalid(text, reason, currency: currency, decimalMark: decimalMark)
        }
    }

    /// Why a text is no amount.
    enum AmountProblem: Error {
        case malformed, tooManyDecimals, tooLarge
    }

    /// `text` with a decimal comma written with a point ("1.234,56" is "1234.56"), the same text
    /// when it has no comma to read as one ("1,234.56"), or nil when its comma is ambiguous.
    static func pointed(_ text: String, minorDigits: Int) -> String? {
        let trimmed = text.trimmingSpaces
        guard let comma = trimmed.lastIndex(of: ",") else { return text }
        let fraction = trimmed[trimmed.index(after: comma)...]
        if fraction.contains(".") { return text }  // 1,234.56: the comma groups
        guard minorDigits > 0 else { return text }  // JPY has no decimals: 1,500 is grouped
        let whole = trimmed[..<comma]
        // Three digits after it are a thousands group as much as decimals, unless the currency has three.
        guard (1...minorDigits).contains(fraction.count), fraction.count != 3 || minorDigits == 3,
            fraction.allSatisfy(\.isASCIIDigit), !whole.contains(",")
        else {
            return nil
        }
        // "1.234,56": the points group thousands.
        let groups = whole.split(separator: ".", omittingEmptySubsequences: false)
        if groups.count > 1 {
            let sign = groups[0].first == "-" || groups[0].first == "+" ? 1 : 0
            guard
                groups.enumerated().allSatisfy({ index, group in
                    index == 0 ? (1...3).contains(group.count - sign) : group.count == 3
                })
            else { return nil }
        }
        return groups.joined() + "." + fraction
    }

    /// "1,500": a decimal comma (1.5) or a thousands separator (1500)? Said with the text's own figures.
    private static func ambiguous(_ text: String, currency: Currency) -> ExpenseError {
        let digits = currency.minorDigits
        let trimmed = text.trimmingSpaces
        let grouped = trimmed.filter { $0 != "," && $0 != "." }
        return ExpenseError(
            .invalidData,
            "invalid amount '\(text)': is the comma a decimal mark or a thousands separator "
                + "(\(grouped))? \(currency.code) has \(digits) decimal\(digits == 1 ? "" : "s")",
            hint: "write \(grouped) for the whole amount, or the decimals with at most \(digits) digit\(digits == 1 ? "" : "s") "
                + "(\(example(currency, mark: ",")))")
    }

    private static func invalid(_ text: String, _ problem: AmountProblem, currency: Currency, decimalMark: DecimalMark) -> ExpenseError {
        let digits = currency.minorDigits
        let plural = digits == 1 ? "" : "s"
        switch problem {
        case .tooManyDecimals:
            return ExpenseError(
                .invalidData, "invalid amount '\(text)': \(currency.code) has \(digits) decimal\(plural)",
                hint: "round it to \(digits) decimal\(plural) as on the receipt")
        case .tooLarge:
            return ExpenseError(
                .invalidData,
                "invalid amount '\(text)': too large, the largest amount handled is "
                    + "\(Money(minorUnits: maximumMinorUnits, currency: currency))")
        case .malformed:
            let comma = text.trimmingSpaces.split(separator: ",", omittingEmptySubsequences: false)
            if decimalMark == .point, comma.count == 2, (1...2).contains(comma[1].count),
                comma.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) })
            {
                return ExpenseError(
                    .invalidData, "invalid amount '\(text)': the decimal mark is a point here",
                    hint: "write \(comma[0]).\(comma[1]); a decimal comma is read under a locale that uses one "
                        + "(LANG=de_DE.UTF-8, fr_FR.UTF-8, ...)")
            }
            let shapes =
                decimalMark == .point
                ? "\(example(currency, mark: ".")) or 1,\(example(currency, mark: ".")) (a point for decimals)"
                : "\(example(currency, mark: ",")), 1.\(example(currency, mark: ",")) or \(example(currency, mark: "."))"
            return ExpenseError(.invalidData, "invalid amount '\(text)'", hint: "write it like \(shapes)")
        }
    }

    /// "234.56", "234" for JPY: the shape of an amount of `currency`.
    private static func example(_ currency: Currency, mark: String) -> String {
        currency.minorDigits == 0 ? "234" : "234" + mark + String("5678".prefix(currency.minorDigits))
    }

    /// Minor units from `[-]digits[.fraction]`, with optional comma groups of three.
    static func parseMinorUnits(_ text: String, minorDigits: Int) -> Result<Int64, AmountProblem> {
        var chars = Substring(text.trimmingSpaces)
        var negative = false
        if chars.first == "-" || chars.first == "+" {
            negative = chars.first == "-"
            chars = chars.dropFirst()
        }
        let parts = chars.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let integerPart = parts[0]
        let fraction = parts.count == 2 ? parts[1] : nil
        guard !integerPart.isEmpty, fraction.map({ !$0.isEmpty }) ?? true, fraction?.allSatisfy(\.isASCIIDigit) ?? true else {
            return .failure(.malformed)
        }
        var digits = ""
        let groups = integerPart.split(separator: ",", omittingEmptySubsequences: false)
        for (index, group) in groups.enumerated() {
            guard group.allSatisfy(\.isASCIIDigit), !group.isEmpty,
                groups.count == 1 || (index == 0 ? group.count <= 3 : group.count == 3)
            else { return .failure(.malformed) }
            digits += group
        }
        if let fraction, fraction.count > minorDigits { return .failure(.tooManyDecimals) }
        let significant = digits.drop { $0 == "0" }
        guard significant.count <= 15, let whole = Int64(digits.suffix(16)) else { return .failure(.tooLarge) }
        // 15 digits times 10^4 (CLF) does not fit an Int64: check rather than trap.
        let (scaled, overflow) = whole.multipliedReportingOverflow(by: Decimal10.power(minorDigits))
        guard !overflow else { return .failure(.tooLarge) }
        var minor = scaled
        if let fraction {
            let padded = fraction + String(repeating: "0", count: minorDigits - fraction.count)
            guard let part = Int64(padded) else { return .failure(.malformed) }
            minor += part
        }
        guard minor <= maximumMinorUnits else { return .failure(.tooLarge) }
        return .success(negative ? -minor : minor)
    }
}
