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
        let categories = try store.categories().map(\.code)
        func blank(_ value: String) -> String? { value.isEmpty ? nil : value }
        func currency(_ answers: Form.Answers) -> String { answers["currency"] ?? draft.currency.value }
        let form = Form(heading: "Expense from \(label), in \(place)", fields: [
            Form.Field("create", "Create an expense from it (yes/no)", required: true)
                .suggesting { _ in "yes" }
                .checking { text, _ in
                    switch text.lowercased() {
                    case "y", "yes": return "yes"
                    case "n", "no": return "no"
                    default: throw ExpenseError(.usage, "answer yes or no")
                    }
                },
            Form.Field("date", "Date", required: true)
                .asked { $0["create"] == "yes" }
                .suggesting { _ in blank(draft.date.value) }
                .checking { text, _ in try CalendarDate.parse(text).description },
            Form.Field("merchant", "Merchant")
                .asked { $0["create"] == "yes" }
                .suggesting { _ in blank(draft.merchant.value) }
                .completing { typed in (try? store.merchants(startingWith: typed)) ?? [] },
            Form.Field("category", "Category", required: true)
                .asked { $0["create"] == "yes" }
                .suggesting { answers in
                    answers["merchant"].flatMap { try? store.lastCategory(forMerchant: $0) } ?? blank(draft.category.value)
                }
                .completing { typed in categories.filter { $0.hasPrefix(typed.lowercased()) } }
                .checking { text, _ in try store.category(text).code },
            Form.Field("currency", "Currency", required: true)
                .asked { $0["create"] == "yes" }
                .suggesting { _ in blank(draft.currency.value) }
                .completing { typed in CurrencyChoice.candidates(typed) }
                .checking { text, _ in try CurrencyTable.standard.require(text).code },
            Form.Field("amount", "Amount", required: true)
                .asked { $0["create"] == "yes" }
                .suggesting { _ in blank(draft.amount.value) }
                .checking { text, answers in
                    _ = try Money.parse(text, currency: try CurrencyTable.standard.require(currency(answers)))
                    return text
                },
            Form.Field("rate", "Rate", required: true)
                .labelled { answers in "Rate (1 \(currency(answers)) in \(draft.report?.currency.code ?? ""))" }
                .asked { answers in
                    guard answers["create"] == "yes", let report = draft.report,
                          let paid = try? CurrencyTable.standard.require(currency(answers)), paid != report.currency,
                          let day = answers["date"].flatMap({ try? CalendarDate.parse($0) }) else { return false }
                    return (try? store.rateSource().rate(from: paid, to: report.currency, on: day)) == nil
                }
                .checking { text, _ in
                    _ = try ExchangeRate.parse(text)
                    return text
                },
        ])
        let answers = try form.ask(given: [:], reader: reader)
        guard answers["create"] == "yes" else { return nil }
        var confirmed = draft
        for name in ["date", "merchant", "category", "currency", "amount", "rate"] {
            if let value = answers[name] { try confirmed.change(name, to: value) }
        }
        return confirmed
    }
}
