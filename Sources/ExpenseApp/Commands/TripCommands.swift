import ExpenseCore
import ExpenseStore
import ExpenseSupport
import Rendering

/// `report stop|meals`: a draft report's trip day by day, which its per diems are computed from:
/// where it moves on to, and which meals were provided. Each change is in the report's audit log.
enum TripCommands {
    static let all: [CommandSpec] = [stop, meals]

    enum Options {
        static let date = Option.date("date", "The day of the trip, YYYY-MM-DD.")
        static let country: Option<TripCountry?> = .value(
            "country",
            "The country the trip is in from that day on (ISO 3166-1 alpha-2); none removes that day's stop, and the trip "
                + "stays where it was the day before.")
        static let provided: Option<ProvidedMeals?> = .value(
            "provided", "The meals provided that day: breakfast, lunch, dinner separated by commas, or none.")
    }

    static let stop = CommandSpec(
        ["report", "stop"], abstract: "Move a draft report's trip on to another country from a day on.",
        discussion: """
            From --date on, the trip is in --country, until a later stop: a day counts in the country reached last \
            that day, and the last day of the trip in the one it began in. A day has one stop; another replaces it. \
            The country's per-diem rates must be in the table ('expenses allowance rates list'). --country none \
            removes the day's stop.
            """,
        arguments: [.report], options: [Options.date.required(), Options.country.required()],
        examples: [
            "expenses allowance rates import bmf-2026.csv", "expenses report stop 1 --date 2026-03-04 --country FR",
            "expenses report stop 1 --date 2026-03-04 --country none",
        ],
        form: TripForms.stop
    ) { invocation, session in
        let store = try session.store()
        let id = try session.reportID(invocation)
        let day = try invocation[Options.date.required()]
        // Refused for a report past draft before the country is looked up.
        _ = try store.report(id, for: .changeTrip)
        let country = try invocation[Options.country.required(), in: store].code
        try store.setStop(country.map { TripPlace(country: $0) }, on: day, of: id, by: try session.user)
        let message =
            country.map { "Report \(id): from \(day) the trip is in \($0)" } ?? "Report \(id): the stop of \(day) is removed"
        return TripChange(message: message, report: id, day: day, members: [("country", .string(country?.code))]).output.touching(id)
    }

    static let meals = CommandSpec(
        ["report", "meals"], abstract: "Set the meals provided on a day of a draft report's trip.",
        discussion: """
            Each meal the employer provided (or had provided: a hotel breakfast in the room rate, a customer's dinner) \
            takes 20 % (breakfast) or 40 % (lunch, dinner) of that day's full-day rate off its per diem. The meals \
            given replace that day's; none clears them.
            """,
        arguments: [.report], options: [Options.date.required(), Options.provided.required()],
        examples: [
            "expenses report meals 1 --date 2026-03-03 --provided breakfast",
            "expenses report meals 1 --date 2026-03-04 --provided breakfast,dinner",
            "expenses report meals 1 --date 2026-03-04 --provided none",
        ],
        form: TripForms.meals
    ) { invocation, session in
        let store = try session.store()
        let id = try session.reportID(invocation)
        let day = try invocation[Options.date.required()]
        let provided = try invocation[Options.provided.required()]
        try store.setMeals(provided, on: day, of: id, by: try session.user)
        let words = provided.isEmpty ? "no meals provided" : "\(provided.description.replacing(",", with: ", ")) provided"
        return TripChange(
            message: "Report \(id): \(day), \(words)", report: id, day: day,
            members: [("meals", .array(ProvidedMeals.named.filter { provided.contains($0.meal) }.map { .string($0.name) }))]
        ).output.touching(id)
    }
}

/// A day of a trip changed: a line for people, the day for programs.
struct TripChange: Document {
    let message: String
    let report: Int64
    let day: CalendarDate
    let members: [(String, JSONValue)]

    var text: String { message }
    var json: JSONValue { .object([("report", .int(report)), ("date", .date(day))] + members) }
}
