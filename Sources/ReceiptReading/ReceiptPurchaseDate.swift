import ExpenseCore
import ExpenseSupport

/// The date of the purchase a receipt or an invoice prints: its invoice or receipt date
/// ("Invoice date", "Rechnungsdatum", "Date de facture", "Fecha de factura", "Data fattura",
/// "Tarikh"), not a due, delivery, print, arrival or validity date it prints as well.
extension ReceiptTextReader {
    /// Words that label the date of the purchase.
    public static let dateLabels: Set<String> = [
        "datum", "date", "le", "fecha", "data", "issued", "issue", "tarikh", "invoice", "rechnung", "facture", "factura",
        "fattura", "factuur", "invois",
    ]
    /// Labels of the invoice's or receipt's own date, stronger than a bare "Date".
    public static let invoiceDatePhrases = [
        "rechnungsdatum", "belegdatum", "ausstellungsdatum", "invoice date", "date of invoice", "receipt date", "issue date",
        "date of issue", "date de facture", "date facture", "fecha de factura", "fecha factura", "fecha de emision",
        "data fattura", "data della fattura", "data emissione", "tarikh invois", "tarikh resit", "factuurdatum",
    ]
    /// Words of other dates a receipt also prints: arrival, travel, validity, payment due,
    /// delivery, printing.
    public static let otherDateWords: Set<String> = [
        "anreise", "arrival", "arrivee", "checkin", "check", "entry", "einfahrt",
        "travel", "valid", "gueltig", "depart", "departure", "from", "von",
        "geburtsdatum", "expires", "exp", "expiry", "until", "bis",
        "due", "faellig", "faelligkeit", "faelligkeitsdatum", "zahlbar", "zahlungsziel", "payable", "echeance", "vencimiento",
        "scadenza", "akhir", "delivery", "delivered", "lieferdatum", "liefertermin", "livraison", "entrega", "consegna",
        "printed", "print", "gedruckt", "imprime", "limite", "prelevement", "vervaldatum", "leverdatum",
    ]

    /// The labelled date of purchase, an invoice date before a plain "Date"; else the first date
    /// that is not a due, delivery, print, arrival or travel date; else the first date. A label
    /// on a line of its own labels the date below it. A browser's print header or footer
    /// (`margins`) dates the printing, not the purchase, and is passed over.
    public static func date(
        _ lines: [String], _ words: [ReceiptWords], _ order: ReceiptDates.SlashOrder, skipping margins: Set<Int> = []
    ) -> CalendarDate? {
        func labelScore(_ index: Int) -> Int {
            var score = 0
            if invoiceDatePhrases.contains(where: { words[index].contains(phrase: $0) }) {
                score += 3
            } else if words[index].words.contains(where: dateLabels.contains) {
                score += 2
            }
            if words[index].words.contains(where: otherDateWords.contains) { score -= 4 }
            return score
        }
        var best: (score: Int, date: CalendarDate)?
        var labelAbove: Int?
        for (index, line) in lines.enumerated() where !margins.contains(index) {
            guard let date = ReceiptDates.dates(in: line, slashOrder: order).first else {
                labelAbove = labelScore(index) != 0 ? index : nil
                continue
            }
            var score = labelScore(index)
            if score == 0, let labelAbove { score = labelScore(labelAbove) }
            labelAbove = nil
            if best.map({ score > $0.score }) ?? true { best = (score, date) }
        }
        return best?.date
    }
}
