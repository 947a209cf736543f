import ExpenseCore
import ExpenseStore
import ExpenseSupport
import ReceiptReading

/// The expense `receipt capture --create` proposes: each field from the command line, else from
/// what the receipt says, else a default — and where each came from, so the user sees what was
/// guessed before confirming.
struct ReceiptExpenseDraft {
    enum Origin: String {
        case given = "given"
        case receipt = "read from the receipt"
        case guessed = "guessed from the receipt"
        case photo = "the photo's date"
        case today = "today"
        case report = "a guess: the receipt names none; the report's"
        case settings = "a guess: the receipt names none; the default currency"
        case missing = "not read: give it"
        case notStated = "none read"
    }

    struct Field {
        var value: String
        var origin: Origin
    }

    var report: Report?
    var date: Field
    var amount: Field
    var currency: Field
    var merchant: Field
    var category: Field
    /// The VAT in the amount as `--vat` takes it; empty: none.
    var vat: Field
    /// A rate into the report's currency, when given; else the ECB's of the date, if loaded.
    var rate: String?
    var description: String
    /// What the receipt's own arithmetic says about the total read ("the items add up to 31.00
    /// but the total reads 34.00; check the total"); none once the amount is given.
    var doubts: [String]

    /// The fields the user can change in the dialog, by the name typed.
    static let fieldNames = ["date", "amount", "currency", "merchant", "category", "vat", "rate"]

    init(
        suggestion: ReceiptSuggestion, takenOn: CalendarDate?, overrides: [String: String], report: Report?,
        defaultCurrency: String, today: CalendarDate
    ) {
        self.report = report
        func field(_ name: String, _ read: String?, _ readOrigin: Origin, fallback: Field) -> Field {
            if let given = overrides[name] { return Field(value: given, origin: .given) }
            if let read, !read.isEmpty { return Field(value: read, origin: readOrigin) }
            return fallback
        }
        date = field(
            "date", suggestion.date?.description, .receipt,
            fallback: takenOn.map { Field(value: $0.description, origin: .photo) } ?? Field(value: today.description, origin: .today))
        amount = field("amount", suggestion.amount, .receipt, fallback: Field(value: "", origin: .missing))
        currency = field(
            "currency", suggestion.currency, .receipt,
            fallback: report.map { Field(value: $0.currency.code, origin: .report) }
                ?? Field(value: defaultCurrency, origin: .settings))
        merchant = field("merchant", suggestion.merchant, .receipt, fallback: Field(value: "", origin: .missing))
        category = field("category", suggestion.category, .guessed, fallback: Field(value: "", origin: .missing))
        vat = field("vat", suggestion.vat, .receipt, fallback: Field(value: "", origin: .notStated))
        if vat.origin == .given, vat.value.lowercased() == "none" { vat.value = "" }
        rate = overrides["rate"]
        description = overrides["description"] ?? ""
        doubts = amount.origin == .receipt ? suggestion.doubts : []
    }

    /// Whether the user must confirm: some value that counts (date, amount, category) was not given.
    var needsConfirmation: Bool {
        [date, amount, category].contains { $0.origin != .given }
    }

    /// The draft for people, one field a line with where it came from.
    func summary(of receiptLabel: String) -> String {
        var text = "Expense to create from \(receiptLabel):\n"
        let place = report.map { "report \($0.id) (\($0.title))" } ?? "(unassigned)"
        let rows: [(String, String, Origin?)] =
            [
                ("Report", place, nil), ("Date", date.value, date.origin), ("Amount", amount.value, amount.origin),
                ("Currency", currency.value, currency.origin), ("Merchant", merchant.value, merchant.origin),
                ("Category", category.value, category.origin), ("VAT", vat.value, vat.origin),
            ] + (rate.map { [("Rate", $0, Origin.given)] } ?? [])
        let width = rows.map { $0.1.count }.max() ?? 0
        for (label, value, origin) in rows {
            let note = origin.map { "  (\($0.rawValue))" } ?? ""
            let shown = value.isEmpty ? "-" : value
            text += "  " + (label + ":").padding(10) + (note.isEmpty ? shown : shown.padding(max(width, 1)) + note) + "\n"
        }
        for doubt in doubts { text += "  " + "Doubt:".padding(10) + doubt + "\n" }
        return text
    }

    /// Changes one field, as typed in the dialog (`amount 12.50`) or given as an option.
    mutating func change(_ name: String, to value: String) throws {
        let value = value.trimmingSpaces
        switch name {
        case "date": date = Field(value: value, origin: .given)
        case "amount":
            amount = Field(value: value, origin: .given)
            doubts = []
        case "currency": currency = Field(value: value.uppercased(), origin: .given)
        case "merchant": merchant = Field(value: value, origin: .given)
        case "category": category = Field(value: value.lowercased(), origin: .given)
        case "vat": vat = Field(value: value.lowercased() == "none" ? "" : value, origin: .given)
        case "rate": rate = value.isEmpty ? nil : value
        default:
            let suggestion = Suggestion.closest(to: name, among: Self.fieldNames)
            throw ExpenseError(
                .usage, "there is no field '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""),
                hint: "the fields are " + Self.fieldNames.joined(separator: ", "))
        }
    }

    /// The expense, checked against the store (category, currency, amount digits) and converted
    /// into the report's currency. Call inside the write that inserts it.
    func expense(in store: Store) throws -> Expense {
        guard !amount.value.isEmpty else {
            throw ExpenseError(.invalidData, "no total was read from the receipt", hint: "give the amount: --amount 12.50")
        }
        guard !category.value.isEmpty else {
            throw ExpenseError(
                .invalidData, "the receipt does not say which category it is",
                hint: "give it: --category CODE ('expenses category list' shows the codes)")
        }
        let currency = try CurrencyTable.standard.require(self.currency.value)
        var item = Expense(
            reportID: report?.id, date: try CalendarDate.parse(date.value), category: try store.category(category.value).code,
            merchant: merchant.value, description: description,
            amount: try Money.parse(amount.value, currency: currency))
        if !vat.value.isEmpty { item.vat = try VATSplit.parse(vat.value, amount: item.amount) }
        // What the receipt's reading suggested is left out where the rate table refuses it (a
        // Swiss bill in a German trip): a suggestion, not what the person said.
        if vat.origin == .receipt, item.vat != nil, (try? store.requireVATRates(item)) == nil { item.vat = nil }
        try item.validate()
        if item.category == Journey.category {
            throw ExpenseError(
                .invalidData, "a mileage item is computed from its distance, not read from a receipt",
                hint: "add it with: expenses expense add --category mileage --distance KM; or give the receipt another --category")
        }
        let manualRate = try rate.map { text throws(ExpenseError) in try ExchangeRate.parse(text) }
        if let report {
            item.conversion = try Expense.Conversion.of(
                item.amount, on: item.date, into: report.currency, manualRate: manualRate,
                rates: store.rateSource())
        } else if manualRate != nil {
            throw ExpenseError(.usage, "--rate needs a report to convert into", hint: "give --report, or open a report first")
        }
        return item
    }
}
