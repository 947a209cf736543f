import ExpenseCore
import ExpenseSupport

/// Reads a suggestion for an expense — merchant, date, total, currency, category — from the text
/// OCR found on a receipt. Pure: it sees only the text, so it is tested on fixed OCR output in
/// several languages and layouts.
public enum ReceiptTextReader {
    /// The most text read: a receipt's OCR text is a few KiB, and the OCR engine may hand over
    /// 8 MiB of whatever it saw in a large picture. What follows is not looked at.
    public static let maximumTextBytes = 64 << 10

    /// The suggestion from `text`; `unsure` are lines OCR could hardly read, which are no name.
    public static func suggestion(from text: String, unsure: Set<String> = []) -> ReceiptSuggestion {
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
        let (total, currency, order) = money(lines, words)
        let unsureLines = Set(lines.indices.filter { unsure.contains(lines[$0]) })
        let merchant = ReceiptMerchant.find(lines, words, order, skipping: margins.union(unsureLines))
        let merchantLine = merchant?.line
        return ReceiptSuggestion(
            merchant: merchant?.name, date: date(lines, words, order, skipping: margins),
            amount: total?.amount, currency: currency,
            category: ReceiptCategories.guess(lines: words, merchantLine: merchantLine),
            vat: ReceiptVAT.suggest(lines, words, total: total?.amount),
            doubts: total.map { ReceiptArithmetic.doubts(lines, words, total: $0.amount, totalLine: $0.line) } ?? [])
    }

    /// The currency a receipt prints alone on a line, over its column of amounts ("EUR"): an
    /// ISO code in capitals.
    static func columnCurrency(_ lines: [String]) -> String? {
        lines.lazy.compactMap { line in line.count == 3 && line == line.uppercased() ? CurrencyTable.standard.currency(line)?.code : nil }
            .first
    }

    /// The total (labelled, else `unlabelledTotal`) and its currency — the one printed at the
    /// total, else the one printed most often at an amount, a symbol of several countries' read
    /// as the country's the receipt names, else one over a column of amounts — and the order its
    /// dates are written in.
    static func money(_ lines: [String], _ words: [ReceiptWords]) -> (
        total: (amount: String, line: Int)?, currency: String?, order: ReceiptDates.SlashOrder
    ) {
        let country = ReceiptCurrencies.country(in: lines, words)
        let found = lines.map(ReceiptCurrencies.found(in:))
        func currency(_ line: Int) -> String? {
            found.indices.contains(line) ? found[line].first.map { ReceiptCurrencies.resolve($0.codes, country: country) } : nil
        }
        let mostPrinted = mostFrequent(found.flatMap { $0.map { ReceiptCurrencies.resolve($0.codes, country: country) } })
        let minorDigits = mostPrinted.flatMap { CurrencyTable.standard.currency($0)?.minorDigits } ?? 2
        let total =
            self.total(lines, words, currencies: found, minorDigits: minorDigits)
            ?? unlabelledTotal(lines, words, currencies: found)
        let currency = total.flatMap { currency($0.line) ?? currency($0.line + 1) } ?? mostPrinted ?? columnCurrency(lines)
        return (total, currency, ReceiptCurrencies.slashOrder(country: country, currency: currency))
    }

    private static func mostFrequent(_ codes: [String]) -> String? {
        var counts: [String: Int] = [:]
        for code in codes { counts[code, default: 0] += 1 }
        // Ties go to the one printed first.
        return codes.max { counts[$0, default: 0] < counts[$1, default: 0] }
    }
}
