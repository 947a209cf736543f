/// A calendar day, `YYYY-MM-DD`, with no time and no time zone: an expense happens on a date.
public struct CalendarDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...Self.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses exactly `YYYY-MM-DD`; a day that does not exist (2026-02-30) is an error.
    public static func parse(_ text: String) throws(ExpenseError) -> CalendarDate {
        // The database's dates are exactly this: read them without a copy (a report can have
        // 100,000 items).
        if let date = text.utf8.withContiguousStorageIfAvailable(exactly), let date { return date }
        let utf8 = Array(text.trimmingSpaces.utf8)
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in utf8[range] {
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard utf8.count == 10, utf8[4] == UInt8(ascii: "-"), utf8[7] == UInt8(ascii: "-"),
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10)
        else {
            throw ExpenseError(.invalidData, "invalid date '\(text)'", hint: "write dates as YYYY-MM-DD, e.g. 2026-03-02")
        }
        guard let date = CalendarDate(year: year, month: month, day: day) else {
            throw ExpenseError(
                .invalidData, "invalid date '\(text)': that day does not exist",
                hint: (1...12).contains(month) && year > 0
                    ? "\(Self.monthName(month)) \(year) has \(Self.daysIn(month: month, year: year)) days" : nil)
        }
        return date
    }

    /// `YYYY-MM-DD` in exactly ten bytes, or nil.
    private static func exactly(_ bytes: UnsafeBufferPointer<UInt8>) -> CalendarDate? {
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        var value = 0
        var parts: (Int, Int, Int) = (0, 0, 0)
        for (index, byte) in bytes.enumerated() {
            if index == 4 || index == 7 {
                if index == 4 { parts.0 = value } else { parts.1 = value }
                value = 0
                continue
            }
            guard byte >= 48, byte <= 57 else { return nil }
            value = value * 10 + Int(byte - 48)
        }
        parts.2 = value
        return CalendarDate(year: parts.0, month: parts.1, day: parts.2)
    }

    public var description: String {
        guard (0...9999).contains(year) else { return "\(year)-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)" }
        // Ten bytes: a small string, made without the dozen strings of padding and interpolating.
        return String(unsafeUninitializedCapacity: 10) { buffer in
            func digit(_ value: Int) -> UInt8 { 48 + UInt8(value % 10) }
            (buffer[0], buffer[1], buffer[2], buffer[3]) = (digit(year / 1000), digit(year / 100), digit(year / 10), digit(year))
            (buffer[5], buffer[6], buffer[8], buffer[9]) = (digit(month / 10), digit(month), digit(day / 10), digit(day))
            (buffer[4], buffer[7]) = (UInt8(ascii: "-"), UInt8(ascii: "-"))
            return 10
        }
    }

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 (proleptic Gregorian), for day arithmetic.
    public var dayNumber: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `dayNumber` days after 1970-01-01.
    public init(dayNumber: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * mp + 2) / 5 + 1
        month = mp < 10 ? mp + 3 : mp - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    public func adding(days: Int) -> CalendarDate { CalendarDate(dayNumber: dayNumber + days) }

    static func monthName(_ month: Int) -> String {
        [
            "January", "February", "March", "April", "May", "June", "July", "August", "September",
            "October", "November", "December",
        ][month - 1]
    }
}
