import ExpenseCore
import ExpenseStore
import ExpenseSupport

/// The forms of `report stop` and `report meals` on a terminal: the day (the trip's first to
/// last), then the country and place (TAB offers the per-diem table's) or the meals provided (a choice of
/// several: TAB completes the word after the last comma).
enum TripForms {
    typealias Options = TripCommands.Options

    static func stop(_ invocation: Invocation, _ session: Session) throws -> Form {
        let store = try session.store()
        let report = try store.report(try session.reportID(invocation), for: .changeTrip)
        let known = (try? store.allowanceCountries().map(\.code)) ?? []
        let places = Set((try? store.allowanceRateRows().map(\.place)) ?? []).filter { !$0.isEmpty }.sorted()
        return Form(
            heading: "Stop in report \(report.id): \(report.title) (\(report.dateRange))",
            fields: [
                day(report),
                Form.Field(Options.country, "Country from that day on (none removes the stop)", required: true) { _ in store }
                    .completing { typed in known.filter { $0.hasPrefix(typed.uppercased()) } },
                Form.Field(Options.place, "Place there")
                    .completing { typed in places.filter { $0.lowercased().hasPrefix(typed.lowercased()) } },
            ])
    }

    static func meals(_ invocation: Invocation, _ session: Session) throws -> Form {
        let store = try session.store()
        let report = try store.report(try session.reportID(invocation), for: .changeTrip)
        let provided = try store.meals(of: report.id)
        return Form(
            heading: "Meals provided in report \(report.id): \(report.title) (\(report.dateRange))",
            fields: [
                day(report),
                Form.Field(Options.provided, "Meals provided (breakfast, lunch, dinner, or none)", required: true)
                    .suggesting { answers in answers[Options.date].flatMap { provided[$0]?.description } }
                    .completing(MealsChoice.candidates),
            ])
    }

    /// The day, one of the trip's: its first day offered.
    private static func day(_ report: Report) -> Form.Field {
        Form.Field(Options.date, "Day (YYYY-MM-DD)", required: true)
            .suggesting { _ in report.startDate?.description }
            .checking { text, _ in
                let day = try CalendarDate(argument: text)
                if let first = report.startDate, let last = report.endDate, day < first || day > last {
                    throw ExpenseError(.invalidData, "\(day) is outside the trip (\(first) to \(last))", hint: "give a day of the trip")
                }
                return day
            }
    }
}

/// Meals typed as a choice of several: TAB completes the word after the last comma with a meal
/// not chosen yet (or none, first).
enum MealsChoice {
    static func candidates(_ typed: String) -> [String] {
        let words = typed.lowercased().split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let chosen = words.dropLast()
        let last = words.last ?? ""
        let head = chosen.isEmpty ? "" : chosen.joined(separator: ",") + ","
        let names = ProvidedMeals.named.map(\.name).filter { !chosen.contains($0) } + (chosen.isEmpty ? ["none"] : [])
        return names.filter { $0.hasPrefix(last) }.map { head + $0 }
    }
}
