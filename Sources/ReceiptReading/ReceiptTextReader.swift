import ExpenseCore
import ExpenseSupport

/// Reads a suggestion for an expense — merchant, date, total, currency, category — from the text
/// OCR found on a receipt. Pure: it sees only the text, so it is tested on fixed OCR output in
/// several languages and layouts.
public enum ReceiptTextReader {
    /// The most text read: a receipt's OCR text is a few KiB, and the OCR engine may hand over
    /// 8 MiB of whatever it saw in a large picture. What follows is not looked at.
    public static let maximumTextBytes = 64 << 10

    public static func suggestion(from text: String) -> ReceiptSuggestion {
        let text = text.utf8.count > maximumTextBytes ? String(decoding: text.utf8.prefix(maximumTextBytes), as: UTF8.self) : text
        var lines: [String] = []
        // A browser's print header or footer: at a page's top or bottom (pdftotext ends a page
        // with a form feed), dated the day it was printed.
        var margins: Set<Int> = []
        for page in text.split(separator: "\u{0C}") {
            let first = lines.count
            lines += page.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
                .map { $0.trimmingSpaces }.filter { !$0.isEmpty }
            for edge in Set([first, lines.count - 1]) where lines.indices.contains(edge) && edge >= first {
                if ReceiptDates.isBrowserPrintMargin(lines[edge]) { margins.insert(edge) }
            }
        }
        let words = lines.map(ReceiptWords.init)
        let currencies = lines.map(ReceiptAmounts.currencies(in:))
        let total = self.total(lines, words)
        let currency =
            total.flatMap { currencies[$0.line].first ?? ($0.line + 1 < lines.count ? currencies[$0.line + 1].first : nil) }
            ?? mostFrequent(currencies.flatMap { $0 })
        let order: ReceiptDates.SlashOrder = currency == "USD" ? .monthFirst : .dayFirst
        let merchantLine = ReceiptMerchant.line(lines, words, order, skipping: margins)
        return ReceiptSuggestion(
            merchant: merchantLine.map { ReceiptMerchant.name(lines, at: $0, order) }, date: date(lines, words, order, skipping: margins),
            amount: total?.amount, currency: currency,
            category: ReceiptCategories.guess(lines: words, merchantLine: merchantLine),
            vat: ReceiptVAT.suggest(lines, words, total: total?.amount))
    }

    // MARK: - Total

    /// Labels of the amount to pay, strongest first. A phrase is matched at word boundaries.
    public static let finalPhrases = [
        "total a payer", "montant a payer", "net a payer", "a payer", "zu zahlen", "amount due",
        "balance due", "total due", "grand total", "total paid", "total ttc", "montant ttc",
        "importe total", "totale complessivo",
    ]
    /// Words that label a total (as whole words or, for German compounds, as their ending).
    public static let totalWords = [
        "total", "totale", "totaal", "summe", "sum", "gesamt", "betrag", "ttc", "montant", "amount",
        "importe", "zahlbetrag",
    ]
    public static let totalEndings = ["betrag", "summe", "gesamt"]
    /// Labels OCR often glues to the next word ("SUMMEEUR", "TOTALCHF").
    public static let totalBeginnings = ["summe", "total", "gesamt", "betrag"]
    /// Words of lines that print another amount: subtotals, taxes, tips, change, discounts.
    public static let otherWords: Set<String> = [
        "subtotal", "sub", "zwischensumme", "zwischentotal", "ht", "netto", "net", "mwst", "ust", "vat", "tax", "taxes",
        "tva", "steuer", "iva", "tip", "trinkgeld", "pourboire", "gratuity", "change", "rueckgeld", "wechselgeld",
        "rendu", "monnaie", "cash", "bar", "gegeben", "given", "tendered", "discount", "rabatt", "remise", "savings",
        "saved", "items", "artikel", "qty", "menge", "punkte", "points", "darin", "enthaltene", "enthalten",
    ]
    public static let subtotalWords: Set<String> = ["subtotal", "sub", "zwischensumme", "zwischentotal", "soustotal"]
    /// Beginnings of German compounds of another amount: Steuerbetrag, Mehrwertsteuerbetrag,
    /// Nettobetrag, Nettosumme are labelled by their ending like Gesamtbetrag, and are not it.
    public static let otherCompoundParts = ["steuer", "netto", "mwst", "ust", "rabatt", "trinkgeld", "rueckgeld", "wechselgeld"]
    /// Words that make a total with a tax word the total including tax: "Summe inkl. MwSt".
    public static let includingWords: Set<String> = ["inkl", "incl", "including", "einschl", "einschliesslich", "inclus"]

    /// The labelled total: the best label wins, and of equal labels the lowest on the receipt
    /// (a receipt prints its subtotals before the amount to pay).
    public static func total(_ lines: [String], _ words: [ReceiptWords]) -> (amount: String, line: Int)? {
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
            var amount = ReceiptAmounts.amounts(in: lines[index]).last?.decimal
            // The amount may have been read onto a line of its own below the label.
            if amount == nil, index + 1 < lines.count,
                words[index + 1].words.allSatisfy({ ReceiptAmounts.codes[$0] != nil || $0 == "fr" || $0 == "sfr" })
            {
                amount = ReceiptAmounts.amounts(in: lines[index + 1]).last?.decimal
            }
            guard let amount, amount != "0.00" else { continue }
            if best.map({ score >= $0.score }) ?? true { best = (score, amount, index) }
        }
        return best.map { ($0.amount, $0.line) }
    }

    /// A word of a line that prints another amount than the total, compounds included.
    static func isOtherWord(_ word: String) -> Bool {
        otherWords.contains(word) || word.count > 6 && otherCompoundParts.contains { word.hasPrefix($0) || word.contains($0 + "betrag") }
    }

    // MARK: - Date

    /// Words that label the date of the purchase, and words of other dates (arrival, travel,
    /// validity) that a receipt also prints.
    public static let dateLabels: Set<String> = ["datum", "date", "rechnungsdatum", "belegdatum", "le", "fecha", "data", "issued", "issue"]
    public static let otherDateWords: Set<String> = [
        "anreise", "arrival", "arrivee", "checkin", "check", "entry", "einfahrt",
        "travel", "valid", "gueltig", "depart", "departure", "from", "von",
        "geburtsdatum", "expires", "exp",
    ]

    /// The labelled date of purchase; else the first date that is not an arrival or travel date;
    /// else the first date. A browser's print header or footer (`margins`) dates the printing,
    /// not the purchase, and is passed over.
    public static func date(
        _ lines: [String], _ words: [ReceiptWords], _ order: ReceiptDates.SlashOrder, skipping margins: Set<Int> = []
    ) -> CalendarDate? {
        var best: (score: Int, date: CalendarDate)?
        for (index, line) in lines.enumerated() where !margins.contains(index) {
            guard let date = ReceiptDates.dates(in: line, slashOrder: order).first else { continue }
            var score = 0
            if words[index].words.contains(where: dateLabels.contains) { score += 2 }
            if words[index].words.contains(where: otherDateWords.contains) { score -= 2 }
            if best.map({ score > $0.score }) ?? true { best = (score, date) }
        }
        return best?.date
    }

    private static func mostFrequent(_ codes: [String]) -> String? {
        var counts: [String: Int] = [:]
        for code in codes { counts[code, default: 0] += 1 }
        // Ties go to the one printed first.
        return codes.max { counts[$0, default: 0] < counts[$1, default: 0] }
    }
}
