import ExpenseSupport

/// A merchant's name as words that can be compared: what a receipt prints ("Hansa-Funktaxi
/// GmbH") and what a card line says ("HANSA FUNKTAXI HAMBURG") are spelt differently for the
/// same shop, so neither is compared as text.
///
/// Normalised: case folded (full folding: ß is ss), Latin diacritics stripped (é is e, ø is o;
/// other scripts' marks stay), apostrophes dropped ("McDonald's" is one word), everything else that is not a
/// letter or digit a break between words. Left out: a card processor's prefix before a `*`
/// ("SQ *", "PAYPAL *": the processor, not the shop), legal forms (GmbH, AG, SA, SARL, Ltd,
/// Inc...), words of digits only (store and terminal numbers) and single letters. Compared,
/// the German transliteration is the same word (ae, oe, ue read as a, o, u: "Müller" is
/// "MUELLER").
public struct MerchantName: Sendable, Equatable {
    /// The words, in order, without repeats.
    public let words: [String]

    public init(_ text: String) {
        var words: [String] = []
        for word in Self.split(Self.withoutProcessor(text)) where Self.isKept(word) && !words.contains(word) {
            words.append(word)
        }
        self.words = words
    }

    /// Nothing left to compare: an empty name, or one of legal forms and numbers only.
    public var isEmpty: Bool { words.isEmpty }

    /// Whether the two names are likely the same merchant: at least two thirds of the shorter
    /// name's words are in the longer one (a word matches an equal word, or one of five letters
    /// or more one edit away, for OCR's misread letters), and at least one of them is not a
    /// generic word ("hotel", "taxi", "trip"...: "Hotel Astoria" and "Hotel Ibis" share only
    /// the word that says what they are). Or both run together to the same letters
    /// ("Hansafunktaxi", "Hansa Funktaxi").
    ///
    /// Two thirds of the shorter name, not of both: a card line adds the city or the branch
    /// ("HOTEL ASTORIA WALLDORF") to the name the receipt prints ("Hotel Astoria"), and a long
    /// receipt header adds words the card line cut off; but of a two-word name both words must
    /// be there, so "Taxi Walldorf" does not resemble "Taxi Berlin" nor "Frankfurt Marriott"
    /// "Frankfurt Airport Parking". Words only, never parts of words: "Lufthansa" does not
    /// resemble "Hansa Taxi".
    public func resembles(_ other: MerchantName) -> Bool {
        guard !isEmpty, !other.isEmpty else { return false }
        if words.count > 1 || other.words.count > 1,
            Self.transliterated(words.joined()) == Self.transliterated(other.words.joined())
        {
            return true
        }
        let (shorter, longer) = words.count <= other.words.count ? (words, other.words) : (other.words, words)
        let found = shorter.filter { word in longer.contains { Self.wordsMatch(word, $0) } }
        guard found.contains(where: { !Self.genericWords.contains($0) }) else { return false }
        return found.count * Self.resemblanceDenominator >= shorter.count * Self.resemblanceNumerator
    }

    /// The share of the shorter name's words that must be found in the other: two thirds.
    public static let resemblanceNumerator = 2
    public static let resemblanceDenominator = 3

    static func wordsMatch(_ a: String, _ b: String) -> Bool {
        if a == b { return true }
        let (a, b) = (transliterated(a), transliterated(b))
        if a == b { return true }
        guard a.count >= 5, b.count >= 5, abs(a.count - b.count) <= 1 else { return false }
        return Suggestion.editDistance(a, b) <= 1
    }

    /// Words that say what kind of place it is, or join names, or are a web address's parts:
    /// found in both names, they alone do not make two names alike.
    static let genericWords: Set<String> = [
        "hotel", "hotels", "hostel", "inn", "taxi", "taxis", "cab", "funktaxi", "trip", "ride", "restaurant", "ristorante",
        "cafe", "coffee", "bar", "bistro", "brasserie", "bakery", "backerei", "baeckerei", "parking", "parkhaus", "garage", "station",
        "bahnhof", "gare", "airport", "flughafen", "aeroport", "shop", "store", "market", "markt", "supermarkt", "kiosk",
        "the", "and", "und", "et", "of", "de", "la", "le", "les", "du", "des", "der", "die", "das", "von", "am", "im", "www",
        "com", "net", "org", "help",
    ]

