import ExpenseCore
import ExpenseStore
import ExpenseSupport

/// The fields of one expense as every form asks them — date, merchant, category, currency,
/// amount, and a rate when the currency is not the report's and the rate table has none for the
/// day — each checked with its option's own error. The forms differ only in their defaults.
enum ExpenseFields {
    typealias Options = ExpenseCommands.Options

    /// - Parameters:
    ///   - report: the report the expense goes to, given the answers so far.
    ///   - suggestion: a field's default by its name, given the answers so far; the category
    ///     last used for the merchant comes before the category's.
    ///   - decimalMark: the locale's, which the amount typed may use (the command reads it the same way).
    static func make(store: Store, report: @escaping (Form.Answers) -> Report?, decimalMark: DecimalMark = .point,
                     suggestion: @escaping (String, Form.Answers) -> String?) throws -> [Form.Field] {
        let categories = try store.categories().map(\.code)
        func currency(_ answers: Form.Answers) -> String { answers[Options.currency] ?? suggestion(Options.currency.spec.name, answers) ?? "" }
        func day(_ answers: Form.Answers) -> CalendarDate? {
            (answers[Options.date] ?? suggestion(Options.date.spec.name, answers)).flatMap { try? CalendarDate.parse($0) }
        }
        return [
            Form.Field(Options.date, "Date", required: true)
                .suggesting { suggestion(Options.date.spec.name, $0) }
                .checking { text, _ in try CalendarDate.parse(text).description },
            Form.Field(Options.merchant, "Merchant")
                .suggesting { suggestion(Options.merchant.spec.name, $0) }
                .completing { typed in (try? store.merchants(startingWith: typed)) ?? [] },
            Form.Field(Options.category, "Category", required: true)
                .suggesting { answers in
                    answers[Options.merchant].flatMap { try? store.lastCategory(forMerchant: $0) } ?? suggestion(Options.category.spec.name, answers)
                }
                .completing { typed in categories.filter { $0.hasPrefix(typed.lowercased()) } }
                .checking { text, _ in try store.category(text).code },
            Form.Field(Options.currency, "Currency", required: true)
                .suggesting { suggestion(Options.currency.spec.name, $0) }
                .completing { typed in CurrencyChoice.candidates(typed) }
                .checking { text, _ in try CurrencyTable.standard.require(text).code },
            Form.Field(Options.amount, "Amount", required: true)
                .suggesting { suggestion(Options.amount.spec.name, $0) }
                .checking { text, answers in
                    _ = try Money.parse(text, currency: try CurrencyTable.standard.require(currency(answers)),
                                        decimalMark: decimalMark)
                    return text
                },
            Form.Field(Options.rate, "Rate", required: true)
                .labelled { answers in "Rate (1 \(currency(answers)) in \(report(answers)?.currency.code ?? ""))" }
                .asked { answers in
                    guard let report = report(answers), let paid = try? CurrencyTable.standard.require(currency(answers)),
                          paid != report.currency, let day = day(answers) else { return false }
                    return (try? store.rateSource().rate(from: paid, to: report.currency, on: day)) == nil
                }
                .checking { text, _ in
                    _ = try ExchangeRate.parse(text)
                    return text
                },
        ]
    }
}
