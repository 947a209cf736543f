import ExpenseCore

extension Report {
    /// The trip's days for people: "2026-03-02 to 2026-03-06", "from 2026-03-02", or "-"; with
    /// the times it leaves and comes back when they are known ("2026-03-02 08:00 to ...").
    public var dateRange: String {
        func day(_ time: TripTime) -> String { "\(time.date)" + (time.minuteOfDay.map { " " + TripTime.clock($0) } ?? "") }
        switch (departure, `return`) {
        case (let start?, let end?): return "\(day(start)) to \(day(end))"
        case (let start?, nil): return "from \(day(start))"
        case (nil, let end?): return "until \(day(end))"
        case (nil, nil): return "-"
        }
    }
}
