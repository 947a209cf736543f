import ExpenseCore
import ExpenseStore
import ExpenseSupport

#if canImport(Glibc)
import Glibc
#endif

/// What `receipt capture` (the takePhoto quick action) asks on a terminal: the file when there is
/// neither a camera nor a new photo in the inbox, then the expense the receipt is for, each field
/// filled in with what OCR read, to confirm with Enter or correct.
enum ReceiptForm {
    /// Asks for the receipt's file; TAB completes paths. The file as typed (`~` expanded); it is
    /// checked in `environment`'s working directory, where the caller reads it.
    static func file(reader: LineReader, in environment: Environment) throws -> String {
        let form = Form(
            heading: "Nothing to capture from a camera or the receipt inbox",
            fields: [
                Form.Field("file", "Receipt file (a photo or a PDF)", required: true)
                    .completing { PathCompletion.candidates($0, in: environment) }
                    .checking { text, _ in
                        let path = PathCompletion.expandingHome(text, in: environment)
                        guard access(environment.path(path), R_OK) == 0 else {
                            throw ExpenseError(.noInput, "cannot read \(text): \(String(cString: strerror(errno)))")
                        }
                        return path
                    }
            ])
        guard let path = try form.ask(reader: reader).value("file", as: String.self) else { throw Form.cancelled }  // required: never
        return path
    }

    /// The expense to make of a captured receipt, as confirmed or corrected; nil when the person
    /// wants none (the receipt is kept unattached).
    static func expense(from draft: ReceiptExpenseDraft, label: String, store: Store, reader: LineReader) throws -> ReceiptExpenseDraft? {
        let place = draft.report.map { "report \($0.id): \($0.title)" } ?? "no report (unassigned)"
        func read(_ field: ReceiptExpenseDraft.Field) -> (Form.Answers) -> String? { { _ in field.value.isEmpty ? nil : field.value } }
        let defaults = ExpenseFields.Defaults(
            date: read(draft.date), merchant: read(draft.merchant), category: read(draft.category),
            currency: read(draft.currency), amount: read(draft.amount), vat: read(draft.vat))
        let fields = try ExpenseFields.make(store: store, report: { _ in draft.report }, defaults: defaults).map {
            noting($0, of: draft)
        }
        let create = Form.Field("create", "Create an expense from it (yes/no)", required: true)
            .suggesting { _ in "yes" }
            .checking { text, _ in
                switch text.lowercased() {
                case "y", "yes": return true
                case "n", "no": return false
                default: throw ExpenseError(.usage, "answer yes or no")
                }
            }
        let form = Form(
            heading: "Expense from \(label), in \(place)",
            fields: [create] + fields.map { $0.askedOnly(when: { $0.value("create", as: Bool.self) == true }) })
        let answers = try form.ask(reader: reader)
        guard answers.value("create", as: Bool.self) == true else { return nil }
        // The draft keeps text, each field as confirmed.
        var confirmed = draft
        for field in fields {
            if let word = answers.words[field.name] { try confirmed.change(field.name, to: word) }
        }
        // The receipt's VAT taken as suggested stays a suggestion (left out where the rate table refuses it).
        if confirmed.vat.value == draft.vat.value { confirmed.vat.origin = draft.vat.origin }
        return confirmed
    }

    /// `field` labelled with what the person must know before taking its default, as the draft's
    /// summary and the capture's output say it: a currency the receipt does not print is a guess,
    /// and a total its own arithmetic doubts is in doubt, each doubt said.
    private static func noting(_ field: Form.Field, of draft: ReceiptExpenseDraft) -> Form.Field {
        switch field.name {
        case "currency" where [.report, .settings].contains(draft.currency.origin):
            let label = "\(field.label) (\(draft.currency.origin.rawValue))"
            return field.labelled { _ in label }
        case "amount" where !draft.doubts.isEmpty:
            let label = "\(field.label) (in doubt: \(draft.doubts.joined(separator: "; also ")))"
            return field.labelled { _ in label }
        default:
            return field
        }
    }
}
