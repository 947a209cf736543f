import ExpenseSupport

/// What a report, or an item, is charged to: one cost centre, or several with a share each
/// (issue 43). Shares are in hundredths of a percent and add up to exactly 10000; no code twice.
public struct CostCentreSplit: Hashable, Sendable, CustomStringConvertible {
    public struct Part: Hashable, Sendable {
        public let code: String
        /// Hundredths of a percent: 6000 is 60 %.
        public let share: Int

        public init(code: String, share: Int) {
            self.code = code
            self.share = share
        }
    }

    /// The whole, 100 %.
    public static let whole = 10_000

    /// In the order given.
    public let parts: [Part]

    /// Refused unless each share is more than 0, the shares add up to 100 % and no code is twice.
    public init(_ parts: [Part]) throws(ExpenseError) {
        guard !parts.isEmpty else { throw ExpenseError(.invalidData, "a cost centre split needs at least one cost centre") }
        var seen = Set<String>()
        for part in parts {
            guard seen.insert(part.code).inserted else {
                throw ExpenseError(
                    .invalidData, "the cost centre \(part.code) is given twice", hint: "give each cost centre once, with its share")
            }
            guard part.share > 0, part.share <= Self.whole else {
                throw ExpenseError(
                    .invalidData, "the share of \(part.code) is \(Self.percent(part.share)) %: a share is more than 0 and at most 100 %")
            }
        }
        let sum = parts.reduce(0) { $0 + $1.share }
        guard sum == Self.whole else {
            throw ExpenseError(
                .invalidData, "the cost centres' shares add up to \(Self.percent(sum)) %, not 100 %",
                hint: "give shares that add up to 100, e.g. 4711:60,4712:40")
        }
        self.parts = parts
    }

    /// `--cost-centre` as typed: a code alone (100 %), or `CODE:PERCENT` parts separated by
    /// commas (`4711:60,4712:40`), a percent with up to two decimals.
    public static func parse(_ text: String) throws(ExpenseError) -> CostCentreSplit {
        let trimmed = text.trimmingSpaces
        if !trimmed.contains(":") && !trimmed.contains(",") {
            return try CostCentreSplit([Part(code: try CostCentre.code(trimmed), share: whole)])
        }
        var parts: [Part] = []
        for piece in trimmed.split(separator: ",", omittingEmptySubsequences: false) {
            let halves = piece.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard halves.count == 2 else {
                throw ExpenseError(
                    .invalidData, "'\(TerminalText.visible(String(piece), keepingLineBreaks: false))' is no share of a cost centre",
                    hint: "write CODE:PERCENT, e.g. 4711:60,4712:40")
            }
            let code = try CostCentre.code(String(halves[0]).trimmingSpaces)
            var percent = String(halves[1]).trimmingSpaces
            if percent.hasSuffix("%") { percent = String(percent.dropLast()).trimmingSpaces }
            guard let share = try? Money.parseMinorUnits(percent, minorDigits: 2).get(), share >= 0, share <= whole else {
                throw ExpenseError(
                    .invalidData, "'\(TerminalText.visible(String(halves[1]), keepingLineBreaks: false))' is no percentage of \(code)",
                    hint: "a share is a percent with up to 2 decimals, e.g. 33.33")
            }
            parts.append(Part(code: code, share: Int(share)))
        }
        return try CostCentreSplit(parts)
    }

    /// As the server's functions take it and a file stores it in rows: `CODE:SHARE,...` in hundredths.
    public var storedText: String { parts.map { "\($0.code):\($0.share)" }.joined(separator: ",") }

    /// As people read it: "4711" for a whole, "4711 60 %, 4712 40 %" for a split.
    public var description: String {
        parts.count == 1 ? parts[0].code : parts.map { "\($0.code) \(Self.percent($0.share)) %" }.joined(separator: ", ")
    }

    /// `amount` split by the shares to the minor unit, by largest remainder: each part is its
    /// share rounded down, then the units left over go one each to the parts with the largest
    /// remainders (the earlier part on a tie), so that the parts add up to `amount` exactly.
    /// A negative amount (a refund) is split as its opposite and negated.
    public func parts(of amount: Money) -> [(code: String, amount: Money)] {
        let magnitude = amount.minorUnits.magnitude
        let whole = UInt64(Self.whole)
        var shares = parts.map { part -> (floor: UInt64, remainder: UInt64) in
            let (high, low) = magnitude.multipliedFullWidth(by: UInt64(part.share))
            let (quotient, remainder) = whole.dividingFullWidth((high, low))
            return (quotient, remainder)
        }
        var left = magnitude - shares.reduce(0) { $0 + $1.floor }
        let order = shares.indices.sorted {
            shares[$0].remainder > shares[$1].remainder || (shares[$0].remainder == shares[$1].remainder && $0 < $1)
        }
        for index in order where left > 0 {
            shares[index].floor += 1
            left -= 1
        }
        return zip(parts, shares).map { part, share in
            let minor = Int64(share.floor)
            return (part.code, Money(minorUnits: amount.minorUnits < 0 ? -minor : minor, currency: amount.currency))
        }
    }

    /// A share as people write it: "60", "33.33", "12.5".
    public static func percent(_ share: Int) -> String {
        let whole = share / 100
        let fraction = share % 100
        if fraction == 0 { return "\(whole)" }
        return fraction % 10 == 0 ? "\(whole).\(fraction / 10)" : "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
