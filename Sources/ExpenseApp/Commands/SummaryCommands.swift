import ExpenseCore
import ExpenseSupport

/// `report summary`: where the money went, by category and by month.
enum SummaryCommands {
    static let all: [CommandSpec] = [summary]

    enum Options {
        static let from = Option.date("from", "First day, YYYY-MM-DD.")
        static let to = Option.date("to", "Last day, YYYY-MM-DD.")
        static let by: Option<Grouping?> = .value(
            "by",
            "category: your spending by category and month (the default); cost-centre: what every report you see "
                + "charged to each cost centre.")
    }

    /// What `report summary` groups by.
    enum Grouping: String, CaseIterable, ExpressibleByArgument {
        case category
        case costCentre = "cost-centre"

        static var valueName: String { "grouping" }
    }

    static let summary = CommandSpec(
        ["report", "summary"], abstract: "Show your spending by category and by month, with a bar chart.",
        discussion: """
            Items of your reports count in their report's currency, unassigned items in their own. Your reports' per \
            diems count under per_diem, a day each, in the report's currency: as frozen when submitted, as computed \
            now for a draft.

            --by cost-centre sums the items of every report you see (on a team database: yours, and those your role \
            lets you see) by the cost centre each is charged to, its own or else its report's, in the report's \
            currency. An item charged to several is split by their percentages to the cent, so that the lines add \
            up to the items exactly; '(none)' is what is charged to no cost centre. Per diems and unassigned items \
            are not in it.
            """,
        options: [Options.from, Options.to, Options.by],
        examples: [
            "expenses report summary", "expenses report summary --from 2026-01-01 --to 2026-06-30 --format json",
            "expenses report summary --by cost-centre --from 2026-01-01 --to 2026-03-31",
        ],
        validate: { invocation in
            if let from = try invocation[Options.from], let to = try invocation[Options.to], to < from {
                throw ExpenseError(.invalidData, "--to \(to) is before --from \(from)")
            }
        }
    ) { invocation, session in
        let from = try invocation[Options.from]
        let to = try invocation[Options.to]
        let store = try session.store()
        if try invocation[Options.by] == .costCentre {
            return .listing(OrganisationView.totals(try CostCentreTotals(items: try store.chargedItems(from: from, to: to))))
        }
        let user = try session.user
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
