import ExpenseCore

/// The total a receipt asks to be paid: the amount on its total's line, in English, German,
/// French, Spanish, Italian and Malay ("Total", "Summe", "Total à payer", "Importe total",
/// "Totale", "Jumlah"), rounded totals included; not a subtotal's, a tax's, a tip's or the change's.
extension ReceiptTextReader {
    /// Labels of the amount to pay, strongest first. A phrase is matched at word boundaries.
    public static let finalPhrases = [
        "total a payer", "montant a payer", "net a payer", "a payer", "zu zahlen", "amount due",
        "balance due", "total due", "grand total", "total paid", "total ttc", "montant ttc",
        "importe total", "totale complessivo", "totale da pagare", "total a pagar", "jumlah besar",
        "jumlah perlu dibayar", "rounded total", "total rounded", "total after rounding",
    ]
    /// Words that label a total (as whole words or, for German compounds, as their ending).
    public static let totalWords = [
        "total", "totale", "totaal", "summe", "sum", "gesamt", "betrag", "ttc", "montant", "amount",
        "importe", "importo", "zahlbetrag", "jumlah",
    ]
    public static let totalEndings = ["betrag", "summe", "gesamt"]
    /// Labels OCR often glues to the next word ("SUMMEEUR", "TOTALCHF").
    public static let totalBeginnings = ["summe", "total", "gesamt", "betrag"]
    /// Words of lines that print another amount: subtotals, taxes, tips, rounding, change,
    /// discounts, totals without tax.
    public static let otherWords: Set<String> = [
        "subtotal", "sub", "zwischensumme", "zwischentotal", "ht", "netto", "net", "mwst", "ust", "vat", "tax", "taxes",
        "tva", "steuer", "iva", "gst", "sst", "cukai", "tip", "trinkgeld", "pourboire", "propina", "mancia", "gratuity",
        "change", "rueckgeld", "wechselgeld", "rendu", "monnaie", "cambio", "resto", "baki", "cash", "bar", "gegeben",
        "given", "tendered", "efectivo", "contanti", "tunai", "discount", "rabatt", "remise", "descuento", "sconto",
        "diskaun", "savings", "saved", "items", "artikel", "qty", "menge", "kuantiti", "punkte", "points", "darin",
        "enthaltene", "enthalten", "rounding", "pembundaran", "adj", "adjustment", "excl", "exclusive", "excluding",
        "exkl", "zzgl", "imponibile", "base",
    ]
    public static let subtotalWords: Set<String> = ["subtotal", "sub", "zwischensumme", "zwischentotal", "soustotal", "kecil"]
    /// Beginnings of German compounds of another amount: Steuerbetrag, Mehrwertsteuerbetrag,
    /// Nettobetrag, Nettosumme are labelled by their ending like Gesamtbetrag, and are not it.
    public static let otherCompoundParts = ["steuer", "netto", "mwst", "ust", "rabatt", "trinkgeld", "rueckgeld", "wechselgeld"]
    /// Words that make a total with a tax word the total including tax: "Summe inkl. MwSt".
    public static let includingWords: Set<String> = [
        "inkl", "incl", "including", "inclusive", "einschl", "einschliesslich", "inclus", "termasuk",
    ]

    /// The labelled total: the best label wins, and of equal labels the lowest on the receipt
    /// (a receipt prints its subtotals before the amount to pay). Its amount is the line's last
    /// with two decimals; else the last whole number a currency stands at ("Rs 1939", "RM 25"),
    /// found in `currencies` (each line's); else, when the receipt's currency has no minor unit
    /// (`minorDigits` 0: yen, won, rupiah), the last whole number ("Total 1.939"). A whole total
    /// is given with `minorDigits` decimals ("1939.00").
    public static func total(
        _ lines: [String], _ words: [ReceiptWords], currencies: [[ReceiptCurrencies.Found]] = [], minorDigits: Int = 2
    ) -> (amount: String, line: Int)? {
        func amount(_ index: Int) -> String? {
            if let amount = ReceiptAmounts.amounts(in: lines[index]).last?.decimal { return amount }
            let whole =
                (currencies.indices.contains(index) ? currencies[index].last?.amount : nil)
                ?? (minorDigits == 0 ? lines[index].split(separator: " ").compactMap { ReceiptAmounts.whole(String($0)) }.last : nil)
            guard let whole, !whole.contains(".") else { return whole }
            return minorDigits == 0 ? whole : whole + "." + String(repeating: "0", count: minorDigits)
        }
        var best: (score: Int, amount: String, line: Int)?
        for (index, line) in words.enumerated() {
            if line.words.contains(where: subtotalWords.contains) { continue }
            let score: Int
            let labelled = line.words.contains { word in
                totalWords.contains(word) || totalEndings.contains { word.hasSuffix($0) } || totalBeginnings.contains { word.hasPrefix($0) }
            }
            if finalPhrases.contains(where: { line.contains(phrase: $0) })
                || labelled && line.words.contains(where: includingWords.contains)
            {
                score = 3
            } else if labelled, !line.words.contains(where: isOtherWord) {
                score = 2
            } else {
                continue
            }
            var found = amount(index)
            // The amount may have been read onto a line of its own below the label.
            if found == nil, index + 1 < lines.count,
                words[index + 1].words.allSatisfy({
                    ReceiptCurrencies.words[$0] != nil || $0 == "fr" || $0 == "sfr" || $0 == "rm" || $0 == "rs"
                })
            {
                found = amount(index + 1)
            }
            guard let found, found.contains(where: { $0 != "0" && $0 != "." }) else { continue }
            if best.map({ score >= $0.score }) ?? true { best = (score, found, index) }
        }
        return best.map { ($0.amount, $0.line) }
    }

    /// The total of a receipt that labels none (a fuel station's slip, a till receipt whose
    /// label OCR misread, a payment e-mail): the gross its VAT table adds up to (net + VAT), when
    /// that amount is printed; else the largest amount a currency stands at, not on a line of
    /// cash handed over or change.
    public static func unlabelledTotal(
        _ lines: [String], _ words: [ReceiptWords], currencies: [[ReceiptCurrencies.Found]]
    ) -> (amount: String, line: Int)? {
        if let gross = ReceiptArithmetic.grossOfVATTable(lines),
            let line = lines.indices.last(where: { ReceiptAmounts.amounts(in: lines[$0]).contains { $0.decimal == gross } })
        {
            return (gross, line)
        }
        var best: (cents: Int64, amount: String, line: Int)?
        for (index, found) in currencies.enumerated()
        where index < words.count && !words[index].words.contains(where: { ReceiptArithmetic.paymentWords.contains($0) && $0 != "card" }) {
            for amount in found.map(\.amount) where amount.contains(".") {
                guard let cents = ReceiptVAT.minor(amount), cents > (best?.cents ?? 0) else { continue }
                best = (cents, amount, index)
            }
        }
        return best.map { ($0.amount, $0.line) }
    }

    /// A word of a line that prints another amount than the total, compounds included.
    static func isOtherWord(_ word: String) -> Bool {
        otherWords.contains(word) || word.count > 6 && otherCompoundParts.contains { word.hasPrefix($0) || word.contains($0 + "betrag") }
    }
}
