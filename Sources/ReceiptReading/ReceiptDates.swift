import ExpenseCore
import ExpenseSupport

/// Dates as receipts print them: `2026-03-02`, `02.03.2026`, `02.03.26`, `03/02/2026`,
/// `2 Mar 2026`, `2. März 2026`, `March 2, 2026`, `02-Mar-26`, `2 mars 2026`.
///
/// Dots always mean day first (German, Swiss, French usage). Slashes and dashes are read day first
/// unless one of the numbers cannot be a month (`03/14/2026` is March 14); when both can be,
/// the receipt decides: month first on a receipt in US dollars, day first on any other. Years of
/// two digits are 20YY; only years 2000–2099 count, so a phone number or an invoice number that
/// happens to look like a date is not taken for one.
public enum ReceiptDates {
    /// Which way to read an ambiguous `NN/NN/YYYY`.
    public enum SlashOrder { case dayFirst, monthFirst }

    private enum Token: Equatable {
        case number(String)
        case word(String)
        case mark(Character)
    }

    /// Every date in `line`, left to right.
    public static func dates(in line: String, slashOrder: SlashOrder) -> [CalendarDate] {
        let tokens = tokenize(line)
        var found: [CalendarDate] = []
        var index = 0
        while index < tokens.count {
            if let (date, length) = match(tokens, at: index, slashOrder: slashOrder) {
                found.append(date)
                index += length
            } else {
                index += 1
            }
        }
        return found
    }

    private static func tokenize(_ line: String) -> [Token] {
        var tokens: [Token] = []
        var number = ""
        var word = ""
        func flush() {
            if !number.isEmpty {
                tokens.append(.number(number))
                number = ""
            }
            if !word.isEmpty {
                tokens.append(.word(word))
                word = ""
            }
        }
        for character in line {
            if character.isASCIIDigitCharacter {
                if !word.isEmpty { flush() }
                number.append(character)
            } else if character.isLetter {
                if !number.isEmpty { flush() }
                word += ReceiptWords.fold(character)
            } else {
                flush()
                if !character.isWhitespace {
                    tokens.append(.mark(character))
                } else if tokens.last != .mark(" ") {
                    tokens.append(.mark(" "))
                }
            }
        }
        flush()
        return tokens
    }

    /// A date starting at token `index`, and how many tokens it spans.
    private static func match(_ tokens: [Token], at index: Int, slashOrder: SlashOrder) -> (CalendarDate, Int)? {
        func number(_ offset: Int, digits: ClosedRange<Int>) -> Int? {
            guard index + offset < tokens.count, case .number(let text) = tokens[index + offset],
                digits.contains(text.count)
            else { return nil }
            return Int(text)
        }
        func mark(_ offset: Int) -> Character? {
            guard index + offset < tokens.count, case .mark(let character) = tokens[index + offset] else { return nil }
            return character
        }
        func word(_ offset: Int) -> String? {
            guard index + offset < tokens.count, case .word(let text) = tokens[index + offset] else { return nil }
            return text
        }
        // Not the tail of a longer number run: "12026-03-02", "1.02.03.2026".
        if index > 0, case .mark(let before) = tokens[index - 1], before == "." || before == "/" || before == "-",
            index > 1, case .number = tokens[index - 2]
        {
            return nil
        }

        // Numeric: N sep N sep N with one separator.
        if let first = number(0, digits: 1...4), let separator = mark(1), ".-/".contains(separator),
            let second = number(2, digits: 1...2), mark(3) == separator, let third = number(4, digits: 1...4),
            !(mark(5) == separator && number(6, digits: 1...4) != nil)
        {
            let firstDigits = digitCount(tokens[index])
            let thirdDigits = digitCount(tokens[index + 4])
            var date: CalendarDate?
            if firstDigits == 4 {
                date = make(year: first, month: second, day: third, yearDigits: 4, dayDigits: thirdDigits)
            } else if firstDigits <= 2, thirdDigits == 2 || thirdDigits == 4 {
                let monthFirst: Bool
                if separator == "." {
                    monthFirst = false
                } else if first > 12 {
                    monthFirst = false
                } else if second > 12 {
                    monthFirst = true
                } else {
                    monthFirst = slashOrder == .monthFirst
                }
                date =
                    monthFirst
                    ? make(year: third, month: first, day: second, yearDigits: thirdDigits)
                    : make(year: third, month: second, day: first, yearDigits: thirdDigits)
            }
            if let date { return (date, 5) }
        }

        // Day, month name, year: "2 Mar 2026", "2. März 2026", "02-Mar-26", "2 mars 2026".
        if let day = number(0, digits: 1...2) {
            var offset = 1
            while let separator = mark(offset), ". -".contains(separator) { offset += 1 }
            if let name = word(offset), let month = monthNumber(name) {
                offset += 1
                while let separator = mark(offset), ". -,".contains(separator) { offset += 1 }
                if let year = number(offset, digits: 2...4), [2, 4].contains(digitCount(tokens[index + offset])),
                    let date = make(year: year, month: month, day: day, yearDigits: digitCount(tokens[index + offset]))
                {
                    return (date, offset + 1)
                }
            }
        }

        // Month name, day, year: "March 2, 2026", "Mar 2 2026", "March 2nd, 2026".
        if let name = word(0), let month = monthNumber(name) {
            var offset = 1
            while let separator = mark(offset), ". ".contains(separator) { offset += 1 }
            if let day = number(offset, digits: 1...2) {
                offset += 1
                if let suffix = word(offset), ["st", "nd", "rd", "th"].contains(suffix) { offset += 1 }
                while let separator = mark(offset), ", ".contains(separator) { offset += 1 }
                if let year = number(offset, digits: 4...4), let date = make(year: year, month: month, day: day, yearDigits: 4) {
                    return (date, offset + 1)
                }
            }
        }
        return nil
    }

    private static func digitCount(_ token: Token) -> Int {
        if case .number(let text) = token { return text.count }
        return 0
    }

    private static func make(year: Int, month: Int, day: Int, yearDigits: Int, dayDigits: Int = 2) -> CalendarDate? {
        guard dayDigits <= 2 else { return nil }
        let fullYear = yearDigits == 2 ? 2000 + year : year
        guard (2000...2099).contains(fullYear) else { return nil }
        return CalendarDate(year: fullYear, month: month, day: day)
    }

    /// Month names and abbreviations in English, German and French, accents folded.
    public static let months: [String: Int] = {
        let names: [[String]] = [
            ["jan", "january", "januar", "jaenner", "janvier", "janv"],
            ["feb", "february", "februar", "feber", "fevrier", "fevr", "fev"],
            ["mar", "march", "maerz", "marz", "mrz", "maer", "mars"],
            ["apr", "april", "avril", "avr"],
            ["may", "mai"],
            ["jun", "june", "juni", "juin"],
            ["jul", "july", "juli", "juillet", "juil"],
            ["aug", "august", "aout"],
            ["sep", "sept", "september", "septembre"],
            ["oct", "october", "okt", "oktober", "octobre"],
            ["nov", "november", "novembre"],
            ["dec", "december", "dez", "dezember", "decembre"],
        ]
        var table: [String: Int] = [:]
        for (index, forms) in names.enumerated() {
            for form in forms { table[form] = index + 1 }
        }
        return table
    }()

    public static func monthNumber(_ word: String) -> Int? { months[word] }
}
