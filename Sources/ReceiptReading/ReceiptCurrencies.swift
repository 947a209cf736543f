import ExpenseCore

/// Currencies as receipts print them: ISO 4217 codes (`EUR`, `MYR`) and the local symbols and
/// abbreviations people write (`€`, `$`, `£`, `RM`, `Rs`, `₹`, `kr`, `zł`, `Kč`, `Fr.` …), read
/// only where one stands at an amount — before or after it, with or without a space — never
/// inside a word or a number (a `£` in an item code, a `$` in a document number).
///
/// A symbol that several countries write (`$`, `kr`, `¥`, `Rs`) is the currency of the country
/// the receipt names (`country(in:)`: a country's or region's name, a telephone prefix, a VAT id,
/// a postcode), else the likeliest (`$` alone is US dollars). That country, or the currency's,
/// also says which way round the receipt writes its dates (`slashOrder`).
public enum ReceiptCurrencies {
    /// A symbol or abbreviation and the currencies written with it, likeliest first.
    public struct Symbol: Sendable {
        public let text: String
        public let codes: [String]
        /// Matched in any case ("RM", "Rm"); else only as printed ("Ft", not "FT" for feet).
        let anyCase: Bool

        init(_ text: String, _ codes: String..., anyCase: Bool = false) {
            self.text = text
            self.codes = codes
            self.anyCase = anyCase
        }
    }

    /// Longest first, so that `US$` is not read as `$`, nor `RMB` as `RM`.
    public static let symbols: [Symbol] = [
        Symbol("US$", "USD"), Symbol("USD$", "USD"), Symbol("R$", "BRL"), Symbol("S$", "SGD"), Symbol("SG$", "SGD"),
        Symbol("HK$", "HKD"), Symbol("A$", "AUD"), Symbol("AU$", "AUD"), Symbol("C$", "CAD"), Symbol("CA$", "CAD"),
        Symbol("NZ$", "NZD"), Symbol("NT$", "TWD"), Symbol("MX$", "MXN"),
        Symbol("$", "USD", "CAD", "AUD", "NZD", "SGD", "HKD", "MXN", "TWD"),
        Symbol("€", "EUR"), Symbol("£", "GBP"), Symbol("¥", "JPY", "CNY"), Symbol("円", "JPY"), Symbol("元", "CNY"),
        Symbol("RMB", "CNY", anyCase: true), Symbol("₹", "INR"), Symbol("Rs.", "INR", "PKR", "LKR", "NPR", "MUR", anyCase: true),
        Symbol("Rs", "INR", "PKR", "LKR", "NPR", "MUR", anyCase: true), Symbol("RM", "MYR", anyCase: true),
        Symbol("Rp", "IDR", anyCase: true), Symbol("kr.", "DKK", "SEK", "NOK", "ISK", anyCase: true),
        Symbol("kr", "SEK", "NOK", "DKK", "ISK", anyCase: true), Symbol("zł", "PLN"), Symbol("Kč", "CZK"), Symbol("Ft", "HUF"),
        Symbol("lei", "RON", anyCase: true), Symbol("лв", "BGN"), Symbol("₺", "TRY"), Symbol("₽", "RUB"), Symbol("₩", "KRW"),
        Symbol("฿", "THB"), Symbol("₫", "VND"), Symbol("₱", "PHP"), Symbol("₪", "ILS"), Symbol("₴", "UAH"), Symbol("₦", "NGN"),
        Symbol("SFr.", "CHF"), Symbol("SFr", "CHF"), Symbol("Fr.", "CHF"), Symbol("Fr", "CHF"),
    ].sorted { $0.text.count > $1.text.count }

    /// Currencies written as words, matched in any case.
    public static let words: [String: String] = [
        "euro": "EUR", "euros": "EUR", "eur": "EUR", "usd": "USD", "chf": "CHF", "gbp": "GBP", "myr": "MYR", "inr": "INR",
        "dollars": "USD", "ringgit": "MYR", "rupees": "INR", "yen": "JPY", "yuan": "CNY",
    ]

    /// A currency printed at an amount: the currencies it may be, likeliest first; where it
    /// stands in its line; the amount it stands at (a decimal with a point, whole numbers as
    /// printed: "1939").
    public struct Found: Equatable, Sendable {
        public var codes: [String]
        public var position: Int
        public var amount: String
    }

