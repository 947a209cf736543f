import ExpenseCore
import ExpenseSupport
import ReceiptReading
import Rendering

/// How receipts look in each output format.
enum ReceiptView {
    /// When it was captured is whole; on a narrow terminal its size, then its type, then its
    /// file's name (the merchant says what it is) give way before the merchant is cut.
    static let columns: [Listing.Column] = [
        .init("id", "id"), .init("capturedAt", "captured", fit: .whole), .init("mediaType", "type", drop: 2),
        .init("size", "size", drop: 3), .init("name", "name", drop: 1), .init("expenseIds", "expenses"),
        .init("merchant", "merchant"), .init("date", "date"), .init("total", "total"),
    ]

    static func listing(_ receipts: [Receipt], note: String? = nil) -> Listing {
        Listing(
            columns: columns,
            rows: receipts.map { receipt in
                let suggestion = receipt.ocr.suggestion
                return [
                    .int(receipt.id), .time(receipt.capturedAt), .text(receipt.mediaType.name),
                    .bytes(receipt.size), .text(name(receipt)), .ids(receipt.expenseIDs),
                    .text(suggestion.merchant ?? ""), .date(suggestion.date), .amount(suggestion.amount, currency: suggestion.currency),
                ]
            }, note: note)
    }

    /// Where it came from, for people: its file name, or its source.
    static func name(_ receipt: Receipt) -> String {
        receipt.originalName.isEmpty ? "(\(receipt.source.rawValue))" : receipt.originalName
    }

    /// "1,234.56 EUR", or the bare amount when no currency was printed; a currency filled in
    /// is said to be a guess: "12.50 EUR (currency a guess: the receipt names none)".
    static func total(_ suggestion: ReceiptSuggestion) -> String? {
        guard let amount = suggestion.amount else { return nil }
        let guess = suggestion.currencyIsGuess && suggestion.currency != nil ? " (currency a guess: the receipt names none)" : ""
        guard let code = suggestion.currency, let currency = CurrencyTable.standard.currency(code),
            let money = try? Money.parse(amount, currency: currency)
        else {
            return amount + (suggestion.currency.map { " \($0)" } ?? "") + guess
        }
        return money.description + guess
    }

    /// The suggestion as shown: the doubts its text raises, read again (they are not stored),
    /// when that text still reads the same total; and, when it prints no currency, `currency`
    /// (the report's or the traveller's), said to be a guess.
    static func suggestion(_ ocr: ReceiptOCR, guessing currency: String?) -> ReceiptSuggestion {
        var suggestion = ocr.suggestion
        if ocr.status == .done, suggestion.doubts.isEmpty, suggestion.amount != nil {
            let again = ReceiptTextReader.suggestion(from: ocr.text)
            if again.amount == suggestion.amount { suggestion.doubts = again.doubts }
        }
        if suggestion.currency == nil, suggestion.amount != nil, let currency {
            suggestion.currency = currency
            suggestion.currencyIsGuess = true
        }
        return suggestion
    }

    /// "Doubt: the items add up to 31.00 but the total reads 34.00; check the total", one a line.
    static func doubtLines(_ suggestion: ReceiptSuggestion) -> [String] {
        suggestion.doubts.map { "Doubt: \($0)" }
    }

    static func json(_ receipt: Receipt, path: String?, suggestion: ReceiptSuggestion? = nil) -> JSONValue {
        .object([
            ("id", .int(receipt.id)), ("sha256", .string(receipt.sha256)), ("mediaType", .string(receipt.mediaType.rawValue)),
            ("size", .int(receipt.size)), ("originalName", .string(receipt.originalName)), ("source", .string(receipt.source.rawValue)),
            ("capturedAt", .string(receipt.capturedAt)), ("takenAt", .string(receipt.takenAt)),
            ("width", receipt.width.map { .int(Int64($0)) } ?? .null), ("height", receipt.height.map { .int(Int64($0)) } ?? .null),
            ("expenseIds", .array(receipt.expenseIDs.map { .int($0) })), ("path", .string(path)),
            (
                "ocr",
                .object([
                    ("status", .string(receipt.ocr.status.rawValue)), ("note", .string(receipt.ocr.note)),
                    ("text", .string(receipt.ocr.text)), ("suggestion", json(suggestion ?? receipt.ocr.suggestion)),
                ])
            ),
        ])
    }

