import ExpenseCore
import ExpenseStore
import ExpenseSupport

/// The form of `expense add` (and of the addExpense quick actions) on a terminal: the report when
/// none is current, then date, merchant, category, currency, amount, and a rate when the currency
/// is not the report's and the rate table has none for the day.
enum ExpenseForm {
    static func make(_ invocation: Invocation, _ session: Session) throws -> Form {
        let store = try session.store()
        let given = try invocation.id("report") ?? session.currentReportID
        let givenReport = try given.map(store.report)
        let categories = try store.categories().map(\.code)
        let defaultCurrency = try session.defaultCurrency
        func report(_ answers: Form.Answers) -> Report? {
            givenReport ?? answers["report"].flatMap(Int64.init).flatMap { try? store.report($0) }
        }
        func currency(_ answers: Form.Answers) -> String {
            answers["currency"] ?? report(answers)?.currency.code ?? defaultCurrency
        }
        func date(_ answers: Form.Answers) -> CalendarDate {
            answers["date"].flatMap { try? CalendarDate.parse($0) } ?? session.environment.today()
        }
        let heading = givenReport.map { "New expense in report \($0.id): \($0.title)" } ?? "New expense"
        return Form(heading: heading, fields: [
            Form.Field("report", "Report (id or title)")
                .asked { _ in givenReport == nil }
                .completing { typed in ReportChoice.candidates(typed, in: store) }
                .checking { text, _ in try ReportChoice.resolve(text, in: store) },
            Form.Field("date", "Date")
                .suggesting { answers in tripDay(report(answers), today: session.environment.today()).description }
                .checking { text, _ in try CalendarDate.parse(text).description },
            Form.Field("merchant", "Merchant")
                .completing { typed in (try? store.merchants(startingWith: typed)) ?? [] },
            Form.Field("category", "Category", required: true)
                .suggesting { answers in answers["merchant"].flatMap { try? store.lastCategory(forMerchant: $0) } }
                .completing { typed in categories.filter { $0.hasPrefix(typed.lowercased()) } }
                .checking { text, _ in try store.category(text).code },
            Form.Field("currency", "Currency")
                .suggesting { answers in currency(answers) }
                .completing { typed in CurrencyChoice.candidates(typed) }
                .checking { text, _ in try CurrencyTable.standard.require(text).code },
            Form.Field("amount", "Amount", required: true)
                .checking { text, answers in
                    _ = try Money.parse(text, currency: try CurrencyTable.standard.require(currency(answers)))
                    return text
                },
            Form.Field("rate", "Rate", required: true)
                .labelled { answers in "Rate (1 \(currency(answers)) in \(report(answers)?.currency.code ?? ""))" }
                .asked { answers in
                    guard let report = report(answers), let paid = try? CurrencyTable.standard.require(currency(answers)),
                          paid != report.currency else { return false }
                    return (try? store.rateSource().rate(from: paid, to: report.currency, on: date(answers))) == nil
                }
                .checking { text, _ in
                    _ = try ExchangeRate.parse(text)
                    return text
                },
        ])
    }

    /// The day an expense most likely is: today while the trip lasts (or when there is no trip),
    /// else the trip's first day.
    static func tripDay(_ report: Report?, today: CalendarDate) -> CalendarDate {
        guard let report, let start = report.startDate else { return today }
        let end = report.endDate ?? start
        return start <= today && today <= end ? today : start
    }
}

/// A report named in a form: its id, or its title; TAB offers the drafts.
enum ReportChoice {
    static func candidates(_ typed: String, in store: Store) -> [String] {
        let drafts = ((try? store.reports(limit: 200)) ?? []).filter { $0.status == .draft }
        let lowered = typed.lowercased()
        return drafts.map { String($0.id) }.filter { $0.hasPrefix(typed) }
            + drafts.map(\.title).filter { $0.lowercased().hasPrefix(lowered) }
    }

    /// The id of the draft `text` names.
    static func resolve(_ text: String, in store: Store) throws -> String {
        let report: Report
        if let id = Int64(text) {
            report = try store.report(id)
        } else if let match = ((try? store.reports(limit: nil)) ?? []).first(where: { $0.title.lowercased() == text.lowercased() }) {
            report = match
        } else {
            throw ExpenseError(.invalidData, "no report is called '\(text)'", hint: "give its id; TAB lists the drafts")
        }
        // Early, so that the form asks again at once; the store's insert holds the rule anyway.
        try report.requireEditable(.addItems)
        return String(report.id)
    }
}

/// A currency named in a form: TAB offers the codes, the commonly used ones first.
enum CurrencyChoice {
    static let common = ["EUR", "USD", "GBP", "CHF", "JPY", "CAD", "AUD", "CNY", "SEK", "NOK", "DKK", "PLN", "CZK", "INR"]

    static func candidates(_ typed: String) -> [String] {
        let prefix = typed.uppercased()
        let all = CurrencyTable.standard.all.map(\.code)
        return (common + all.filter { !common.contains($0) }).filter { $0.hasPrefix(prefix) }
    }
}