    /// The currencies standing at an amount in `line`, left to right.
    public static func found(in line: String) -> [Found] {
        let chars = Array(line)
        var found: [Found] = []
        var taken = Set<Int>()
        // Only the symbols whose first character the line has are looked for.
        let present = Set(chars.flatMap { $0.lowercased() })
        for symbol in symbols {
            let needle = Array(symbol.text)
            guard chars.count >= needle.count, let first = needle.first, present.contains(Character(first.lowercased())) else { continue }
            for start in 0...(chars.count - needle.count) where matches(chars, at: start, needle, anyCase: symbol.anyCase) {
                let end = start + needle.count
                guard !(start..<end).contains(where: taken.contains), let amount = amount(chars, beside: start..<end) else { continue }
                taken.formUnion(start..<end)
                found.append(Found(codes: symbol.codes, position: start, amount: amount))
            }
        }
        var start = 0
        while start < chars.count {
            guard chars[start].isLetter else {
                start += 1
                continue
            }
            var end = start
            while end < chars.count, chars[end].isLetter { end += 1 }
            let word = String(chars[start..<end])
            // ISO codes only in capitals as printed: "ALL" or "CUP" among words is no money, and
            // even in capitals only at an amount.
            if !taken.contains(start), let code = words[word.lowercased()], let amount = amount(chars, beside: start..<end) {
                found.append(Found(codes: [code], position: start, amount: amount))
            } else if !taken.contains(start), word.count == 3, word == word.uppercased(),
                let code = CurrencyTable.standard.currency(word)?.code,
                let amount = amount(chars, beside: start..<end), amount.contains(".") || isBefore(chars, start..<end)
            {
                // "1 CUP" is a cup: a whole number is money after an uncommon code only ("JPY 1939").
                found.append(Found(codes: [code], position: start, amount: amount))
            }
            start = end
        }
        return found.sorted { $0.position < $1.position }
    }

    /// Whether an amount follows the symbol at `range`, only spaces between them.
    private static func isBefore(_ chars: [Character], _ range: Range<Int>) -> Bool {
        let next = chars[range.upperBound...].firstIndex { $0 != " " && $0 != "\u{00A0}" }
        return next.map { chars[$0].isASCIIDigitCharacter } ?? false
    }

    /// The currencies of `line` resolved by `country`, left to right.
    public static func currencies(in line: String, country: String? = nil) -> [String] {
        found(in: line).map { resolve($0.codes, country: country) }
    }

    private static func matches(_ chars: [Character], at start: Int, _ needle: [Character], anyCase: Bool) -> Bool {
        for (offset, character) in needle.enumerated() {
            let other = chars[start + offset]
            guard anyCase ? other.lowercased() == character.lowercased() : other == character else { return false }
        }
        return true
    }

    /// The amount the symbol at `range` stands at: right after it, or right before it, only
    /// spaces between them. Nil when it stands inside a word or a number, or at no amount.
    private static func amount(_ chars: [Character], beside range: Range<Int>) -> String? {
        let before = range.lowerBound > 0 ? chars[range.lowerBound - 1] : nil
        let after = range.upperBound < chars.count ? chars[range.upperBound] : nil
        // Inside a word: "www.cafe.fr", "CRS12.00", "Frais".
        if before?.isLetter == true || chars[range.lowerBound].isLetter && before == "." { return nil }
        if chars[range.upperBound - 1].isLetter, after?.isLetter == true { return nil }
        // After the symbol: "$12.50", "RM 25", "€ -3,00", "totaal EUR        49,99" (a PDF's columns).
        var next = range.upperBound
        while next < chars.count, chars[next] == " " || chars[next] == "\u{00A0}" { next += 1 }
        if next < chars.count, chars[next] == "-" { next += 1 }
        if before?.isASCIIDigitCharacter != true, next < chars.count, chars[next].isASCIIDigitCharacter,
            let amount = number(chars, from: next)
        {
            return amount
        }
        // A label's, in brackets: "Total (RM): 7.90", "Amount [EUR] 12.50".
        if before == "(" || before == "[", after == ")" || after == "]" {
            var next = range.upperBound + 1
            while next < chars.count, !chars[next].isASCIIDigitCharacter, !chars[next].isLetter { next += 1 }
            return next < chars.count && chars[next].isASCIIDigitCharacter ? number(chars, from: next) : nil
        }
        // Before it: "12,50 €", "1939Rs", "34.80 CHF".
        var last = range.lowerBound - 1
        while last >= 0, chars[last] == " " || chars[last] == "\u{00A0}" { last -= 1 }
        guard last >= 0, chars[last].isASCIIDigitCharacter, after?.isASCIIDigitCharacter != true else { return nil }
        var first = last
        while first > 0,
            chars[first - 1].isASCIIDigitCharacter
                || (amountMarks.contains(chars[first - 1]) && first > 1 && chars[first - 2].isASCIIDigitCharacter)
        {
            first -= 1
        }
        guard first == 0 || !chars[first - 1].isLetter, let amount = number(chars, from: first), numberEnd(chars, from: first) == last + 1
        else { return nil }
        return amount
    }

