import ExpenseSupport

/// When a trip leaves and comes back (local times), where it goes, where it moves on to, which
/// meals were provided on which day and what was paid for them, whether it has nights away and
/// which of them are paid at the lodging flat, and the time spent at one's own office: all that
/// its per diems are computed from.
public struct TripSchedule: Hashable, Sendable {
    public let departure: LocalDateTime
    public let `return`: LocalDateTime
    /// Where the trip goes first (its `--country` and `--place`).
    public let destination: TripPlace
    /// "From this day on the trip is there", one place a day (a later one replaces it).
    public private(set) var stops: [CalendarDate: TripPlace] = [:]
    /// The meals provided, by day; a day that is not here had none.
    public private(set) var meals: [CalendarDate: ProvidedMeals] = [:]
    /// What the traveller paid for provided meals, by day; a day that is not here paid nothing.
    public private(set) var paid: [CalendarDate: MealsPaid] = [:]
    /// Whether the trip has its nights away (the default); false for a trip over midnight without
    /// one (a night shift, a courier run), which lasts from one day to the next.
    public let overnight: Bool
    /// The nights paid at the lodging flat (no hotel bill), by the day each begins on.
    public private(set) var lodgingNights: Set<CalendarDate> = []
    /// The time spent at one's own office, which counts only on a trip without a night away.
    public private(set) var office: [OfficeTime] = []

    /// A trip that comes back no earlier than it leaves; one without a night away ends the day
    /// after it begins.
    public init(
        departure: LocalDateTime, return: LocalDateTime, destination: TripPlace, stops: [CalendarDate: TripPlace] = [:],
        meals: [CalendarDate: ProvidedMeals] = [:], paid: [CalendarDate: MealsPaid] = [:], overnight: Bool = true,
        lodgingNights: Set<CalendarDate> = [], office: [OfficeTime] = []
    ) throws(ExpenseError) {
        guard departure <= `return` else {
            throw ExpenseError(
                .invalidData, .reportDatesReversed, "the trip comes back (\(`return`)) before it leaves (\(departure))")
        }
        guard overnight || `return`.date == departure.date.adding(days: 1) else {
            throw ExpenseError(
                .invalidData,
                "a trip without a night away ends the day after it begins, not \(departure.date) to \(`return`.date)")
        }
        self.departure = departure
        self.return = `return`
        self.destination = destination
        self.overnight = overnight
        for (day, place) in stops { try setStop(on: day, place: place) }
        for (day, provided) in meals { try setMeals(provided, on: day) }
        for (day, amounts) in paid { try setPaid(amounts, on: day) }
        for night in lodgingNights { try setLodgingNight(true, on: night) }
        for time in office { try addOffice(time) }
    }

    /// The trip's calendar days, first to last.
    public var days: [CalendarDate] {
        (departure.date.dayNumber...`return`.date.dayNumber).map(CalendarDate.init(dayNumber:))
    }

    /// Whether the trip begins and ends on the same day.
    public var isOneDay: Bool { departure.date == `return`.date }

    /// How long the trip lasts, in minutes.
    public var durationMinutes: Int { departure.minutes(until: `return`) }

    /// From `day` on the trip is at `place`.
    public mutating func setStop(on day: CalendarDate, place: TripPlace) throws(ExpenseError) {
        try requireOnTrip(day, "a stop")
        stops[day] = place
    }

    /// Removes the stop of `day`, if there is one.
    public mutating func removeStop(on day: CalendarDate) { stops[day] = nil }

    /// The meals provided on `day`, replacing what was set before (`.none` clears them).
    public mutating func setMeals(_ provided: ProvidedMeals, on day: CalendarDate) throws(ExpenseError) {
        try requireOnTrip(day, "meals")
        meals[day] = provided.isEmpty ? nil : provided
    }

    /// What was paid for the meals provided on `day`, replacing what was set before.
    public mutating func setPaid(_ amounts: MealsPaid, on day: CalendarDate) throws(ExpenseError) {
        try requireOnTrip(day, "meals paid for")
        paid[day] = amounts.isEmpty ? nil : amounts
    }

    /// Whether the night that begins on `day` is paid at the lodging flat: a night of a trip with
    /// nights away, from its first day up to the day before its last.
    public mutating func setLodgingNight(_ flat: Bool, on day: CalendarDate) throws(ExpenseError) {
        guard flat else {
            lodgingNights.remove(day)
            return
        }
        guard overnight else { throw ExpenseError(.invalidData, "the night of \(day): the trip has no night away") }
        guard departure.date <= day, day < `return`.date else {
            throw ExpenseError(
                .invalidData, "the night of \(day) is not a night of the trip (\(departure.date) to \(`return`.date))")
        }
        lodgingNights.insert(day)
    }

    /// Adds time at one's own office, within the trip's times.
    public mutating func addOffice(_ time: OfficeTime) throws(ExpenseError) {
        guard departure <= time.from, time.to <= `return` else {
            throw ExpenseError(.invalidData, "the office time \(time) is outside the trip (\(departure) to \(`return`))")
        }
        office.append(time)
    }

    /// The meals provided on `day`.
    public func meals(on day: CalendarDate) -> ProvidedMeals { meals[day] ?? .none }

    /// What was paid for the meals provided on `day`.
    public func paid(on day: CalendarDate) -> MealsPaid { paid[day] ?? MealsPaid() }

    /// Where a day's allowance is for: the place reached last that day, the latest stop on or
    /// before it, else the destination. The last day takes the last place of work abroad
    /// (§ 9 Abs. 4a Satz 5 EStG): a stop on it counts (Brussels, then Luxembourg on the way
    /// home: Luxembourg's rate), a stop back in Germany after a place abroad does not.
    public func place(on day: CalendarDate) -> TripPlace {
        let reached = [destination] + stops.filter { $0.key <= day }.sorted { $0.key < $1.key }.map(\.value)
        let last = reached.last!
        guard day == `return`.date, last.country == .germany else { return last }
        return reached.last { $0.country != .germany } ?? last
    }

    /// The minutes of `day` the traveller is away: the trip's minutes that day less the office
    /// time in them (overlapping office times counted once).
    public func absenceMinutes(on day: CalendarDate) -> Int {
        let start = max(departure, LocalDateTime(date: day, hour: 0, minute: 0)!)
        let nextMidnight = LocalDateTime(date: day.adding(days: 1), hour: 0, minute: 0)!
        let end = min(`return`, nextMidnight)
        guard start < end else { return 0 }
        var away = start.minutes(until: end)
        var counted = start  // office time before this is taken out already
        for time in office.sorted(by: { $0.from < $1.from }) {
            let from = max(time.from, counted)
            let to = min(time.to, end)
            guard from < to else { continue }
            away -= from.minutes(until: to)
            counted = to
        }
        return away
    }

    private func requireOnTrip(_ day: CalendarDate, _ what: String) throws(ExpenseError) {
        guard departure.date <= day, day <= `return`.date else {
            throw ExpenseError(
                .invalidData, "\(what) on \(day) is outside the trip (\(departure.date) to \(`return`.date))")
        }
    }
}
