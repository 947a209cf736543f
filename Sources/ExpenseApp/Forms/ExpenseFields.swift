import ExpenseCore
import ExpenseStore
import ExpenseSupport

/// The fields of one expense as every form asks them — date, merchant, category, currency,
/// amount, and a rate when the currency is not the report's and the rate table has none for the
/// day — each read as its option reads it. The forms differ only in their defaults.
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
    }

    /// - Parameters:
    ///   - report: the report the expense goes to, given the answers so far.
    ///   - decimalMark: the locale's, which the amount typed may use (the command reads it the same way).
    static func make(
        store: Store, report: @escaping (Form.Answers) -> Report?, decimalMark: DecimalMark = .point,
        defaults: Defaults
    ) throws -> [Form.Field] {
        let categories = try store.categories().map(\.code)
        func currency(_ answers: Form.Answers) -> Currency? {
            answers[Options.currency] ?? defaults.currency(answers).flatMap { try? Currency(argument: $0) }
        }
        func day(_ answers: Form.Answers) -> CalendarDate? {
            answers[Options.date] ?? defaults.date(answers).flatMap { try? CalendarDate(argument: $0) }
        }
        return [
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
            Form.Field(Options.currency, "Currency", required: true)
                .suggesting(defaults.currency)
                .completing { typed in CurrencyChoice.candidates(typed) },
            // The currency is asked before, and required: an amount is always read in it.
            Form.Field(Options.amount, "Amount", required: true) { answers in
                guard let currency = currency(answers) else { throw ExpenseError(.usage, "give the currency first") }
                return AmountContext(currency, decimalMark: decimalMark)
            }
            .suggesting(defaults.amount),
            Form.Field(Options.rate, "Rate", required: true)
                .labelled { answers in "Rate (1 \(currency(answers)?.code ?? "?") in \(report(answers)?.currency.code ?? "?"))" }
                .asked { answers in
                    guard let report = report(answers), let paid = currency(answers), paid != report.currency,
                        let day = day(answers)
                    else { return false }
                    return (try? store.rateSource().rate(from: paid, to: report.currency, on: day)) == nil
                },
        ]
    }
}
