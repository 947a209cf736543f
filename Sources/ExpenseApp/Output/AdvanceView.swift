import ExpenseCore
import ExpenseSupport
import Rendering

/// How a report's cash advances look: a short list before the totals, and what is due either way.
enum AdvanceView {
    /// The advances' sum in the report currency (nil: none).
    static func total(_ advances: [Advance], _ report: Report) throws -> Money? {
        guard !advances.isEmpty else { return nil }
        guard let sum = Money.total(advances.map(\.conversion.converted.minorUnits)) else {
            throw Money.totalTooLarge("the advances of report \(report.id)", currency: report.currency, hint: "remove the wrong ones")
        }
        return Money(minorUnits: sum, currency: report.currency)
    }

    /// "Advances:" and a line each, with its id (to remove it by) and its value in the report's currency.
    static func text(_ advances: [Advance]) -> String {
        guard !advances.isEmpty else { return "" }
        var text = "\nAdvances:\n"
        for advance in advances { text += "  \(line(advance))\n" }
        return text
    }

    /// "#3  2026-03-01  500.00 USD  (= 462.00 EUR at 0.924)"
    static func line(_ advance: Advance) -> String {
        var text = "#\(advance.id)  \(advance.date)  \(advance.amount)"
        if advance.conversion.source != .same {
            text += "  (= \(advance.conversion.converted) at \(ExpenseView.decimal(advance.conversion.rate)))"
        }
        return text
    }

    /// What is due to the traveller, or, when the advances were more than they spent, what is due
    /// back to the company: "due back to the company: 150.00 EUR".
    static func due(_ totals: ReportTotals) -> (String, Money) {
        guard totals.dueToEmployee.minorUnits < 0 else { return ("  due to employee:", totals.dueToEmployee) }
        return ("  due back to the company:", totals.dueToCompany)
    }

    /// Said of what is due when it is incomplete (`ReportTotals.isComplete`): the per diems are not
    /// in it, and why; nil when it is complete.
    static func incomplete(_ totals: ReportTotals) -> String? {
        totals.missingPerDiems.map { "its per diems cannot be computed: " + ErrorPresenter.message($0) }
    }

    /// "at least " before what is due to the traveller without the per diems, "at most " before
    /// what they owe back; nothing when it is complete.
    static func bound(_ totals: ReportTotals) -> String {
        totals.isComplete ? "" : totals.dueToEmployee.minorUnits < 0 ? "at most " : "at least "
    }

    static func json(_ advance: Advance) -> JSONValue {
        .object([
            ("id", .int(advance.id)), ("reportId", .int(advance.reportID)), ("date", .date(advance.date)),
            ("amount", .money(advance.amount)), ("rate", .string(advance.conversion.rate.description)),
            ("rateDate", .date(advance.conversion.rateDate)), ("rateSource", .string(advance.conversion.source.rawValue)),
            ("converted", .money(advance.conversion.converted)),
        ])
    }
}

extension AdvanceView {
    static func listing(_ advances: [Advance]) -> Listing {
        let columns: [Listing.Column] = [
            .init("id", "id"), .init("reportId", "report", inTable: false), .init("date", "date"), .init("amount", "amount"),
            .init("rate", "rate", inTable: false), .init("converted", "converted"),
        ]
        return Listing(
            columns: columns,
            rows: advances.map { advance in
                [
                    .int(advance.id), .int(advance.reportID), .date(advance.date), .money(advance.amount),
                    .text(advance.conversion.rate.description), .money(advance.conversion.converted),
                ]
            })
    }
}
