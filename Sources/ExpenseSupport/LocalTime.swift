#if canImport(Glibc)
import Glibc
#endif

/// A time as stored (`2026-12-02T17:52:12Z`, UTC ISO 8601: `iso8601`) as people read it where
/// they are: `2026-12-02 18:52:12 CET` under TZ=Europe/Berlin. JSON and CSV keep the UTC text.
public enum LocalTime {
    /// `utc` in the local time zone (the process's `TZ`, else the system's); what does not
    /// parse is shown as it is.
    public static func forPeople(_ utc: String) -> String {
        let digits = utc.utf8.map { Int32($0) - 48 }
        guard utc.utf8.count == 20, utc.hasSuffix("Z") else { return utc }
        func number(_ range: Range<Int>) -> Int32? {
            var value: Int32 = 0
            for index in range {
                guard (0...9).contains(digits[index]) else { return nil }
                value = value * 10 + digits[index]
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
            let minute = number(14..<16), let second = number(17..<19)
        else { return utc }
        var parts = tm()
        (parts.tm_year, parts.tm_mon, parts.tm_mday) = (year - 1900, month - 1, day)
        (parts.tm_hour, parts.tm_min, parts.tm_sec) = (hour, minute, second)
        var seconds = timegm(&parts)
        var local = tm()
        guard localtime_r(&seconds, &local) != nil else { return utc }
        let text = String(iso8601(local).dropLast()).replacing("T", with: " ")
        let zone = local.tm_zone.map { String(cString: $0) } ?? ""
        return zone.isEmpty ? text : "\(text) \(zone)"
    }

    /// `parts` written as a time is stored, `2026-03-02T09:15:00Z` (UTC parts, as `gmtime_r` gives).
    public static func iso8601(_ parts: tm) -> String {
        func pad(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)-\(pad(parts.tm_mon + 1))-\(pad(parts.tm_mday))T"
            + "\(pad(parts.tm_hour)):\(pad(parts.tm_min)):\(pad(parts.tm_sec))Z"
    }
}