    private static let amountMarks: Set<Character> = [".", ",", "'", "’"]

    /// Where the run of digits and the marks between them starting at `start` ends.
    private static func numberEnd(_ chars: [Character], from start: Int) -> Int {
        var end = start
        while end < chars.count,
            chars[end].isASCIIDigitCharacter
                || (amountMarks.contains(chars[end]) && end + 1 < chars.count && chars[end + 1].isASCIIDigitCharacter)
        {
            end += 1
        }
        return end
    }

    /// The amount the number at `start` is, as a decimal with a point ("12.50", or "1939" when
    /// whole); nil when it is not one (a date, a number glued to a word, "12-3456").
    private static func number(_ chars: [Character], from start: Int) -> String? {
        let end = numberEnd(chars, from: start)
        if end < chars.count, chars[end].isLetter || chars[end] == "/" || chars[end] == "%" {
            return nil
        }
        if end + 1 < chars.count, chars[end] == "-", chars[end + 1].isASCIIDigitCharacter { return nil }
        let text = String(chars[start..<end])
        if let amount = ReceiptAmounts.amounts(in: text).first, amount.end == text.endIndex { return amount.decimal }
        return ReceiptAmounts.whole(text)
    }

    /// The currency of `codes` that `country` writes, else the likeliest.
    public static func resolve(_ codes: [String], country: String?) -> String {
        if let country, let currency = countries.first(where: { $0.code == country })?.currency, codes.contains(currency) {
            return currency
        }
        return codes[0]
    }

    // MARK: - Countries

    /// A country: its ISO 3166 code, its currency, its telephone prefix and the words (folded as
    /// `ReceiptWords` folds them) of its name and of its regions and cities a receipt prints.
    public struct Country: Sendable {
        public let code: String
        public let currency: String
        let phone: String
        let names: [String]

        init(_ code: String, _ currency: String, phone: String, _ names: String...) {
            self.code = code
            self.currency = currency
            self.phone = phone
            self.names = names
        }
    }

