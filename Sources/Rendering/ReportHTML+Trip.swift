import ExpenseCore
import ExpenseSupport

extension ReportHTML {
    /// Where the trip was, day by day, as runs of days in one country: "2026-03-02 to 2026-03-03
    /// DE, 2026-03-04 to 2026-03-06 FR". A day's country is the one its per diem is for (the
    /// latest stop on or before it, else the trip's country); nil without the trip's dates.
    var stops: String? {
        guard let trip else { return nil }
        var runs: [(first: CalendarDate, last: CalendarDate, country: CountryCode)] = []
        for day in trip.days {
            let country = trip.place(on: day).country
            if let run = runs.last, run.country == country {
                runs[runs.count - 1].last = day
            } else {
                runs.append((day, day, country))
            }
        }
        return runs.map { run in (run.first == run.last ? "\(run.first)" : "\(run.first) to \(run.last)") + " \(run.country)" }
            .joined(separator: ", ")
    }
}
