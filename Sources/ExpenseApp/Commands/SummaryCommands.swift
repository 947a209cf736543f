import ExpenseCore
import ExpenseSupport

/// `report summary`: where the money went, by category and by month.
enum SummaryCommands {
    static let all: [CommandSpec] = [summary]

    enum Options {
        static let from = Option.date("from", "First day, YYYY-MM-DD.")
        static let to = Option.date("to", "Last day, YYYY-MM-DD.")
    }

    static let summary = CommandSpec(
        ["report", "summary"], abstract: "Show your spending by category and by month, with a bar chart.",
        discussion: """
            Items of your reports count in their report's currency, unassigned items in their own. Your reports' per \
            diems count under per_diem, a day each, in the report's currency: as frozen when submitted, as computed \
            now for a draft.
            """,
        options: [Options.from, Options.to],
        examples: ["expenses report summary", "expenses report summary --from 2026-01-01 --to 2026-06-30 --format json"],
        validate: { invocation in
            if let from = try invocation[Options.from], let to = try invocation[Options.to], to < from {
                throw ExpenseError(.invalidData, "--to \(to) is before --from \(from)")
            }
        }
    ) { invocation, session in
        let from = try invocation[Options.from]
        let to = try invocation[Options.to]
        let user = try session.user
        let store = try session.store()
        let perDiems = try store.perDiemDays(owner: user, from: from, to: to)
        let days = perDiems.days.map { report, day in
            SpendingSummary.Row(
                currency: report.currency, category: PolicyCheck.perDiemCategory, month: String(day.perDiem.date.description.prefix(7)),
                minorUnits: day.converted.minorUnits, count: 1)
        }
        let summary = try SpendingSummary(rows: try store.spending(owner: user, from: from, to: to) + days)
        let notes = perDiems.failed.map { report, error in
            "The per diems of report \(report.id) are left out: \(ErrorPresenter.message(error))"
        }
        return SpendingView(user: user.value, from: from, to: to, summary: summary, notes: notes).output
    }
}