    /// Legal forms, left out of every name: the same shop is "GmbH" on its receipt and nothing on
    /// the card line.
    static let legalForms: Set<String> = [
        "gmbh", "mbh", "ag", "kg", "ohg", "gbr", "ug", "ev", "eg", "co", "sa", "sas", "sarl", "eurl", "snc", "srl", "spa",
        "sl", "bv", "nv", "ltd", "limited", "plc", "llp", "llc", "inc", "corp", "corporation", "company", "oy", "ab", "as",
        "aps", "kft", "sro", "sp", "zoo", "pty",
    ]

    /// Card processors that prefix the shop's name with their own and a `*` ("SQ *BLUE BOTTLE").
    static let processors: Set<String> = [
        "sq", "squ", "square", "tst", "toast", "paypal", "pp", "iz", "izettle", "zettle", "sumup", "smp", "crv", "curve",
        "sp", "stripe", "klarna", "ec", "pos",
    ]

    /// The text after a processor's prefix ("SQ *BLUE BOTTLE" → "BLUE BOTTLE"), else the text.
    static func withoutProcessor(_ text: String) -> Substring {
        guard let star = text.firstIndex(of: "*") else { return text[...] }
        let prefix = split(text[..<star])
        guard prefix.count == 1, processors.contains(prefix[0]) else { return text[...] }
        return text[text.index(after: star)...]
    }

    static func isKept(_ word: String) -> Bool {
        word.count > 1 && !word.allSatisfy(\.isASCIIDigit) && !legalForms.contains(word)
    }

    /// Folded, stripped and transliterated words, split wherever a character is neither a
    /// letter nor a digit.
    static func split(_ text: Substring) -> [String] {
        let folded = UserName.normalised(String(text))
        var words: [String] = []
        var word = ""
        func end() {
            if !word.isEmpty { words.append(word) }
            word = ""
        }
        for scalar in folded.unicodeScalars {
            if scalar == "'" || scalar == "\u{2019}" || UserName.isCombiningMark(scalar) { continue }
            let properties = scalar.properties
            guard properties.isAlphabetic || properties.numericType != nil else {
                end()
                continue
            }
            word += scalar.isASCII ? String(scalar) : baseLetters(of: scalar)
        }
        end()
        return words
    }

    /// The Latin letters a letter with a diacritic is made from, read from its Unicode name
    /// ("LATIN SMALL LETTER E WITH ACUTE" is "e", "... LETTER AE" is "ae"), without Foundation;
    /// any other letter (Greek, Cyrillic, CJK) as it is.
    static func baseLetters(of scalar: Unicode.Scalar) -> String {
        guard let name = scalar.properties.name else { return String(scalar) }
        for prefix in ["LATIN SMALL LETTER ", "LATIN CAPITAL LETTER "] where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            let letters = rest.prefix { $0 != " " }
            if (1...2).contains(letters.count), letters.allSatisfy({ $0.isASCII && $0.isLetter }) {
                return letters.lowercased()
            }
        }
        return String(scalar)
    }

    /// "ae", "oe" and "ue" written for ä, ö and ü read as a, o and u, as the stripped letters do;
    /// for comparing only ("blue" is "blu" to both sides).
    static func transliterated(_ word: String) -> String {
        guard word.contains("e") else { return word }
        var result = ""
        var previous: Character?
        for character in word {
            if character == "e", let letter = previous, "aou".contains(letter) {
                result.append(letter)
                previous = nil
                continue
            }
            if let letter = previous { result.append(letter) }
            previous = character
        }
        if let letter = previous { result.append(letter) }
        return result
    }
}
