import ExpenseCore
import ExpenseSupport

/// The VAT a receipt states, as `--vat` takes it: "19" when the whole total is at one rate, or
/// "7:110.00,19:15.00" when the receipt splits it by rate. Read from lines that name VAT (MwSt.,
/// USt., VAT, TVA, IVA) and a rate in percent ("inkl. 19 % MwSt 3,19", "7% MwSt 7,20", a table of
/// rates under a "MwSt Netto Brutto" header), each rate's gross found from the amounts beside it
/// by arithmetic: a gross whose tax at the rate is printed beside it, or a net and its tax.
/// Offered only when it adds up: one rate whose tax is the total's, or the rates' grosses adding
/// up to the total exactly; else nothing, rather than a guess.
public enum ReceiptVAT {
    /// Words that name VAT, folded as `ReceiptWords` folds them.
    public static let vatWords: Set<String> = [
        "mwst", "ust", "vat", "tva", "iva", "mehrwertsteuer", "umsatzsteuer", "btw", "moms", "steuer",
    ]

    /// How many lines under a header naming VAT may be rows of its table of rates.
    static let tableRows = 4

    /// The VAT of a receipt whose total is `total` (a decimal with a point and two decimals).
    public static func suggest(_ lines: [String], _ words: [ReceiptWords], total: String?) -> String? {
        guard let total, let totalMinor = minor(total), totalMinor > 0 else { return nil }
        var lastHeader = -tableRows - 1
        var grossByRate: [(rate: VATRate, gross: Int64)] = []
        for (index, line) in lines.enumerated() {
            let namesVAT = words[index].words.contains { vatWords.contains($0) || $0.hasPrefix("mwst") || $0.hasPrefix("ust") }
            guard let (rate, rest) = rate(in: line) else {
                if namesVAT { lastHeader = index }
                continue
            }
            guard namesVAT || index - lastHeader <= tableRows else { continue }
            if namesVAT { lastHeader = index }
            // Word by word: a table's columns are often one space apart, which an amount's
            // thousands may be too ("1 234,56").
            let amounts = rest.split(separator: " ").flatMap { ReceiptAmounts.amounts(in: String($0)) }.compactMap { minor($0.decimal) }
            guard let gross = gross(rate, amounts, total: totalMinor), !grossByRate.contains(where: { $0.rate == rate }) else {
                continue
            }
            grossByRate.append((rate, gross))
        }
        guard !grossByRate.isEmpty else { return nil }
        if grossByRate.count == 1 {
            return grossByRate[0].gross == totalMinor ? grossByRate[0].rate.description : nil
        }
        guard grossByRate.reduce(0, { $0 + $1.gross }) == totalMinor else { return nil }
        return grossByRate.sorted { $0.rate < $1.rate }.map { "\($0.rate):\(decimal($0.gross))" }.joined(separator: ",")
    }

    /// The first rate in percent on the line ("19%", "7 %", "19,00 %", "5.5%"), and the line
    /// without it, so that its digits are not read as an amount.
    static func rate(in line: String) -> (VATRate, String)? {
        let chars = Array(line)
        for (index, char) in chars.enumerated() where char == "%" {
            var start = index
            while start > 0, chars[start - 1] == " " { start -= 1 }
            let end = start
            while start > 0, chars[start - 1].isASCIIDigitCharacter || chars[start - 1] == "." || chars[start - 1] == "," {
                start -= 1
            }
            let text = String(chars[start..<end].map { $0 == "," ? "." : $0 })
            guard !text.isEmpty, text.first?.isASCIIDigitCharacter == true, let rate = VATRate(percent: text), rate.hundredths > 0
            else { continue }
            return (rate, String(chars[..<start]) + " " + String(chars[(index + 1)...]))
        }
        return nil
    }

    /// Any currency of two decimals: the arithmetic is in cents whatever the receipt's.
    static let cents = Currency(code: "XXX", minorDigits: 2, name: "cents")

    /// The gross at `rate` that the amounts beside it state: an amount whose tax is beside it,
    /// a net and its tax, or the tax of the whole total alone.
    static func gross(_ rate: VATRate, _ amounts: [Int64], total: Int64) -> Int64? {
        func tax(ofGross gross: Int64) -> Int64 {
            VATPart(rate: rate, gross: Money(minorUnits: gross, currency: cents)).tax.minorUnits
        }
        func close(_ a: Int64, _ b: Int64) -> Bool { abs(a - b) <= 1 }  // a receipt may round half up
        for gross in amounts.sorted(by: >) where amounts.contains(where: { $0 != gross && close($0, tax(ofGross: gross)) }) {
            return gross
        }
        for net in amounts {
            for tax in amounts where tax < net && close(Int64((Double(net) * Double(rate.hundredths) / 10_000).rounded()), tax) {
                return net + tax
            }
        }
        if amounts.count == 1, close(amounts[0], tax(ofGross: total)) { return total }
        return nil
    }

    static func minor(_ decimal: String) -> Int64? {
        let parts = decimal.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 2, let whole = Int64(parts[0]), let cents = Int64(parts[1]), whole < 1_000_000_000
        else { return nil }
        return whole * 100 + cents
    }

    static func decimal(_ minor: Int64) -> String {
        let cents = minor % 100
        return "\(minor / 100).\(cents < 10 ? "0" : "")\(cents)"
    }
}