    public static let countries: [Country] = [
        Country("US", "USD", phone: "1", "usa", "united states"),
        Country("CA", "CAD", phone: "", "canada", "ontario", "quebec", "british columbia", "alberta"),
        Country(
            "MY", "MYR", phone: "60", "malaysia", "kuala lumpur", "selangor", "selangor darul ehsan", "johor", "johor bahru",
            "pulau pinang", "penang", "perak", "kedah", "melaka", "pahang", "sabah", "sarawak", "negeri sembilan", "terengganu",
            "kelantan", "putrajaya", "petaling jaya", "shah alam", "klang", "sst"),
        Country("SG", "SGD", phone: "65", "singapore", "uen"),
        Country("AU", "AUD", phone: "61", "australia", "abn"),
        Country("NZ", "NZD", phone: "64", "new zealand", "nzbn"),
        Country("HK", "HKD", phone: "852", "hong kong", "kowloon"),
        Country("TW", "TWD", phone: "886", "taiwan", "taipei"),
        Country("MX", "MXN", phone: "52", "mexico"),
        Country(
            "IN", "INR", phone: "91", "india", "mumbai", "delhi", "new delhi", "bengaluru", "bangalore", "chennai", "kolkata",
            "hyderabad", "pune", "gstin", "maharashtra", "karnataka", "tamil nadu", "kerala", "gujarat"),
        Country("PK", "PKR", phone: "92", "pakistan", "karachi", "lahore", "islamabad"),
        Country("LK", "LKR", phone: "94", "sri lanka", "colombo"),
        Country("NP", "NPR", phone: "977", "nepal", "kathmandu"),
        Country("MU", "MUR", phone: "230", "mauritius"),
        Country("ID", "IDR", phone: "62", "indonesia", "jakarta"),
        Country("JP", "JPY", phone: "81", "japan", "tokyo", "osaka", "kyoto"),
        Country("CN", "CNY", phone: "86", "china", "beijing", "shanghai", "shenzhen"),
        Country("SE", "SEK", phone: "46", "sweden", "sverige", "stockholm", "goeteborg", "malmoe"),
        Country("NO", "NOK", phone: "47", "norway", "norge", "oslo", "bergen"),
        Country("DK", "DKK", phone: "45", "denmark", "danmark", "koebenhavn", "copenhagen", "aarhus"),
        Country("IS", "ISK", phone: "354", "iceland", "reykjavik"),
        Country("GB", "GBP", phone: "44", "united kingdom", "england", "scotland", "london"),
        Country("DE", "EUR", phone: "49", "deutschland", "germany"),
        Country("AT", "EUR", phone: "43", "oesterreich", "austria"),
        Country("FR", "EUR", phone: "33", "france"),
        Country("ES", "EUR", phone: "34", "espana", "spain"),
        Country("IT", "EUR", phone: "39", "italia", "italy"),
        Country("NL", "EUR", phone: "31", "nederland", "netherlands"),
        Country("BE", "EUR", phone: "32", "belgique", "belgie", "belgium"),
        Country("IE", "EUR", phone: "353", "ireland"),
        Country("PT", "EUR", phone: "351", "portugal"),
        Country("FI", "EUR", phone: "358", "suomi", "finland"),
        Country("CH", "CHF", phone: "41", "schweiz", "suisse", "svizzera", "switzerland"),
        Country("PL", "PLN", phone: "48", "polska", "poland"),
        Country("CZ", "CZK", phone: "420", "czech republic", "czechia"),
        Country("HU", "HUF", phone: "36", "magyarorszag", "hungary", "budapest"),
        Country("RO", "RON", phone: "40", "romania"),
        Country("BG", "BGN", phone: "359", "bulgaria"),
        Country("TR", "TRY", phone: "90", "tuerkiye", "turkey", "istanbul"),
        Country("PH", "PHP", phone: "63", "philippines", "manila"),
        Country("TH", "THB", phone: "66", "thailand", "bangkok"),
        Country("VN", "VND", phone: "84", "vietnam", "viet nam"),
        Country("KR", "KRW", phone: "82", "korea", "seoul"),
        Country("BR", "BRL", phone: "55", "brasil", "brazil"),
        Country("ZA", "ZAR", phone: "27", "south africa"),
        Country("AE", "AED", phone: "971", "uae", "dubai", "abu dhabi", "united arab emirates"),
    ]

    /// Countries whose receipts write the month first (`03/14/2026`); every other the day first.
    public static let monthFirstCountries: Set<String> = ["US", "PH", "PR", "GU", "AS", "FM", "MH", "PW"]

    /// Which way round the receipt writes an ambiguous `NN/NN/YYYY`: as its country does, else as
    /// its currency's country does (US dollars month first), else day first.
    public static func slashOrder(country: String?, currency: String?) -> ReceiptDates.SlashOrder {
        if let country { return monthFirstCountries.contains(country) ? .monthFirst : .dayFirst }
        return currency == "USD" || currency == "PHP" ? .monthFirst : .dayFirst
    }

    /// The states of the United States as a postcode line writes them ("Boston, MA 02110").
    static let states: Set<String> = [
        "AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "DC", "FL", "GA", "HI", "ID", "IL", "IN", "IA", "KS", "KY", "LA",
        "ME", "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ", "NM", "NY", "NC", "ND", "OH", "OK", "OR",
        "PA", "RI", "SC", "SD", "TN", "TX", "UT", "VT", "VA", "WA", "WV", "WI", "WY",
    ]