    static func json(_ suggestion: ReceiptSuggestion) -> JSONValue {
        .object([
            ("merchant", .string(suggestion.merchant)), ("date", .date(suggestion.date)),
            ("total", suggestion.amount.map { .object([("amount", .string($0)), ("currency", .string(suggestion.currency))]) } ?? .null),
            ("category", .string(suggestion.category)), ("currencyIsGuess", .bool(suggestion.currencyIsGuess)),
            ("doubts", .array(suggestion.doubts.map { .string($0) })),
        ])
    }

    /// The suggestion on one line: "HOTEL ASTORIA · 2026-03-06 · 1,234.56 EUR · lodging".
    static func suggestionLine(_ suggestion: ReceiptSuggestion) -> String {
        let parts = [suggestion.merchant, suggestion.date?.description, total(suggestion), suggestion.category].compactMap { $0 }
        return parts.isEmpty ? "nothing recognised" : parts.joined(separator: " · ")
    }

    /// What reading the receipt did, for people: "OCR read by tesseract, eng+deu: …", "Read from
    /// the PDF's text: …", "OCR skipped: …".
    static func ocrLine(_ ocr: ReceiptOCR, suggestion: ReceiptSuggestion) -> String {
        switch ocr.status {
        case .done:
            return (ownText(ocr.note).map { "Read from \($0)" } ?? "OCR read by \(ocr.note)") + ": " + suggestionLine(suggestion)
        case .skipped: return "OCR skipped: \(ocr.note)"
        case .failed: return "OCR failed: \(ocr.note)"
        }
    }

    /// The text a receipt brings itself, which no OCR read, by the note kept with it ("the PDF's
    /// text" for pdftotext's); nil for a picture's or a scan's, which OCR read.
    static func ownText(_ note: String) -> String? {
        switch note {
        case "pdftotext": return "the PDF's text"
        case "e-mail text": return "the e-mail's text"
        default: return nil
        }
    }
}

/// `receipt show`: the facts, the suggestion and the text that was read.
struct ReceiptDetail: Document {
    let receipt: Receipt
    /// Its file in the vault.
    let path: String?
    /// The currency its total is in when it prints none: the traveller's.
    var guessedCurrency: String?

    /// What it seems to say, as shown.
    private var suggestion: ReceiptSuggestion { ReceiptView.suggestion(receipt.ocr, guessing: guessedCurrency) }

    var text: String {
        var text = "Receipt \(receipt.id)\n"
        let pixels = receipt.width.flatMap { width in receipt.height.map { ", \(width) × \($0) pixels" } } ?? ""
        var rows: [(String, String)] = [
            ("SHA-256", receipt.sha256), ("Type", receipt.mediaType.name + pixels),
            ("Size", "\(receipt.size) bytes (\(ByteSize.describe(receipt.size)))"),
            ("Source", receipt.source.rawValue + (receipt.originalName.isEmpty ? "" : " \(receipt.originalName)")),
            ("Captured", LocalTime.forPeople(receipt.capturedAt)),
        ]
        if let taken = receipt.takenAt { rows.append(("Taken", taken.replacing("T", with: " ") + " (camera time, EXIF)")) }
        rows.append(("Expenses", receipt.expenseIDs.isEmpty ? "(none)" : receipt.expenseIDs.map(String.init).joined(separator: ", ")))
        if let path { rows.append(("File", path)) }
        let read = ReceiptView.ownText(receipt.ocr.note).map { "read from \($0)" } ?? receipt.ocr.note
        rows.append(("OCR", receipt.ocr.status == .done ? "done (\(read))" : "\(receipt.ocr.status.rawValue): \(receipt.ocr.note)"))
        for (label, value) in rows { text += "  " + (label + ":").padding(11) + value + "\n" }
        let suggestion = self.suggestion
        text += "Suggestion:\n"
        let fields: [(String, String?)] =
            [
                ("Merchant", suggestion.merchant), ("Date", suggestion.date?.description),
                ("Total", ReceiptView.total(suggestion)), ("Category", suggestion.category),
            ] + suggestion.doubts.map { ("Doubt", $0) }
        for (label, value) in fields { text += "  " + (label + ":").padding(11) + (value ?? "-") + "\n" }
        if !receipt.ocr.text.isEmpty {
            text +=
                "OCR text:\n"
                + receipt.ocr.text.split(separator: "\n", omittingEmptySubsequences: false).map { "  | \($0)" }
                .joined(separator: "\n") + "\n"
        }
        return text
    }

    var json: JSONValue { ReceiptView.json(receipt, path: path, suggestion: suggestion) }
    var rows: Listing? { ReceiptView.listing([receipt]) }
}
