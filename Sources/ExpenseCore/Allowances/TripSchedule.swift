import ExpenseSupport

/// When a trip leaves and comes back (local times), where it goes, where it moves on to, and
/// which meals were provided on which day: all that its per diems are computed from.
public struct TripSchedule: Hashable, Sendable {
    public let departure: LocalDateTime
    public let `return`: LocalDateTime
    /// The country the trip goes to first (its `--country`).
    public let destination: CountryCode
    /// "From this day on the trip is in that country", one country a day (a later one replaces it).
    public private(set) var stops: [CalendarDate: CountryCode] = [:]
    /// The meals provided, by day; a day that is not here had none.
    public private(set) var meals: [CalendarDate: ProvidedMeals] = [:]

    /// A trip that comes back no earlier than it leaves.
    public init(
        departure: LocalDateTime, return: LocalDateTime, destination: CountryCode,
        stops: [CalendarDate: CountryCode] = [:], meals: [CalendarDate: ProvidedMeals] = [:]
    ) throws(ExpenseError) {
        guard departure <= `return` else {
            throw ExpenseError(
                .invalidData, .reportDatesReversed, "the trip comes back (\(`return`)) before it leaves (\(departure))")
        }
        self.departure = departure
        self.return = `return`
        self.destination = destination
        for (day, country) in stops { try setStop(on: day, country: country) }
        for (day, provided) in meals { try setMeals(provided, on: day) }
    }

    /// The trip's calendar days, first to last.
    public var days: [CalendarDate] {
        (departure.date.dayNumber...`return`.date.dayNumber).map(CalendarDate.init(dayNumber:))
    }

    /// Whether the trip begins and ends on the same day.
    public var isOneDay: Bool { departure.date == `return`.date }

    /// How long the trip lasts, in minutes.
    public var durationMinutes: Int { departure.minutes(until: `return`) }

    /// From `day` on the trip is in `country`.
    public mutating func setStop(on day: CalendarDate, country: CountryCode) throws(ExpenseError) {
        try requireOnTrip(day, "a stop")
        stops[day] = country
    }

    /// Removes the stop of `day`, if there is one.
    public mutating func removeStop(on day: CalendarDate) { stops[day] = nil }

    /// The meals provided on `day`, replacing what was set before (`.none` clears them).
    public mutating func setMeals(_ provided: ProvidedMeals, on day: CalendarDate) throws(ExpenseError) {
        try requireOnTrip(day, "meals")
        meals[day] = provided.isEmpty ? nil : provided
    }

    /// The meals provided on `day`.
    public func meals(on day: CalendarDate) -> ProvidedMeals { meals[day] ?? .none }

    /// The country a day's allowance is for: the one reached last that day (the latest stop on or
    /// before it, else the destination); the last day of a trip of several days keeps the country
    /// it began in (the day before's), since the way home is not a stay.
    public func country(on day: CalendarDate) -> CountryCode {
        let counted = !isOneDay && day == `return`.date ? day.adding(days: -1) : day
        let latest = stops.filter { $0.key <= counted }.max { $0.key < $1.key }
        return latest?.value ?? destination
    }

    private func requireOnTrip(_ day: CalendarDate, _ what: String) throws(ExpenseError) {
        guard departure.date <= day, day <= `return`.date else {
            throw ExpenseError(
                .invalidData, "\(what) on \(day) is outside the trip (\(departure.date) to \(`return`.date))")
        }
    }
}
