import ExpenseCore
import ExpenseSupport

/// Dates as receipts print them: `2026-03-02`, `02.03.2026`, `02.03.26`, `03/02/2026`,
/// `2 Mar 2026`, `2. März 2026`, `March 2, 2026`, `02-Mar-26`, `2 mars 2026`, `2 de marzo de 2026`,
/// `2 marzo 2026`, `2 Mac 2026`.
///
/// Dots always mean day first (German, Swiss, French usage). Slashes and dashes are read day first
/// unless one of the numbers cannot be a month (`03/14/2026` is March 14); when both can be,
/// the receipt decides (`ReceiptCurrencies.slashOrder`): month first where its country, or its
/// currency's, writes so (the United States), day first elsewhere. Years of
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

    /// Whether `line`, at a page's top or bottom, reads as a browser's print header or footer,
    /// whose date is the day the page was printed, not the invoice's: Chromium and Firefox print
    /// the date and time as "06/12/2026, 14:03" (a comma between them) at one end of the line,
    /// beside the page's title or number, or the page's address with its number ("1/2"). Within
    /// a page the same words are a receipt's own ("Fahrt am 20.03.2026, 23:10"): the caller
    /// asks only of a page's first and last lines.
    public static func isBrowserPrintMargin(_ line: String) -> Bool {
        let lowered = line.lowercased()
        if ["http://", "https://", "file://"].contains(where: lowered.contains) { return true }
        let tokens = tokenize(line.trimmingSpaces)
        var index = 0
        while index < tokens.count {
            guard let (_, length) = match(tokens, at: index, slashOrder: .dayFirst) else {
                index += 1
                continue
            }
            if let end = timeAfterComma(tokens, at: index + length) {
                // Chromium's header: the date first, the page's title after it; Firefox's footer:
                // the page's number, the date last.
                if index == 0, end < tokens.count { return true }
                if end == tokens.count, hasPageNumber(tokens) { return true }
            }
            index += length
        }
        return false
    }

    /// Whether the tokens hold a page's number as browsers print it: "1/2", "1 of 2", "1 von 2".
    private static func hasPageNumber(_ tokens: [Token]) -> Bool {
        func isNumber(_ index: Int) -> Bool {
            guard tokens.indices.contains(index), case .number = tokens[index] else { return false }
            return true
        }
        for index in tokens.indices where isNumber(index) {
            if tokens.indices.contains(index + 1), tokens[index + 1] == .mark("/"), isNumber(index + 2),
                index == 0 || tokens[index - 1] != .mark("/"), !tokens.indices.contains(index + 3) || tokens[index + 3] != .mark("/")
            {
                return true
            }
            if index + 4 < tokens.count, tokens[index + 1] == .mark(" "), case .word(let word) = tokens[index + 2],
                ["of", "von", "sur", "de"].contains(word), tokens[index + 3] == .mark(" "), isNumber(index + 4)
            {
                return true
            }
        }
        return false
    }

    /// Where ", 14:03" or ", 2:03 PM" starting at `index` ends; nil when no such time is there.
    private static func timeAfterComma(_ tokens: [Token], at index: Int) -> Int? {
        var at = index
        guard at < tokens.count, tokens[at] == .mark(",") else { return nil }
        at += 1
        if at < tokens.count, tokens[at] == .mark(" ") { at += 1 }
        guard at + 2 < tokens.count, case .number(let hours) = tokens[at], hours.count <= 2, tokens[at + 1] == .mark(":"),
            case .number(let minutes) = tokens[at + 2], minutes.count == 2
        else { return nil }
        at += 3
        if at + 1 < tokens.count, tokens[at] == .mark(" "), case .word(let word) = tokens[at + 1], word == "am" || word == "pm" {
            at += 2
        }
        return at
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
            // "2 de marzo de 2026": Spanish joins them with "de".
            func skipSeparators(_ marks: String) {
                while mark(offset).map(marks.contains) ?? false || word(offset) == "de" || word(offset) == "del" { offset += 1 }
            }
            skipSeparators(". -")
            if let name = word(offset), let month = monthNumber(name) {
                offset += 1
                skipSeparators(". -,")
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

    /// Month names and abbreviations in English, German, French, Spanish, Italian, Malay and Dutch,
    /// accents folded.
    public static let months: [String: Int] = {
        let names: [[String]] = [
            ["jan", "january", "januar", "jaenner", "janvier", "janv", "ene", "enero", "gen", "gennaio", "januari"],
            ["feb", "february", "februar", "feber", "fevrier", "fevr", "fev", "febrero", "febbraio", "februari"],
            ["mar", "march", "maerz", "marz", "mrz", "maer", "mars", "marzo", "mac", "maart", "mrt"],
            ["apr", "april", "avril", "avr", "abr", "abril", "aprile"],
            ["may", "mai", "mayo", "mag", "maggio", "mei"],
            ["jun", "june", "juni", "juin", "junio", "giu", "giugno"],
            ["jul", "july", "juli", "juillet", "juil", "julio", "lug", "luglio", "julai"],
            ["aug", "august", "aout", "ago", "agosto", "ogos", "augustus"],
            ["sep", "sept", "september", "septembre", "septiembre", "setiembre", "set", "settembre"],
            ["oct", "october", "okt", "oktober", "octobre", "octubre", "ott", "ottobre"],
            ["nov", "november", "novembre", "noviembre"],
            ["dec", "december", "dez", "dezember", "decembre", "dic", "diciembre", "dicembre", "dis", "disember"],
        ]
        var table: [String: Int] = [:]
        for (index, forms) in names.enumerated() {
            for form in forms { table[form] = index + 1 }
        }
        return table
    }()

    public static func monthNumber(_ word: String) -> Int? { months[word] }
}
