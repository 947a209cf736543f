import ExpenseCore

/// The receipt's own arithmetic, as a bookkeeper checks it: the items add up to the subtotal or
/// the total, the subtotal (or the net) and the tax, tip and rounding add up to the total.
///
/// OCR misreads digits on a poor scan (`31.00` read `34.00`, `54.50` read `64.50`). When a sum
/// the receipt prints otherwise holds and the total it read differs from it only by a digit OCR
/// confuses (1, 7 and 4; 3 and 8; 5 and 6; 0 and 8), the total is in doubt: the reader keeps the
/// total it read and says so, and a person decides. A sum that differs in any other way says
/// nothing (a receipt has lines that are not items: deposits, discounts, quantities).
public enum ReceiptArithmetic {
    /// Digits OCR reads one for the other.
    static let confusions: [Set<Character>] = [["1", "7"], ["1", "4"], ["7", "4"], ["3", "8"], ["5", "6"], ["0", "8"]]

    /// Words of a line that adds to the subtotal: taxes, tips, service, rounding.
    static let addedWords: Set<String> = [
        "tax", "taxes", "vat", "gst", "sst", "cukai", "mwst", "ust", "tva", "iva", "tip", "gratuity", "trinkgeld",
        "pourboire", "propina", "mancia", "service", "servis", "rounding", "pembundaran", "adj", "adjustment",
    ]
    /// Words of a line that prints the sum before tax: "Subtotal", "Total HT", "Netto".
    static let beforeTaxWords: Set<String> = ["subtotal", "sub", "zwischensumme", "soustotal", "ht", "netto", "net", "kecil"]
    /// Words of a tax line that does not add to the total: it is in the prices ("inkl. MwSt").
    static let includedWords: Set<String> = ["inkl", "incl", "including", "inclusive", "enthalten", "enthaltene", "darin", "termasuk"]
    /// Words of lines below the total that are paid or handed back, not summed.
    static let paymentWords: Set<String> = ["cash", "change", "tendered", "bar", "rueckgeld", "tunai", "baki", "visa", "card"]
    /// Words of the line of the cash handed over, and of the change handed back.
    static let tenderedWords: Set<String> = ["cash", "tendered", "tunai", "bar", "gegeben", "given", "efectivo", "contanti"]
    static let changeWords: Set<String> = ["change", "baki", "rueckgeld", "wechselgeld", "rendu", "cambio", "resto"]

    /// The doubts the receipt's arithmetic raises about `total` (a decimal with a point), read
    /// on line `totalLine`.
    public static func doubts(_ lines: [String], _ words: [ReceiptWords], total: String, totalLine: Int) -> [String] {
        guard let read = cents(total) else { return [] }
        var witnesses: [(sum: Int64, what: String)] = []
        // Subtotal (or net) + taxes, tips, rounding.
        if let subtotalLine = (0..<totalLine).last(where: { line in words[line].words.contains(where: beforeTaxWords.contains) }),
            let subtotal = lastAmount(lines[subtotalLine])
        {
            var sum = subtotal
            var added: [Int64] = []
            for line in (subtotalLine + 1)..<totalLine where words[line].words.contains(where: addedWords.contains) {
                guard !words[line].words.contains(where: includedWords.contains), let amount = lastAmount(lines[line]) else { continue }
                added.append(isNegative(lines[line]) ? -amount : amount)
            }
            sum += added.reduce(0, +)
            let what = added.isEmpty ? "the subtotal is" : "the subtotal and the lines below it add up to"
            witnesses.append((sum, what))
        }
        // The items: the amounts at the end of the lines above the first sum.
        let firstSum =
            (0..<totalLine).first { line in
                words[line].words.contains { beforeTaxWords.contains($0) || ReceiptTextReader.totalWords.contains($0) }
            } ?? totalLine
        let items = (0..<firstSum).compactMap { line -> Int64? in
            guard !words[line].words.contains(where: { ReceiptTextReader.isOtherWord($0) || paymentWords.contains($0) }) else { return nil }
            return lastAmount(lines[line])
        }
        if items.count >= 2 { witnesses.append((items.reduce(0, +), "the items add up to")) }
        // Below the total: the cash handed over less the change handed back.
        let below = (totalLine + 1)..<lines.count
        if let paid = below.first(where: { words[$0].words.contains(where: tenderedWords.contains) }).flatMap({ lastAmount(lines[$0]) }),
            let change = below.first(where: { words[$0].words.contains(where: changeWords.contains) }).flatMap({ lastAmount(lines[$0]) }),
            paid > change
        {
            witnesses.append((paid - change, "the cash paid less the change is"))
        }
        guard !witnesses.contains(where: { $0.sum == read }),
            let witness = witnesses.first(where: { isMisread(read, of: $0.sum) })
        else { return [] }
        return ["\(witness.what) \(decimal(witness.sum)) but the total reads \(decimal(read)); check the total"]
    }

    /// The gross a VAT table adds up to: each rate's net and tax ("19,00 % 50,38 9,58"), or its
    /// gross and tax, summed over the rates; nil when the receipt prints no such table.
    static func grossOfVATTable(_ lines: [String]) -> String? {
        var grossByRate: [VATRate: Int64] = [:]
        for line in lines {
            guard let (rate, rest) = ReceiptVAT.rate(in: line), grossByRate[rate] == nil else { continue }
            let amounts = rest.split(separator: " ").flatMap { ReceiptAmounts.amounts(in: String($0)) }.compactMap { cents($0.decimal) }
            guard amounts.count >= 2, let gross = ReceiptVAT.gross(rate, amounts, total: 0) else { continue }
            grossByRate[rate] = gross
        }
        return grossByRate.isEmpty ? nil : decimal(grossByRate.values.reduce(0, +))
    }

    /// Whether `read` is `actual` with one digit misread as OCR misreads digits.
    static func isMisread(_ read: Int64, of actual: Int64) -> Bool {
        let (a, b) = (Array(String(read)), Array(String(actual)))
        guard a.count == b.count, read != actual else { return false }
        let differing = zip(a, b).filter { $0 != $1 }
        return differing.count == 1 && confusions.contains([differing[0].0, differing[0].1])
    }

    /// Whether the line's last amount is printed negative: "Rounding -0.02", "RM -0.02", "0.02-".
    static func isNegative(_ line: String) -> Bool {
        guard let last = ReceiptAmounts.amounts(in: line).last else { return false }
        if line[last.end...].first == "-" { return true }
        var head = Array(line[..<last.end])
        func drop(while skipped: (Character) -> Bool) { while let last = head.last, skipped(last) { head.removeLast() } }
        drop { $0.isASCIIDigitCharacter || $0 == "." || $0 == "," }
        drop { $0 == " " }
        // A currency between: "RM -0.02" is signed, "-RM0.02" too.
        if head.last != "-" {
            drop { !$0.isWhitespace && !$0.isASCIIDigitCharacter && $0 != "-" }
            drop { $0 == " " }
        }
        return head.last == "-"
    }

    private static func lastAmount(_ line: String) -> Int64? {
        ReceiptAmounts.amounts(in: line).last.flatMap { cents($0.decimal) }
    }

    static func cents(_ decimal: String) -> Int64? { ReceiptVAT.minor(decimal) }

    static func decimal(_ cents: Int64) -> String { ReceiptVAT.decimal(cents) }
}
