import ExpenseCore
import ExpenseSupport

/// A statement's date format (the rules' `date-format`), strftime-style: `%Y-%m-%d`,
/// `%d.%m.%Y`, `%m/%d/%y`, `%d %b %Y`, `%Y-%m-%dT%H:%M:%S`. Parsing is strict: the whole text
/// must match, and a day that does not exist is an error, never moved to the next month.
public struct DateFormat: Sendable, Equatable, CustomStringConvertible {
    public enum Token: Equatable, Sendable {
        case year4, year2, month, monthAbbreviation, monthName, day, hour, minute, second
        case literal(UInt8)
    }

    public let tokens: [Token]
    public let description: String

    /// `%Y-%m-%d`, the default.
    public static let iso = DateFormat(
        tokens: [.year4, .literal(UInt8(ascii: "-")), .month, .literal(UInt8(ascii: "-")), .day],
        description: "%Y-%m-%d")

    private init(tokens: [Token], description: String) {
        self.tokens = tokens
        self.description = description
    }

    /// Compiles a pattern; the message says what is wrong with it.
    public init(_ pattern: String) throws(Failure) {
        var tokens: [Token] = []
        var bytes = Array(pattern.utf8)[...]
        while let byte = bytes.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                tokens.append(.literal(byte))
                continue
            }
            guard let letter = bytes.popFirst() else { throw Failure(message: "'\(pattern)' ends with a lone '%'") }
            switch letter {
            case UInt8(ascii: "Y"): tokens.append(.year4)
            case UInt8(ascii: "y"): tokens.append(.year2)
            case UInt8(ascii: "m"): tokens.append(.month)
            case UInt8(ascii: "b"): tokens.append(.monthAbbreviation)
            case UInt8(ascii: "B"): tokens.append(.monthName)
            case UInt8(ascii: "d"), UInt8(ascii: "e"): tokens.append(.day)
            case UInt8(ascii: "H"): tokens.append(.hour)
            case UInt8(ascii: "M"): tokens.append(.minute)
            case UInt8(ascii: "S"): tokens.append(.second)
            case UInt8(ascii: "%"): tokens.append(.literal(UInt8(ascii: "%")))
            default:
                throw Failure(
                    message: "unknown '%\(Character(Unicode.Scalar(letter)))' in date format '\(pattern)' "
                        + "(known: %Y %y %m %b %B %d %e %H %M %S %%)")
            }
        }
        let years = tokens.filter { $0 == .year4 || $0 == .year2 }.count
        let months = tokens.filter { $0 == .month || $0 == .monthAbbreviation || $0 == .monthName }.count
        let days = tokens.filter { $0 == .day }.count
        guard years == 1, months == 1, days == 1 else {
            throw Failure(
                message: "date format '\(pattern)' needs exactly one year (%Y or %y), one month (%m, %b or %B) "
                    + "and one day (%d)")
        }
        self.tokens = tokens
        description = pattern
    }

    public typealias Failure = ValueFailure

    /// The date in `bytes` (surrounding spaces ignored), or why it is not one.
    public func parse(_ bytes: UnsafeRawBufferPointer) -> Result<CalendarDate, Failure> {
        var index = 0
        var end = bytes.count
        while index < end, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        while end > index, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        var year = 0
        var month = 0
        var day = 0
        func digits(_ minimum: Int, _ maximum: Int) -> Int? {
            var value = 0
            var count = 0
            while count < maximum, index < end, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                value = value * 10 + Int(bytes[index] - 0x30)
                index += 1
                count += 1
            }
            return count >= minimum ? value : nil
        }
        for token in tokens {
            let matched: Bool
            switch token {
            case .year4:
                year = digits(4, 4) ?? -1
                matched = year >= 0
            case .year2:
                // Two-digit years are this century's: statements are about recent spending.
                let short = digits(2, 2) ?? -1
                year = 2000 + short
                matched = short >= 0
            case .month:
                month = digits(1, 2) ?? -1
                matched = month >= 0
            case .day:
                day = digits(1, 2) ?? -1
                matched = day >= 0
            case .hour, .minute, .second:
                let limit = token == .hour ? 23 : 59
                matched = (digits(1, 2) ?? 99) <= limit
            case .monthAbbreviation, .monthName:
                var letters = 0
                while index + letters < end, Self.isLetter(bytes[index + letters]) { letters += 1 }
                let word = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[index..<(index + letters)]), as: UTF8.self)
                    .lowercased()
                let names = token == .monthName ? Self.monthNames : Self.monthNames.map { String($0.prefix(3)) }
                month = (names.firstIndex(of: word) ?? -1) + 1
                // "Sept" is a common abbreviation that %b would otherwise refuse.
                if month == 0, token == .monthAbbreviation, word == "sept" { month = 9 }
                index += letters
                matched = month > 0
            case .literal(let byte):
                matched = index < end && bytes[index] == byte
                if matched { index += 1 }
            }
            guard matched else { return .failure(mismatch(bytes)) }
        }
        guard index == end else { return .failure(mismatch(bytes)) }
        guard let date = CalendarDate(year: year, month: month, day: day) else {
            return .failure(Failure(value: bytes, " is not a day of the calendar"))
        }
        return .success(date)
    }

    private func mismatch(_ bytes: UnsafeRawBufferPointer) -> Failure {
        let failure = Failure(value: bytes, " does not match the date format \(description)")
        return failure.value?.isEmpty == false ? failure : Failure(message: "empty")
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    private static let monthNames = [
        "january", "february", "march", "april", "may", "june", "july", "august",
        "september", "october", "november", "december",
    ]
}
