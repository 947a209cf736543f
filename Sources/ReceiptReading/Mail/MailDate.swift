import ExpenseSupport

/// The day of an RFC 5322 Date field, `Fri, 20 Mar 2026 14:03:11 +0100` (the weekday, seconds
/// and zone optional; obsolete two-digit years read as 20YY): the sender's day, which is the
/// receipt's when its text gives none. The time and zone are not needed for a day.
enum MailDate {
    static func day(_ text: String) -> CalendarDate? {
        var words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," }).prefix(8).map(String.init)
        if let first = words.first, first.last?.isLetter == true, ReceiptDates.monthNumber(first.lowercased()) == nil {
            words.removeFirst()  // the weekday
        }
        guard words.count >= 3, let day = Int(words[0]), let month = ReceiptDates.monthNumber(words[1].lowercased()),
            let year = Int(words[2]), (1...4).contains(words[2].count)
        else { return nil }
        return CalendarDate(year: words[2].count == 2 ? 2000 + year : year, month: month, day: day)
    }
}
