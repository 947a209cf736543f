import ExpenseSupport

/// A local date and time of day to the minute, with no time zone: when a trip leaves or comes
/// back where the traveller is ("2026-03-02T08:00"). Per diems count hours and calendar days.
public struct LocalDateTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let date: CalendarDate
    /// Minutes since midnight, 0 through 1439.
    public let minuteOfDay: Int

    public init?(date: CalendarDate, hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.date = date
        minuteOfDay = hour * 60 + minute
    }

    /// Reads `YYYY-MM-DDTHH:MM` (a space for the T too), or `YYYY-MM-DD` as midnight.
    public static func parse(_ text: String) throws(ExpenseError) -> LocalDateTime {
        let trimmed = text.trimmingSpaces
        let utf8 = Array(trimmed.utf8)
        let date = try CalendarDate.parse(String(decoding: utf8.prefix(10), as: UTF8.self))
        if utf8.count == 10 { return LocalDateTime(date: date, hour: 0, minute: 0)! }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in utf8[range] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard utf8.count == 16, utf8[10] == UInt8(ascii: "T") || utf8[10] == UInt8(ascii: " "), utf8[13] == UInt8(ascii: ":"),
            let hour = number(11..<13), let minute = number(14..<16), let time = LocalDateTime(date: date, hour: hour, minute: minute)
        else {
            throw ExpenseError(
                .invalidData, "invalid date and time '\(text)'", hint: "write YYYY-MM-DDTHH:MM, e.g. 2026-03-02T08:00")
        }
        return time
    }

    /// Minutes from `self` to `later` (negative when `later` is earlier).
    public func minutes(until later: LocalDateTime) -> Int {
        (later.date.dayNumber - date.dayNumber) * 1440 + later.minuteOfDay - minuteOfDay
    }

    public var description: String {
        let hour = minuteOfDay / 60
        let minute = minuteOfDay % 60
        return "\(date)T\(hour < 10 ? "0" : "")\(hour):\(minute < 10 ? "0" : "")\(minute)"
    }

    public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
        (lhs.date, lhs.minuteOfDay) < (rhs.date, rhs.minuteOfDay)
    }
}
