import ExpenseSupport

/// A value-added tax rate, kept exactly: in hundredths of a percent (19 % is 1900, 5.5 % is 550),
/// so that no rate a country charges is rounded.
public struct VATRate: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let hundredths: Int

    public init?(hundredths: Int) {
        guard (0...10_000).contains(hundredths) else { return nil }
        self.hundredths = hundredths
    }

    /// "19", "7", "5.5", "19 %" or "19%": a percent with at most two decimals, 0 to 100.
    public init?(percent text: String) {
        var text = text.trimmingSpaces
        if text.hasSuffix("%") { text = String(text.dropLast()).trimmingSpaces }
        guard let minor = try? Money.parseMinorUnits(text, minorDigits: 2).get(), minor >= 0, minor <= 10_000 else {
            return nil
        }
        self.hundredths = Int(minor)
    }

    /// The rate as people write it: "19", "5.5", "2.25".
    public var description: String {
        let whole = hundredths / 100
        let fraction = hundredths % 100
        if fraction == 0 { return "\(whole)" }
        return fraction % 10 == 0 ? "\(whole).\(fraction / 10)" : "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    public static func < (lhs: VATRate, rhs: VATRate) -> Bool { lhs.hundredths < rhs.hundredths }
}

/// One rate's part of a bill: its gross amount and the tax in it, rounded half to even once
/// (gross × rate / (100 % + rate)); the net is what is left, so net + tax is the gross exactly.
public struct VATPart: Hashable, Sendable {
    public let rate: VATRate
    public let gross: Money
    public let tax: Money

    public init(rate: VATRate, gross: Money) {
        self.rate = rate
        self.gross = gross
        let tax = Decimal10.divideRoundingHalfEven(
            Int128(gross.minorUnits) * Int128(rate.hundredths), Int128(10_000 + rate.hundredths))
        self.tax = Money(minorUnits: Int64(tax), currency: gross.currency)
    }

    public var net: Money { Money(minorUnits: gross.minorUnits - tax.minorUnits, currency: gross.currency) }
}

/// The VAT in an item's amount, by rate, in the item's own currency: one part for a bill at one
/// rate (`--vat 19`), several where a bill has two (a hotel room at 7 %, its breakfast at 19 %:
/// `--vat 7:110.00,19:15.00`). The parts add up to the item's amount exactly.
public struct VATSplit: Hashable, Sendable {
    /// By rate, lowest first; no rate twice.
    public let parts: [VATPart]

    /// The whole of `gross` at `rate`.
    public init(_ gross: Money, rate: VATRate) {
        parts = [VATPart(rate: rate, gross: gross)]
    }

    /// `gross` split by rate; refused when the parts do not add up to it (saying by how much),
    /// name a rate twice, or are negative where the gross is not.
    public init(_ gross: Money, parts given: [(rate: VATRate, gross: Money)]) throws(ExpenseError) {
        guard !given.isEmpty else { throw ExpenseError(.invalidData, "a VAT split needs at least one rate") }
        var seen = Set<VATRate>()
        for part in given {
            guard part.gross.currency == gross.currency else {
                throw ExpenseError(
                    .invalidData, "a VAT part in \(part.gross.currency.code) cannot split an amount in \(gross.currency.code)")
            }
            guard seen.insert(part.rate).inserted else {
                throw ExpenseError(
                    .invalidData, "the VAT rate \(part.rate) % is given twice", hint: "give each rate once, with its part of the amount")
            }
            guard (part.gross.minorUnits < 0) == (gross.minorUnits < 0) || part.gross.minorUnits == 0 else {
                throw ExpenseError(.invalidData, "the VAT part at \(part.rate) % has the other sign than the amount")
            }
        }
        guard let sum = Money.total(given.map(\.gross.minorUnits)), sum == gross.minorUnits else {
            let sum = Money.total(given.map(\.gross.minorUnits)) ?? Int64.max
            let difference = Money(minorUnits: gross.minorUnits - sum, currency: gross.currency)
            throw ExpenseError(
                .invalidData,
                "the VAT parts add up to \(Money(minorUnits: sum, currency: gross.currency)), not the amount \(gross): they differ by \(difference)",
                hint: "give parts that add up to the amount")
        }
        parts = given.sorted { $0.rate < $1.rate }.map { VATPart(rate: $0.rate, gross: $0.gross) }
    }

    /// `--vat` as typed: a rate ("19") for the whole amount, or `RATE:AMOUNT` parts separated by
    /// commas ("7:110.00,19:15.00"), amounts in the item's currency with a decimal point.
    public static func parse(_ text: String, amount gross: Money) throws(ExpenseError) -> VATSplit {
        let trimmed = text.trimmingSpaces
        if !trimmed.contains(":") {
            guard let rate = VATRate(percent: trimmed) else { throw invalidRate(trimmed) }
            return VATSplit(gross, rate: rate)
        }
        var given: [(rate: VATRate, gross: Money)] = []
        for piece in trimmed.split(separator: ",", omittingEmptySubsequences: false) {
            let halves = piece.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard halves.count == 2 else {
                throw ExpenseError(
                    .invalidData, "'\(TerminalText.visible(String(piece), keepingLineBreaks: false))' is no VAT part",
                    hint: "write RATE:AMOUNT, e.g. 7:110.00,19:15.00")
            }
            let rateText = String(halves[0]).trimmingSpaces
            guard let rate = VATRate(percent: rateText) else { throw invalidRate(rateText) }
            let part = try Money.parse(String(halves[1]).trimmingSpaces, currency: gross.currency)
            given.append((rate, gross.minorUnits < 0 ? Money(minorUnits: -part.minorUnits, currency: gross.currency) : part))
        }
        return try VATSplit(gross, parts: given)
    }

    static func invalidRate(_ text: String) -> ExpenseError {
        ExpenseError(
            .invalidData, "'\(TerminalText.visible(text, keepingLineBreaks: false))' is no VAT rate",
            hint: "give the rate in percent, 0 to 100, e.g. 19 or 5.5")
    }

    public var gross: Money { sum(\.gross) }
    public var tax: Money { sum(\.tax) }
    public var net: Money { sum(\.net) }

    private func sum(_ amount: (VATPart) -> Money) -> Money {
        let currency = parts[0].gross.currency
        return Money(minorUnits: parts.reduce(0) { $0 + amount($1).minorUnits }, currency: currency)
    }

    /// As written back: "19" for one part, "7:110.00,19:15.00" for several (what `parse` reads).
    public var text: String {
        if parts.count == 1 { return parts[0].rate.description }
        return parts.map { "\($0.rate):\($0.gross.decimalString)" }.joined(separator: ",")
    }
}
