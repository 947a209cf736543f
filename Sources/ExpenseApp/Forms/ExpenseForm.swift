import ExpenseCore
import ExpenseStore
import ExpenseSupport

/// The form of `expense add` (and of the addExpense quick actions) on a terminal: the report when
/// none is current, then date, merchant, category, currency, amount, and a rate when the currency
/// is not the report's and the rate table has none for the day.
enum ExpenseForm {
    static func make(_ invocation: Invocation, _ session: Session) throws -> Form {
        let store = try session.store()
        let given = try invocation[CommonOptions.report] ?? session.currentReportID
        // Before the first question: a report that cannot take items is refused now, not after
        // every field was answered.
        let givenReport = try given.map { try store.report($0, for: .addItems) }
        let defaultCurrency = try session.defaultCurrency
        func report(_ answers: Form.Answers) -> Report? {
            givenReport ?? answers[CommonOptions.report].flatMap { try? store.report($0) }
        }
        let heading = givenReport.map { "New expense in report \($0.id): \($0.title)" } ?? "New expense"
        let choice = Form.Field(CommonOptions.report, "Report (id or title)")
            .asked { _ in givenReport == nil }
            .completing { typed in ReportChoice.candidates(typed, in: store) }
            .checking { text, _ in try ReportChoice.resolve(text, in: store) }
        let today = session.environment.today()
        let defaults = ExpenseFields.Defaults(
            date: { tripDay(report($0), today: today).description },
            currency: { report($0)?.currency.code ?? defaultCurrency })
        let fields = try ExpenseFields.make(
            store: store, report: report, decimalMark: session.environment.decimalMark, defaults: defaults, allowances: true)
        return Form(heading: heading, fields: [choice] + fields)
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
    static func resolve(_ text: String, in store: Store) throws -> Int64 {
        let report: Report
        if let id = Int64(text) {
            report = try store.report(id)
        } else if let match = ((try? store.reports(limit: nil)) ?? []).first(where: { $0.title.lowercased() == text.lowercased() }) {
            report = match
        } else {
            throw ExpenseError(.notFound, "no report is called '\(text)'", hint: "give its id; TAB lists the drafts")
        }
        // Early, so that the form asks again at once; the store's insert holds the rule anyway.
        try report.requireEditable(.addItems)
        return report.id
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
