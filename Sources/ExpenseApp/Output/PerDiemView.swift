import ExpenseCore
import ExpenseSupport
import Rendering

/// How a report's per diems look: the day-by-day table (date, country, kind, meals, rate,
/// deductions, amount, and the amount in the report's currency when a day's rate is in another),
/// their JSON, and why a report has none.
enum PerDiemView {
    static func listing(_ perDiems: ReportPerDiems, reportCurrency: Currency) -> Listing {
        let converted = perDiems.days.contains { $0.perDiem.amount.currency != reportCurrency }
        var columns: [Listing.Column] = [
            .init("date", "date"), .init("country", "country"), .init("kind", "kind"), .init("meals", "meals provided", fit: .wrap),
            .init("rate", "rate"), .init("deductions", "deductions"), .init("amount", "amount"),
        ]
        if converted { columns.append(.init("converted", "in \(reportCurrency.code)")) }
        let rows: [[Listing.Cell]] = perDiems.days.map { day in
            let perDiem = day.perDiem
            var row: [Listing.Cell] = [
                .date(perDiem.date), .text(perDiem.country.code), .text(perDiem.kind.rawValue),
                .text(perDiem.meals.isEmpty ? "" : perDiem.meals.description), .money(perDiem.rate),
                .money(Money(minorUnits: -perDiem.deductions.minorUnits, currency: perDiem.deductions.currency)), .money(perDiem.amount),
            ]
            if converted { row.append(.money(day.converted)) }
            return row
        }
        return Listing(columns: columns, rows: rows)
    }

    /// The section of `report show`: the table and its total, or why there are none.
    static func text(_ allowance: ReportAllowance, report: Report, width: Int?) -> String {
        switch allowance {
        case .computed(let perDiems):
            var text =
                "\nPer diems (\(perDiems.frozen ? "frozen when it was submitted" : "computed from the trip; frozen when it is submitted")):\n"
            listing(perDiems, reportCurrency: report.currency).table(width: width) { text += $0 }
            return text + "Per diems total: \(perDiems.total)\n"
        case .none(let reason):
            return "\nPer diems: none: \(words(reason, report: report))\n"
                + (hint(reason, report: report).map { "  (\($0))\n" } ?? "")
        }
    }

    /// Why a report has no per diems, for people.
    static func words(_ reason: ReportAllowance.Reason, report: Report) -> String {
        switch reason {
        case .noCountry: return "the report has no country"
        case .noDates: return "the trip needs its first and last day"
        case .notFrozen: return "none were computed when it was submitted"
        case .cannotCompute(let error): return "they cannot be computed: " + ErrorPresenter.message(error)
        }
    }

    /// What to do about it, when a command helps.
    static func hint(_ reason: ReportAllowance.Reason, report: Report) -> String? {
        guard report.status == .draft else { return nil }
        switch reason {
        case .noCountry: return "give it one: expenses report edit \(report.id) --country CODE"
        case .noDates: return "expenses report edit \(report.id) --from DATE --to DATE"
        case .notFrozen: return nil
        case .cannotCompute(let error): return ErrorPresenter.hint(error)
        }
    }

    static func json(_ allowance: ReportAllowance, report: Report) -> JSONValue {
        switch allowance {
        case .computed(let perDiems):
            return .object([
                ("computed", .bool(true)), ("frozen", .bool(perDiems.frozen)),
                ("days", .array(perDiems.days.map(json))), ("total", .money(perDiems.total)), ("reason", .null),
            ])
        case .none(let reason):
            return .object([
                ("computed", .bool(false)), ("frozen", .bool(false)), ("days", .array([])),
                ("total", .money(Money(minorUnits: 0, currency: report.currency))), ("reason", .string(words(reason, report: report))),
            ])
        }
    }

    static func json(_ day: ReportPerDiems.Day) -> JSONValue {
        let perDiem = day.perDiem
        return .object([
            ("date", .date(perDiem.date)), ("country", .string(perDiem.country.code)), ("kind", .string(perDiem.kind.rawValue)),
            ("meals", .array(ProvidedMeals.named.filter { perDiem.meals.contains($0.meal) }.map { .string($0.name) })),
            ("rateValidFrom", .date(perDiem.table.validFrom)), ("rate", .money(perDiem.rate)), ("deductions", .money(perDiem.deductions)),
            ("amount", .money(perDiem.amount)), ("exchangeRate", .string(day.conversion.rate.description)),
            ("exchangeRateDate", .date(day.conversion.rateDate)), ("converted", .money(day.converted)),
        ])
    }
}
