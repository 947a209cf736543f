import ExpenseCore
import ExpenseSupport

/// A report's trip beyond its header: the stops (from a day on, another country or place), the
/// meals provided on its days and what was paid for them, the nights paid at the lodging flat and
/// the hours at one's own office, changed only while it is a draft and each change in its audit log.
extension Store {
    /// The report's stops, by day.
    public func stops(of reportID: Int64) throws -> [CalendarDate: TripPlace] {
        var stops: [CalendarDate: TripPlace] = [:]
        try db.forEachRow("SELECT \(Self.stopColumns) FROM report_stops WHERE report_id = \(reportID)" as SQL) { row in
            let (day, place) = try Self.stop(row)
            stops[day] = place
        }
        return stops
    }

    static let stopColumns: SQL = "date, country, report_id, place"

    /// A stop of its row (`stopColumns`): from which day, at which place.
    static func stop(_ row: Row) throws -> (day: CalendarDate, place: TripPlace) {
        let stored = StoredRow(row, table: "report_stops", key: .columns(2, 0))
        return (try stored.date(0), TripPlace(country: try stored.country(1), place: row.optionalString(3)))
    }

    /// The meals provided on the report's days, by day; a day not there had none.
    public func meals(of reportID: Int64) throws -> [CalendarDate: ProvidedMeals] { try mealDays(of: reportID).provided }

    /// What was paid for the provided meals on the report's days, by day; a day not there: nothing.
    public func mealsPaid(of reportID: Int64) throws -> [CalendarDate: MealsPaid] { try mealDays(of: reportID).paid }

    /// Both of the report's meal rows, read once: what was provided and what was paid for it.
    func mealDays(of reportID: Int64) throws -> (provided: [CalendarDate: ProvidedMeals], paid: [CalendarDate: MealsPaid]) {
        var provided: [CalendarDate: ProvidedMeals] = [:]
        var paid: [CalendarDate: MealsPaid] = [:]
        try db.forEachRow("SELECT \(Self.mealColumns) FROM report_meals WHERE report_id = \(reportID)" as SQL) { row in
            let (day, meals) = try Self.mealsOfDay(row)
            provided[day] = meals
            let amounts = try Self.mealsPaid(StoredRow(row, table: "report_meals", key: .columns(4, 0)), from: 5)
            if !amounts.isEmpty { paid[day] = amounts }
        }
        return (provided, paid)
    }

    static let mealColumns: SQL = "date, breakfast, lunch, dinner, report_id, breakfast_paid, lunch_paid, dinner_paid"

    /// What was paid for each meal, of three columns (breakfast, lunch, dinner) from `index` on.
    static func mealsPaid(_ stored: StoredRow, from index: Int) throws -> MealsPaid {
        let limit = 0...Money.maximumMinorUnits
        return MealsPaid(
            breakfast: try stored.integer(index, as: Int64.self, in: limit),
            lunch: try stored.integer(index + 1, as: Int64.self, in: limit),
            dinner: try stored.integer(index + 2, as: Int64.self, in: limit))
    }

    /// The nights of the report's trip paid at the lodging flat, by the day each begins on.
    public func lodgingNights(of reportID: Int64) throws -> Set<CalendarDate> {
        Set(
            try db.query("SELECT date, report_id FROM report_nights WHERE report_id = \(reportID)" as SQL) { row in
                try StoredRow(row, table: "report_nights", key: .columns(1, 0)).date(0)
            })
    }

    /// The hours at one's own office during the report's trip, earliest first.
    public func officeTimes(of reportID: Int64) throws -> [OfficeTime] {
        try db.query("SELECT starts, ends, report_id FROM report_office WHERE report_id = \(reportID) ORDER BY starts" as SQL) { row in
            let stored = StoredRow(row, table: "report_office", key: .columns(2, 0))
            let from = try stored.decoded(0, as: "a local time YYYY-MM-DDTHH:MM") { try? LocalDateTime.parse($0) }
            let to = try stored.decoded(1, as: "a local time YYYY-MM-DDTHH:MM") { try? LocalDateTime.parse($0) }
            return try OfficeTime(from: from, to: to)
        }
    }

    /// A day's meals of its row (`mealColumns`).
    static func mealsOfDay(_ row: Row) throws -> (day: CalendarDate, meals: ProvidedMeals) {
        let stored = StoredRow(row, table: "report_meals", key: .columns(4, 0))
        return (try stored.date(0), try Self.meals(stored, from: 1))
    }

    /// The meals of three 0/1 columns (breakfast, lunch, dinner) from `index` on.
    static func meals(_ stored: StoredRow, from index: Int) throws -> ProvidedMeals {
        var meals: ProvidedMeals = []
        if try stored.integer(index, as: Int64.self, in: 0...1) != 0 { meals.insert(.breakfast) }
        if try stored.integer(index + 1, as: Int64.self, in: 0...1) != 0 { meals.insert(.lunch) }
        if try stored.integer(index + 2, as: Int64.self, in: 0...1) != 0 { meals.insert(.dinner) }
        return meals
    }

