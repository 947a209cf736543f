import ExpenseSupport

/// A first or last day of a trip with, when it was given, the local time of day it leaves or
/// comes back: `2026-03-02` or `2026-03-02T08:00` (`report new --from`, `--to`). The day is what
/// a report's dates have always been; the time counts only for a trip within one day, whose
/// per diem depends on its hours.
public struct TripTime: Hashable, Sendable, CustomStringConvertible {
    public let date: CalendarDate
    /// Minutes since midnight, 0 through 1439; nil when only the day was given.
    public let minuteOfDay: Int?

    public init(date: CalendarDate, minuteOfDay: Int? = nil) {
        self.date = date
        self.minuteOfDay = minuteOfDay.flatMap { (0..<1440).contains($0) ? $0 : nil }
    }

    /// Reads `YYYY-MM-DD` (no time) or `YYYY-MM-DDTHH:MM` (a space for the T too).
    public static func parse(_ text: String) throws(ExpenseError) -> TripTime {
        let trimmed = text.trimmingSpaces
        if trimmed.utf8.count <= 10 { return TripTime(date: try CalendarDate.parse(trimmed)) }
        let time = try LocalDateTime.parse(trimmed)
        return TripTime(date: time.date, minuteOfDay: time.minuteOfDay)
    }

    /// The moment it stands for: the day at its time, or at 00:00 when it has none.
    public var localDateTime: LocalDateTime {
        let minutes = minuteOfDay ?? 0
        return LocalDateTime(date: date, hour: minutes / 60, minute: minutes % 60)!
    }

    /// `2026-03-02` or `2026-03-02T08:00`, as it is typed.
    public var description: String { minuteOfDay.map { "\(date)T\(Self.clock($0))" } ?? "\(date)" }

    /// `08:00` for 480 minutes: how a time of day is stored and shown.
    public static func clock(_ minuteOfDay: Int) -> String {
        let hour = minuteOfDay / 60
        let minute = minuteOfDay % 60
        return "\(hour < 10 ? "0" : "")\(hour):\(minute < 10 ? "0" : "")\(minute)"
    }

    /// The minutes since midnight of `HH:MM` (00:00 through 23:59); nil for anything else.
    public static func minuteOfDay(clock text: String) -> Int? {
        let utf8 = Array(text.utf8)
        guard utf8.count == 5, utf8[2] == UInt8(ascii: ":"), utf8.indices.allSatisfy({ $0 == 2 || (48...57).contains(utf8[$0]) })
        else { return nil }
        let hour = Int(utf8[0] - 48) * 10 + Int(utf8[1] - 48)
        let minute = Int(utf8[3] - 48) * 10 + Int(utf8[4] - 48)
        guard hour < 24, minute < 60 else { return nil }
        return hour * 60 + minute
    }
}
