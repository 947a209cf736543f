import ExpenseCore
import ExpenseStore
import ExpenseSupport
import Rendering

/// `report stop|meals|nights|office`: a draft report's trip day by day, which its per diems are
/// computed from: where it moves on to, which meals were provided and what was paid for them,
/// which nights are paid at the lodging flat, and the time at one's own office. Each change is in
/// the report's audit log.
enum TripCommands {
    static let all: [CommandSpec] = [stop, meals, nights, office]

    enum Options {
        static let date = Option.date("date", "The day of the trip, YYYY-MM-DD.")
        static let country: Option<TripCountry?> = .value(
            "country",
            "The country the trip is in from that day on (ISO 3166-1 alpha-2); none removes that day's stop, and the trip "
                + "stays where it was the day before.")
        static let place = Option.text(
            "place", "name", "The place in that country (e.g. Kopenhagen, Luxemburg): a place the per-diem table names takes its own rate.")
        static let provided: Option<ProvidedMeals?> = .value(
            "provided", "The meals provided that day: breakfast, lunch, dinner separated by commas, or none.")
        static let paid = Option.text(
            "paid", "meal=amount",
            "What the traveller paid for provided meals, e.g. lunch=5.00 (in the day's rate currency); none: nothing (the default).")
        static let flat = Option.flag("flat", "The night that begins that day is paid at the lodging flat (no hotel bill).")
        static let noFlat = Option.flag("no-flat", "The night that begins that day is no longer paid at the lodging flat.")
        static let officeFrom: Option<LocalDateTime?> = .value("from", "When the time at one's own office begins, YYYY-MM-DDTHH:MM.")
        static let officeTo: Option<LocalDateTime?> = .value("to", "When it ends, YYYY-MM-DDTHH:MM.")
        static let remove: Option<LocalDateTime?> = .value("remove", "Remove the office time that begins then, YYYY-MM-DDTHH:MM.")
    }