    /// `meals` as the three 0/1 columns' values (breakfast, lunch, dinner), bound.
    static func mealValues(_ meals: ProvidedMeals) -> SQL {
        "\(meals.contains(.breakfast)), \(meals.contains(.lunch)), \(meals.contains(.dinner))"
    }

    /// From `day` on the trip of report `reportID` is at `place`; nil removes the stop of that
    /// day. Refused unless the report is a draft and `day` is one of its trip's days; logged.
    public func setStop(_ place: TripPlace?, on day: CalendarDate, of reportID: Int64, by actor: UserName) throws {
        try write {
            let report = try tripDay(day, of: reportID, "a stop")
            if let name = place?.place { try Report.requirePlaceName(name) }
            if place == nil, try stops(of: reportID)[day] == nil {
                throw ExpenseError(.notFound, "report \(reportID) has no stop on \(day)")
            }
            try writes.rates.setStop(place, on: day, of: report, by: actor)
        }
    }

    /// The meals provided on `day` of report `reportID` and what was paid for them (minor units
    /// of the day's rate currency), replacing what was set before (none clears them). Refused
    /// unless the report is a draft and `day` is one of its trip's days, and for an amount paid
    /// for a meal that was not provided; logged.
    public func setMeals(
        _ meals: ProvidedMeals, paid: MealsPaid = MealsPaid(), on day: CalendarDate, of reportID: Int64, by actor: UserName
    ) throws {
        try write {
            let report = try tripDay(day, of: reportID, "meals")
            for (meal, name) in [(ProvidedMeals.breakfast, "breakfast"), (.lunch, "lunch"), (.dinner, "dinner")] {
                let amount = paid.amount(for: meal)
                if amount < 0 { throw ExpenseError(.invalidData, "what was paid for \(name) on \(day) is negative") }
                if amount > 0, !meals.contains(meal) {
                    throw ExpenseError(
                        .invalidData, "\(name) on \(day) was paid for but is not provided",
                        hint: "what was paid counts only for a provided meal: add it to --provided")
                }
            }
            try writes.rates.setMeals(meals, paid: paid, on: day, of: report, by: actor)
        }
    }

    /// Whether the night that begins on `day` of report `reportID` is paid at the lodging flat (no
    /// hotel bill). Refused unless the report is a draft with nights away and `day` is one of its
    /// nights (the first day up to the day before the last); removing a night not flagged is
    /// refused too. Logged.
    public func setLodgingNight(_ flat: Bool, on day: CalendarDate, of reportID: Int64, by actor: UserName) throws {
        try write {
            let report = try tripDay(day, of: reportID, "a night at the lodging flat")
            if flat {
                guard report.overnight else {
                    throw ExpenseError(
                        .invalidData, "report \(reportID) is a trip without a night away: it has no night at the lodging flat",
                        hint: "a night is paid only on a trip with nights (--overnight)")
                }
                guard day != report.endDate else {
                    throw ExpenseError(
                        .invalidData, "\(day) is the last day of the trip of report \(reportID): no night begins on it",
                        hint: "a night is named by the day it begins on")
                }
            } else if try !lodgingNights(of: reportID).contains(day) {
                throw ExpenseError(.notFound, "report \(reportID) has no night at the lodging flat on \(day)")
            }
            try writes.rates.setLodgingNight(flat, on: day, of: report, by: actor)
        }
    }

    /// Adds `time` at one's own office to report `reportID`'s trip. Refused unless the report is
    /// a draft and `time` lies within the trip (its first day's time of leaving to its last's of
    /// coming back) and overlaps no other office time of it; logged.
    public func addOfficeTime(_ time: OfficeTime, of reportID: Int64, by actor: UserName) throws {
        try write {
            let report = try tripDay(time.from.date, of: reportID, "office time")
            guard let leaves = report.departure?.localDateTime, let back = report.return?.localDateTime, leaves <= time.from,
                time.to <= back
            else {
                let trip = report.departure.flatMap { from in report.return.map { " (\(from) to \($0))" } } ?? ""
                throw ExpenseError(
                    .invalidData, "the office time \(time) is outside the trip of report \(reportID)\(trip)",
                    hint: "office time counts only while the trip lasts: give the trip's times first")
            }
            if let other = try officeTimes(of: reportID).first(where: { $0.from < time.to && time.from < $0.to }) {
                throw ExpenseError(
                    .invalidData, "the office time \(time) overlaps \(other) of report \(reportID)", hint: "remove that one first")
            }
            try writes.rates.setOfficeTime(time.from, ends: time.to, of: report, by: actor)
        }
    }