    /// The country the receipt names most often: by name (or a region's, a city's, a tax id's),
    /// by a telephone prefix (+60), by an EU VAT id's prefix (DE123456789), by a postcode's form
    /// (MA 02110, K1A 0B1). Nil when it names none.
    public static func country(in lines: [String], _ words: [ReceiptWords]) -> String? {
        var votes: [(code: String, count: Int)] = []
        func vote(_ code: String) {
            if let index = votes.firstIndex(where: { $0.code == code }) {
                votes[index].count += 1
            } else {
                votes.append((code, 1))
            }
        }
        for (index, line) in lines.enumerated() {
            let phrase = " " + words[index].phrase + " "
            for country in countries where country.names.contains(where: { phrase.contains(" " + $0 + " ") }) {
                vote(country.code)
            }
            if let code = phoneCountry(line) { vote(code) }
            if let code = vatIDCountry(line, words[index]) { vote(code) }
            if let code = postcodeCountry(line) { vote(code) }
        }
        // The most named; of as many, the first named.
        var best: (code: String, count: Int)?
        for vote in votes where vote.count > best?.count ?? 0 { best = vote }
        return best?.code
    }

    /// The country of a telephone number's international prefix: "+60 3-1234 5678", "(+65)".
    static func phoneCountry(_ line: String) -> String? {
        let chars = Array(line)
        for (index, character) in chars.enumerated() where character == "+" && index + 1 < chars.count {
            let digits = String(chars[(index + 1)...].prefix { $0.isASCIIDigitCharacter })
            // Country prefixes are prefix-free: the one that begins the number is it.
            if let country = countries.first(where: { !$0.phone.isEmpty && digits.hasPrefix($0.phone) }) { return country.code }
        }
        return nil
    }

    /// Words of lines that print a VAT id.
    static let vatIDWords: Set<String> = ["ust", "idnr", "ustidnr", "vat", "tva", "iva", "mwst", "moms", "btw", "uid", "nip", "reg"]

    /// The country of an EU VAT id on a line that names one: "USt-IdNr.: DE123456789".
    static func vatIDCountry(_ line: String, _ words: ReceiptWords) -> String? {
        guard words.words.contains(where: vatIDWords.contains) else { return nil }
        let prefixes = ["DE", "AT", "FR", "ES", "IT", "NL", "BE", "IE", "PT", "FI", "SE", "DK", "PL", "CZ", "HU", "RO", "BG", "GB"]
        for token in line.split(whereSeparator: { $0 == " " || $0 == ":" }) {
            let token = token.filter { $0 != "." && $0 != "-" }
            guard token.count >= 10, let prefix = prefixes.first(where: token.hasPrefix) else { continue }
            let rest = token.dropFirst(2).drop { $0 == "U" }
            if rest.count >= 8, rest.allSatisfy(\.isASCIIDigitCharacter) { return prefix == "GB" ? "GB" : prefix }
        }
        return nil
    }

    /// The country of a postcode's form: a US state and ZIP code ("MA 02110"), a Canadian
    /// postal code ("K1A 0B1").
    static func postcodeCountry(_ line: String) -> String? {
        let tokens = line.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        for (index, token) in tokens.enumerated() where index + 1 < tokens.count {
            let next = tokens[index + 1]
            let zip = next.prefix(5)
            if states.contains(token), zip.count == 5, zip.allSatisfy(\.isASCIIDigitCharacter),
                next.count == 5 || next.dropFirst(5).first == "-"
            {
                return "US"
            }
            if isCanadianHalf(token, letterFirst: true), isCanadianHalf(next, letterFirst: false) { return "CA" }
        }
        return nil
    }

    private static func isCanadianHalf(_ text: String, letterFirst: Bool) -> Bool {
        let chars = Array(text)
        guard chars.count == 3 else { return false }
        return chars.enumerated().allSatisfy { index, character in
            (index % 2 == 0) == letterFirst
                ? character.isASCII && character.isUppercase && character.isLetter : character.isASCIIDigitCharacter
        }
    }
}
