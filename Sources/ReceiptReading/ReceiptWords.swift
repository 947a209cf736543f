/// A line of receipt text as words to match labels against: lowercased, accents folded (Total à
/// payer → total a payer, Gesamtbetrag → gesamtbetrag, Straße → strasse), split at anything that
/// is not a letter. OCR output is compared with word lists in several languages, and people (and
/// OCR engines) write "Fruehstueck" as often as "Frühstück".
public struct ReceiptWords {
    public let words: [String]

    public init(_ line: some StringProtocol) {
        var words: [String] = []
        var current = ""
        for character in line {
            if character.isLetter {
                current += Self.fold(character)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        self.words = words
    }

    /// The words joined by single spaces, for phrase matching.
    public var phrase: String { words.joined(separator: " ") }

    public func contains(_ word: String) -> Bool { words.contains(word) }

    /// Whether a word starts with `prefix` (German compounds: taxiquittung, parkgarage).
    public func hasWord(startingWith prefix: String) -> Bool { words.contains { $0.hasPrefix(prefix) } }

    /// Whether the words contain `phrase` ("total a payer") at word boundaries.
    public func contains(phrase: String) -> Bool {
        (" " + self.phrase + " ").contains(" " + phrase + " ")
    }

    public static func fold(_ character: Character) -> String {
        let lower = character.lowercased()
        switch lower {
        case "à", "á", "â", "ã", "å": return "a"
        case "ä", "æ": return "ae"
        case "ç": return "c"
        case "è", "é", "ê", "ë": return "e"
        case "ì", "í", "î", "ï": return "i"
        case "ñ": return "n"
        case "ò", "ó", "ô", "õ", "ø": return "o"
        case "ö", "œ": return "oe"
        case "ù", "ú", "û": return "u"
        case "ü": return "ue"
        case "ß": return "ss"
        default: return lower
        }
    }
}
