import ExpenseCore

extension Report {
    /// The trip's days for people: "2026-03-02 to 2026-03-06", "from 2026-03-02", or "-".
    public var dateRange: String {
        switch (startDate, endDate) {
        case (let start?, let end?): return "\(start) to \(end)"
        case (let start?, nil): return "from \(start)"
        case (nil, let end?): return "until \(end)"
        case (nil, nil): return "-"
        }
    }
}
