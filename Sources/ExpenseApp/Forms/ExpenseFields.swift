import ExpenseCore
import ExpenseStore
import ExpenseSupport

/// The fields of one expense as every form asks them — date, merchant, category, currency,
/// amount, and a rate when the currency is not the report's and the rate table has none for the
/// day — each read as its option reads it. The forms differ only in their defaults, and in
/// whether they take a journey and nights: then a mileage item is asked its distance, vehicle
/// and places instead of a currency and an amount, and a lodging bill its nights.
enum ExpenseFields {
    typealias Options = ExpenseCommands.Options

    /// Each field's default, as it would be typed, given the answers so far; nil: none.
    struct Defaults {
        var date: (Form.Answers) -> String? = { _ in nil }
        var merchant: (Form.Answers) -> String? = { _ in nil }
        /// After the category last used for the merchant.
        var category: (Form.Answers) -> String? = { _ in nil }
        var currency: (Form.Answers) -> String? = { _ in nil }
        var amount: (Form.Answers) -> String? = { _ in nil }
        /// What the receipt states, as `--vat` takes it.
        var vat: (Form.Answers) -> String? = { _ in nil }
    }

    /// - Parameters:
    ///   - report: the report the expense goes to, given the answers so far.
    ///   - decimalMark: the locale's, which the amount typed may use (the command reads it the same way).
    static func make(
        store: Store, report: @escaping (Form.Answers) -> Report?, decimalMark: DecimalMark = .point,
        defaults: Defaults, allowances: Bool = false
    ) throws -> [Form.Field] {
        func category(_ answers: Form.Answers) -> String? { answers[Options.category]?.code }
        func isMileage(_ answers: Form.Answers) -> Bool { allowances && category(answers) == ExpenseCommands.mileageCategory }
        let categories = try store.categories().map(\.code)
        func currency(_ answers: Form.Answers) -> Currency? {
            if isMileage(answers) {
                // A mileage item is in its rate's currency.
                return day(answers).flatMap { try? store.mileageRate(answers[Options.vehicle] ?? .car, on: $0).perKilometre.currency }
            }
            return answers[Options.currency] ?? defaults.currency(answers).flatMap { try? Currency(argument: $0) }
        }
        func day(_ answers: Form.Answers) -> CalendarDate? {
            answers[Options.date] ?? defaults.date(answers).flatMap { try? CalendarDate(argument: $0) }
        }
        var fields = [
            Form.Field(Options.date, "Date", required: true)
                .suggesting(defaults.date),
            Form.Field(Options.merchant, "Merchant")
                .suggesting(defaults.merchant)
                .completing { typed in (try? store.merchants(startingWith: typed)) ?? [] },
            Form.Field(Options.category, "Category", required: true) { _ in store }
                .suggesting { answers in
                    answers[Options.merchant].flatMap { try? store.lastCategory(forMerchant: $0) } ?? defaults.category(answers)
                }
                .completing { typed in categories.filter { $0.hasPrefix(typed.lowercased()) } },
        ]
        if allowances { fields += journeyFields(isMileage) }
        fields += [
            Form.Field(Options.currency, "Currency", required: true)
                .asked { !isMileage($0) }
                .suggesting(defaults.currency)
                .completing { typed in CurrencyChoice.candidates(typed) },
            // The currency is asked before, and required: an amount is always read in it.
            Form.Field(Options.amount, "Amount", required: true) { answers in
                guard let currency = currency(answers) else { throw ExpenseError(.usage, "give the currency first") }
                return AmountContext(currency, decimalMark: decimalMark)
            }
            .suggesting(defaults.amount)
            .asked { !isMileage($0) },
            Form.Field(Options.rate, "Rate", required: true)
                .labelled { answers in "Rate (1 \(currency(answers)?.code ?? "?") in \(report(answers)?.currency.code ?? "?"))" }
                .asked { answers in
                    guard let report = report(answers), let paid = currency(answers), paid != report.currency,
                        let day = day(answers)
                    else { return false }
                    return (try? store.rateSource().rate(from: paid, to: report.currency, on: day)) == nil
                },
        ]
        if allowances {
            fields.append(
                Form.Field(Options.nights, "Nights").suggesting { _ in "1" }.asked { category($0) == ExpenseCommands.lodgingCategory })
        }
        // Optional: empty is none. Not asked of an allowance, which carries none.
        fields.append(
            Form.Field(Options.vat, "VAT (19, or 7:110.00,19:15.00; empty: none)")
                .suggesting(defaults.vat)
                .asked { !Expense.neverRefunded.contains(category($0) ?? "") })
        return fields
    }

    /// A mileage item's journey, asked instead of its currency and amount.
    private static func journeyFields(_ isMileage: @escaping (Form.Answers) -> Bool) -> [Form.Field] {
        [
            Form.Field(Options.distance, "Distance (km)", required: true).asked(when: isMileage),
            Form.Field(Options.vehicle, "Vehicle (car, motorcycle)", required: true)
                .suggesting { _ in Vehicle.car.rawValue }
                .completing { typed in Vehicle.allCases.map(\.rawValue).filter { $0.hasPrefix(typed) } }
                .asked(when: isMileage),
            Form.Field(Options.fromPlace, "From").asked(when: isMileage),
            Form.Field(Options.toPlace, "To").asked(when: isMileage),
        ]
    }
}