    static let stop = CommandSpec(
        ["report", "stop"], abstract: "Move a draft report's trip on to another country from a day on.",
        discussion: """
            From --date on, the trip is in --country (and --place), until a later stop: a day counts in the place \
            reached last that day; a stop on the last day is the last place of work, which that day takes. A day \
            has one stop; another replaces it. A country the per-diem table does not list takes Luxembourg's rate \
            (the BMF's rule). --country none removes the day's stop.
            """,
        arguments: [.report], options: [Options.date.required(), Options.country.required(), Options.place],
        examples: [
            "expenses report stop 1 --date 2026-03-04 --country FR",
            "expenses report stop 1 --date 2026-03-05 --country DK --place Kopenhagen",
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
        let name = try invocation[Options.place].flatMap { try TripPlaceName.resolve($0, in: country, store: store) }
        let place = country.map { TripPlace(country: $0, place: name) }
        try store.setStop(place, on: day, of: id, by: try session.user)
        let message = place.map { "Report \(id): from \(day) the trip is in \($0)" } ?? "Report \(id): the stop of \(day) is removed"
        return TripChange(
            message: message, report: id, day: day, members: [("country", .string(country?.code)), ("place", .string(place?.place))]
        ).output.touching(id)
    }

    static let meals = CommandSpec(
        ["report", "meals"], abstract: "Set the meals provided on a day of a draft report's trip.",
        discussion: """
            Each meal the employer provided (or had provided: a hotel breakfast in the room rate, a customer's dinner) \
            takes 20 % (breakfast) or 40 % (lunch, dinner) of that day's full-day rate off its per diem, less what \
            the traveller paid for it (--paid), never below zero. The meals given replace that day's; none clears them.
            """,
        arguments: [.report], options: [Options.date.required(), Options.provided.required(), Options.paid],
        examples: [
            "expenses report meals 1 --date 2026-03-03 --provided breakfast",
            "expenses report meals 1 --date 2026-03-04 --provided breakfast,dinner",
            "expenses report meals 1 --date 2026-03-05 --provided lunch --paid lunch=5.00",
            "expenses report meals 1 --date 2026-03-04 --provided none",
        ],
        form: TripForms.meals
    ) { invocation, session in
        let store = try session.store()
        let id = try session.reportID(invocation)
        let day = try invocation[Options.date.required()]
        let provided = try invocation[Options.provided.required()]
        let report = try store.report(id, for: .changeTrip)
        let currency = try rateCurrency(of: report, on: day, in: store)
        let paid = try invocation[Options.paid].map { try MealsPaid.parse($0, currency: currency) } ?? MealsPaid()
        for (meal, name) in ProvidedMeals.named where paid.amount(for: meal) > 0 && !provided.contains(meal) {
            throw ExpenseError(
                .invalidData, "\(name) was paid for but is not provided on \(day)",
                hint: "what was paid counts only for a provided meal: add it to --provided")
        }
        try store.setMeals(provided, paid: paid, on: day, of: id, by: try session.user)
        var words = provided.isEmpty ? "no meals provided" : "\(provided.description.replacing(",", with: ", ")) provided"
        let named = ProvidedMeals.named.filter { provided.contains($0.meal) }
        let payments = named.filter { paid.amount(for: $0.meal) > 0 }.map {
            "\(Money(minorUnits: paid.amount(for: $0.meal), currency: currency)) paid for \($0.name)"
        }
        if !payments.isEmpty { words += ", " + payments.joined(separator: ", ") }
        return TripChange(
            message: "Report \(id): \(day), \(words)", report: id, day: day,
            members: [
                ("meals", .array(named.map { .string($0.name) })),
                ("paid", .object(named.map { ($0.name, .money(Money(minorUnits: paid.amount(for: $0.meal), currency: currency))) })),
            ]
        ).output.touching(id)
    }

    /// The currency of the rate `day` of `report`'s trip takes, which what was paid for a meal is
    /// in (EUR for the BMF's table); the report's own when no rate is found yet.
    private static func rateCurrency(of report: Report, on day: CalendarDate, in store: Store) throws -> Currency {
        let stop = try store.stops(of: report.id).filter { $0.key <= day }.max { $0.key < $1.key }?.value
        guard let place = stop ?? report.country.map({ TripPlace(country: $0, place: report.place) }) else { return report.currency }
        return (try? store.allowanceRates().resolve(place.country, place: place.place, on: day).row.currency) ?? report.currency
    }

    static let nights = CommandSpec(
        ["report", "nights"], abstract: "Pay a night of a draft report's trip at the lodging flat, or no longer.",
        discussion: """
            A night without a hotel bill (a friend's flat, a night train) may be reimbursed at the lodging flat of \
            the place the trip is in that day, tax-free: abroad the BMF's figure of that country or city, in Germany \
            20.00 EUR (R 9.7 Abs. 3 LStR). --date is the day the night begins: from the first day of the trip to the \
            day before the last, on a trip with nights away. --no-flat takes it off again.
            """,
        arguments: [.report], options: [Options.date.required(), Options.flat, Options.noFlat],
        examples: ["expenses report nights 1 --date 2026-03-03 --flat", "expenses report nights 1 --date 2026-03-03 --no-flat"]
    ) { invocation, session in
        let store = try session.store()
        let id = try session.reportID(invocation)
        let day = try invocation[Options.date.required()]
        guard invocation[Options.flat] != invocation[Options.noFlat] else {
            throw ExpenseError(.usage, "give one of --flat and --no-flat", hint: "expenses report nights \(id) --date \(day) --flat")
        }
        let flat = invocation[Options.flat]
        try store.setLodgingNight(flat, on: day, of: id, by: try session.user)
        let words =
            flat ? "the night from \(day) is paid at the lodging flat" : "the night from \(day) is no longer paid at the lodging flat"
        return TripChange(message: "Report \(id): \(words)", report: id, day: day, members: [("flat", .bool(flat))]).output.touching(id)
    }

    static let office = CommandSpec(
        ["report", "office"], abstract: "Record time at one's own office during a draft report's trip, or remove it.",
        discussion: """
            Only the absence from both home and the first place of work counts for a trip without a night away: \
            time at one's own office during a day trip (or a trip over midnight with --no-overnight) is taken out \
            of its hours, which decide whether it is over 8 hours. --from and --to add an interval inside the trip; \
            --remove takes away the one that begins then.
            """,
        arguments: [.report], options: [Options.officeFrom, Options.officeTo, Options.remove],
        examples: [
            "expenses report office 1 --from 2026-03-02T10:00 --to 2026-03-02T12:30",
            "expenses report office 1 --remove 2026-03-02T10:00",
        ]
    ) { invocation, session in
        let store = try session.store()
        let id = try session.reportID(invocation)
        let from = try invocation[Options.officeFrom]
        let to = try invocation[Options.officeTo]
        let remove = try invocation[Options.remove]
        if let starts = remove {
            guard from == nil, to == nil else {
                throw ExpenseError(.usage, "--remove is given with --from or --to", hint: "remove one interval, or add one")
            }
            try store.removeOfficeTime(startingAt: starts, of: id, by: try session.user)
            return TripChange(
                message: "Report \(id): the office time from \(starts) is removed", report: id, day: starts.date,
                members: [("from", .string(starts.description)), ("to", .null)]
            ).output.touching(id)
        }
        guard let from, let to else {
            throw ExpenseError(
                .usage, "give --from and --to, or --remove",
                hint: "expenses report office \(id) --from 2026-03-02T10:00 --to 2026-03-02T12:30")
        }
        let time = try OfficeTime(from: from, to: to)
        try store.addOfficeTime(time, of: id, by: try session.user)
        return TripChange(
            message: "Report \(id): at the office \(time)", report: id, day: from.date,
            members: [("from", .string(from.description)), ("to", .string(to.description))]
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
