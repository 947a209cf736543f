import ExpenseCore
import ExpenseSupport

/// A report's trip beyond its header: the stops (from a day on, another country) and the meals
/// provided on its days, changed only while it is a draft and each change in its audit log.
extension Store {
    /// The report's stops, by day.
    public func stops(of reportID: Int64) throws -> [CalendarDate: CountryCode] {
        var stops: [CalendarDate: CountryCode] = [:]
        try db.forEachRow("SELECT \(Self.stopColumns) FROM report_stops WHERE report_id = \(reportID)" as SQL) { row in
            let (day, country) = try Self.stop(row)
            stops[day] = country
        }
        return stops
    }

    static let stopColumns: SQL = "date, country, report_id"

    /// A stop of its row (`stopColumns`): from which day, in which country.
    static func stop(_ row: Row) throws -> (day: CalendarDate, country: CountryCode) {
        let stored = StoredRow(row, table: "report_stops", key: .columns(2, 0))
        return (try stored.date(0), try stored.country(1))
    }

    /// The meals provided on the report's days, by day; a day not there had none.
    public func meals(of reportID: Int64) throws -> [CalendarDate: ProvidedMeals] {
        var meals: [CalendarDate: ProvidedMeals] = [:]
        try db.forEachRow("SELECT \(Self.mealColumns) FROM report_meals WHERE report_id = \(reportID)" as SQL) { row in
            let (day, provided) = try Self.mealsOfDay(row)
            meals[day] = provided
        }
        return meals
    }

    static let mealColumns: SQL = "date, breakfast, lunch, dinner, report_id"

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

    /// From `day` on the trip of report `reportID` is in `country`; nil removes the stop of that
    /// day. Refused unless the report is a draft and `day` is one of its trip's days; logged.
    public func setStop(_ country: CountryCode?, on day: CalendarDate, of reportID: Int64, by actor: UserName) throws {
        try write {
            let report = try tripDay(day, of: reportID, "a stop")
            if country == nil, try stops(of: reportID)[day] == nil {
                throw ExpenseError(.notFound, "report \(reportID) has no stop on \(day)")
            }
            try writes.rates.setStop(country, on: day, of: report, by: actor)
        }
    }

    /// The meals provided on `day` of report `reportID`, replacing what was set before (none
    /// clears them). Refused unless the report is a draft and `day` is one of its trip's days; logged.
    public func setMeals(_ meals: ProvidedMeals, on day: CalendarDate, of reportID: Int64, by actor: UserName) throws {
        try write {
            let report = try tripDay(day, of: reportID, "meals")
            try writes.rates.setMeals(meals, on: day, of: report, by: actor)
        }
    }

    /// The audit log's words for a stop: `stop 2026-03-04 FR`, or `stop 2026-03-04 removed`.
    static func stopAction(_ day: CalendarDate, _ country: CountryCode?) -> String {
        "stop \(day) \(country?.code ?? "removed")"
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

    /// Refuses new dates for `report` that would leave one of its stops or meals outside the trip.
    func requireTripDaysInside(_ report: Report) throws {
        let days = Set(try stops(of: report.id).keys).union(try meals(of: report.id).keys).sorted()
        guard
            let outside = days.first(where: { day in
                guard let first = report.startDate, let last = report.endDate else { return true }
                return day < first || day > last
            })
        else { return }
        let trip = report.startDate.flatMap { first in report.endDate.map { " (\(first) to \($0))" } } ?? ""
        throw ExpenseError(
            .invalidData, "report \(report.id) has a stop or meals on \(outside), which would be outside the trip\(trip)",
            hint: "remove them first, or keep that day in the trip")
    }
}
