#if canImport(Glibc)
import Glibc
#endif
import ExpenseCore
import ExpenseStore
import ExpenseSupport

/// What `receipt capture` (the takePhoto quick action) asks on a terminal: the file when there is
/// neither a camera nor a new photo in the inbox, then the expense the receipt is for, each field
/// filled in with what OCR read, to confirm with Enter or correct.
enum ReceiptForm {
    /// Asks for the receipt's file; TAB completes paths.
    static func file(reader: LineReader) throws -> String {
        let form = Form(heading: "Nothing to capture from a camera or the receipt inbox", fields: [
            Form.Field("file", "Receipt file (a photo or a PDF)", required: true)
                .completing(PathCompletion.candidates)
                .checking { text, _ in
                    let path = PathCompletion.expandingHome(text)
                    guard access(path, R_OK) == 0 else {
                        throw ExpenseError(.noInput, "cannot read \(text): \(String(cString: strerror(errno)))")
                    }
                    return path
                },
        ])
        return try form.ask(given: [:], reader: reader)["file"] ?? ""
    }

    /// The expense to make of a captured receipt, as confirmed or corrected; nil when the person
    /// wants none (the receipt is kept unattached).
    static func expense(from draft: ReceiptExpenseDraft, label: String, store: Store, reader: LineReader) throws -> ReceiptExpenseDraft? {
        let place = draft.report.map { "report \($0.id): \($0.title)" } ?? "no report (unassigned)"
        let values = ["date": draft.date.value, "merchant": draft.merchant.value, "category": draft.category.value,
                      "currency": draft.currency.value, "amount": draft.amount.value]
        let fields = try ExpenseFields.make(store: store, report: { _ in draft.report }) { name, _ in
            values[name].flatMap { $0.isEmpty ? nil : $0 }
        }
        let create = Form.Field("create", "Create an expense from it (yes/no)", required: true)
            .suggesting { _ in "yes" }
            .checking { text, _ in
                switch text.lowercased() {
                case "y", "yes": return "yes"
                case "n", "no": return "no"
                default: throw ExpenseError(.usage, "answer yes or no")
                }
            }
        let form = Form(heading: "Expense from \(label), in \(place)",
                        fields: [create] + fields.map { $0.askedOnly(when: { $0["create"] == "yes" }) })
        let answers = try form.ask(given: [:], reader: reader)
        guard answers["create"] == "yes" else { return nil }
        var confirmed = draft
        for name in ["date", "merchant", "category", "currency", "amount", "rate"] {
            if let value = answers[name] { try confirmed.change(name, to: value) }
        }
        return confirmed
    }
}
