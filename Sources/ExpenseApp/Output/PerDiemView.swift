import ExpenseCore
import ExpenseSupport
import Rendering

/// How a report's per diems look: the day-by-day table (date, country and the place when a day has
/// one, meals, rate, deductions, amount, the lodging flat when a night has one, the amount
/// in the report's currency when a day's rate is in another, and why: `PerDiem.Day.why`), their JSON,
/// and why a report has none.
enum PerDiemView {
    static func listing(_ perDiems: ReportPerDiems, reportCurrency: Currency) -> Listing {
        let converted = perDiems.days.contains { $0.perDiem.amount.currency != reportCurrency }
        let placed = perDiems.days.contains { $0.perDiem.place != nil }
        let lodged = perDiems.days.contains { $0.perDiem.lodging.minorUnits > 0 }
        // A place goes beside its country ("FR Paris"), so that the table still fits 80 columns.
        var columns: [Listing.Column] = [.init("date", "date"), .init("country", placed ? "place" : "country")]
        columns += [
            .init("meals", "meals", fit: .wrap), .init("rate", "rate"), .init("deductions", "deductions"),
            .init("amount", "amount"),
        ]
        if lodged { columns.append(.init("lodging", "lodging")) }
        if converted { columns.append(.init("converted", "in \(reportCurrency.code)")) }
        columns.append(.init("why", "why", fit: .wrap))
        let rows: [[Listing.Cell]] = perDiems.days.map { day in
            let perDiem = day.perDiem
            var row: [Listing.Cell] = [.date(perDiem.date), .text(TripPlace(country: perDiem.country, place: perDiem.place).description)]
            row += [
                .text(perDiem.meals.isEmpty ? "" : perDiem.meals.description), .money(perDiem.rate),
                .money(Money(minorUnits: -perDiem.deductions.minorUnits, currency: perDiem.deductions.currency)), .money(perDiem.amount),
            ]
            if lodged { row.append(.money(perDiem.lodging)) }
            if converted { row.append(.money(day.converted)) }
            row.append(.text(perDiem.why.joined(separator: "; ")))
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
            for country in unlisted(perDiems) { text += "\(country.code) is not in the per-diem table: Luxembourg's rate\n" }
            return text + "Per diems total: \(perDiems.total)\n"
        case .none(let reason):
            return "\nPer diems: none: \(words(reason, report: report))\n"
                + (hint(reason, report: report).map { "  (\($0))\n" } ?? "")
        }
    }

    /// The countries whose days took Luxembourg's rate, the table listing none of theirs (the
    /// BMF's rule), in the order of their first day.
    static func unlisted(_ perDiems: ReportPerDiems) -> [CountryCode] {
        var countries: [CountryCode] = []
        for day in perDiems.days where day.perDiem.basis == .luxembourg && !countries.contains(day.perDiem.country) {
            countries.append(day.perDiem.country)
        }
        return countries
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
        let currency = perDiem.table.currency
        let provided = ProvidedMeals.named.filter { perDiem.meals.contains($0.meal) }
        return .object([
            ("date", .date(perDiem.date)), ("country", .string(perDiem.country.code)),
            ("place", perDiem.place.map { .string($0) } ?? .null),
            ("basis", .string(perDiem.basis.rawValue)), ("kind", .string(perDiem.kind.rawValue)),
            ("rule", perDiem.rule.map { .string($0.rawValue) } ?? .null),
            ("absenceMinutes", perDiem.absenceMinutes.map { .int(Int64($0)) } ?? .null),
            ("meals", .array(provided.map { .string($0.name) })),
            ("paid", .object(provided.map { ($0.name, .money(Money(minorUnits: perDiem.paid.amount(for: $0.meal), currency: currency))) })),
            ("rateValidFrom", .date(perDiem.table.validFrom)), ("rate", .money(perDiem.rate)), ("deductions", .money(perDiem.deductions)),
            ("amount", .money(perDiem.amount)), ("lodging", .money(perDiem.lodging)),
            (
                "share",
                perDiem.share.map {
                    .object([("report", .int($0.report)), ("combined", .money($0.combined)), ("elsewhere", .money($0.elsewhere))])
                } ?? .null
            ),
            ("why", .array(perDiem.why.map { .string($0) })), ("exchangeRate", .string(day.conversion.rate.description)),
            ("exchangeRateDate", .date(day.conversion.rateDate)), ("converted", .money(day.converted)),
        ])
    }
}