    /// Removes the office time starting at `start` from report `reportID`'s trip. Refused unless
    /// the report is a draft and has one starting then; logged.
    public func removeOfficeTime(startingAt start: LocalDateTime, of reportID: Int64, by actor: UserName) throws {
        try write {
            let report = try tripDay(start.date, of: reportID, "office time")
            guard try officeTimes(of: reportID).contains(where: { $0.from == start }) else {
                throw ExpenseError(.notFound, "report \(reportID) has no office time starting at \(start)")
            }
            try writes.rates.setOfficeTime(start, ends: nil, of: report, by: actor)
        }
    }

    /// The audit log's words for a stop: `stop 2026-03-04 FR`, `stop 2026-03-04 FR Paris`, or
    /// `stop 2026-03-04 removed`.
    static func stopAction(_ day: CalendarDate, _ place: TripPlace?) -> String {
        "stop \(day) \(place?.description ?? "removed")"
    }

    /// The audit log's words for a day's meals: `meals 2026-03-04 breakfast,lunch`, with what was
    /// paid in minor units when anything was: `meals 2026-03-04 lunch paid lunch=500`.
    static func mealsAction(_ day: CalendarDate, _ meals: ProvidedMeals, _ paid: MealsPaid) -> String {
        let amounts = [("breakfast", paid.breakfast), ("lunch", paid.lunch), ("dinner", paid.dinner)].filter { $0.1 > 0 }
            .map { "\($0.0)=\($0.1)" }
        return "meals \(day) \(meals)" + (amounts.isEmpty ? "" : " paid " + amounts.joined(separator: ","))
    }

    /// The audit log's words for a night: `night 2026-03-04 flat`, or `night 2026-03-04 removed`.
    static func nightAction(_ day: CalendarDate, _ flat: Bool) -> String { "night \(day) \(flat ? "flat" : "removed")" }

    /// The audit log's words for office time: `office 2026-03-04T10:00 to 2026-03-04T13:00`, or
    /// `office 2026-03-04T10:00 removed`.
    static func officeAction(_ starts: LocalDateTime, _ ends: LocalDateTime?) -> String {
        "office \(starts) " + (ends.map { "to \($0)" } ?? "removed")
    }

    /// Report `reportID` as it is now, when its trip may change and `day` is one of its days.
    private func tripDay(_ day: CalendarDate, of reportID: Int64, _ what: String) throws -> Report {
        guard let report = try lockedReport(reportID) else {
            throw ExpenseError(.notFound, .unknownReport(reportID), "unknown report \(reportID)")
        }
        try report.requireEditable(.changeTrip)
        guard let first = report.startDate, let last = report.endDate else {
            throw ExpenseError(.invalidData, "report \(reportID) has no trip dates: \(what) needs a day of the trip")
        }
        guard first <= day, day <= last else {
            throw ExpenseError(.invalidData, "\(what) on \(day) is outside the trip (\(first) to \(last))")
        }
        return report
    }

    /// Refuses new dates for `report` that would leave one of its stops, meals, nights at the
    /// lodging flat or office times outside the trip's days, or a night on a trip without one
    /// (office time is held to the trip's times when it is added; a time changed since only
    /// clips it, `Report.tripSchedule`).
    func requireTripDaysInside(_ report: Report) throws {
        let trip = report.startDate.flatMap { first in report.endDate.map { " (\(first) to \($0))" } } ?? ""
        let days = Set(try stops(of: report.id).keys).union(try meals(of: report.id).keys).sorted()
        if let outside = days.first(where: { day in
            guard let first = report.startDate, let last = report.endDate else { return true }
            return day < first || day > last
        }) {
            throw ExpenseError(
                .invalidData, "report \(report.id) has a stop or meals on \(outside), which would be outside the trip\(trip)",
                hint: "remove them first, or keep that day in the trip")
        }
        let nights = try lodgingNights(of: report.id).sorted()
        if let night = nights.first, !report.overnight {
            throw ExpenseError(
                .invalidData, "report \(report.id) has a night at the lodging flat on \(night); a trip without a night away has none",
                hint: "remove it first (report nights --no-flat)")
        }
        if let outside = nights.first(where: { night in
            guard let first = report.startDate, let last = report.endDate else { return true }
            return night < first || night >= last
        }) {
            throw ExpenseError(
                .invalidData, "report \(report.id) has a night at the lodging flat on \(outside), which would be outside the trip\(trip)",
                hint: "remove it first, or keep that night in the trip")
        }
        if let outside = try officeTimes(of: report.id).first(where: { time in
            guard let first = report.startDate, let last = report.endDate else { return true }
            return time.from.date < first || time.to.date > last
        }) {
            throw ExpenseError(
                .invalidData, "report \(report.id) has office time \(outside), which would be outside the trip\(trip)",
                hint: "remove it first, or keep those hours in the trip")
        }
    }
}
