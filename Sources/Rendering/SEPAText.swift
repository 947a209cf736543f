import ExpenseSupport
// ICU's transliteration and Unicode's normalisation are Foundation's.
import Foundation

/// Text in the character set every bank of SEPA must carry (the EPC's: a–z A–Z 0–9 / - ? : ( ) .
/// , ' + and space): names and remittance texts of a credit transfer. German letters are written
/// as German banks write them (Ä → Ae, ß → ss), other letters of the Latin script lose their
/// marks, other scripts are transliterated (ICU's Any-Latin), and whatever is still outside the
/// set becomes a space; a text left empty takes the fallback, so that no transfer is dropped
/// for its name. '?' is never made up for a character: the set allows it, but a bank's
/// statement shows it where a character was lost, and here none is.
public enum SEPAText {
    /// `text` in the set, at most `limit` characters, or `fallback` when nothing is left of it.
    public static func written(_ text: String, limit: Int, fallback: String) -> String {
        let result = clipped(collapsed(transliterated(text)), limit)
        return result.isEmpty ? clipped(collapsed(transliterated(fallback)), limit) : result
    }

    /// Whether every character of `text` is in the set.
    public static func isInSet(_ text: String) -> Bool { text.unicodeScalars.allSatisfy(allowed.contains) }

    static let allowed: Set<Unicode.Scalar> = Set(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/-?:().,'+ ".unicodeScalars)

    /// German as German banks write it; the rest of Latin's letters by ICU (Latin-ASCII).
    static let german: [Unicode.Scalar: String] = [
        "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "ẞ": "SS",
    ]

    /// Characters of the set that stand for ones outside it, as people write them in a plain text.
    static let punctuation: [Unicode.Scalar: String] = [
        "&": "+", "\"": "'", "`": "'", "´": "'", "‘": "'", "’": "'", "‚": "'", "“": "'", "”": "'", "„": "'",
        "<": "(", ">": ")", "[": "(", "]": ")", "{": "(", "}": ")", "_": "-", "–": "-", "—": "-", ";": ",",
        "!": ".", "@": "(at)", "#": "No.", "%": " percent", "€": "EUR", "*": ".", "=": "-", "|": "/", "\\": "/", "~": "-",
    ]

    static func transliterated(_ text: String) -> String {
        // Composed first, so that a + U+0308 is the Ä that German spelling knows.
        let composed = text.precomposedStringWithCanonicalMapping.replacingScalars { german[$0] ?? punctuation[$0] }
        let latin = composed.applyingTransform(StringTransform("Any-Latin; Latin-ASCII"), reverse: false) ?? composed
        return latin.replacingScalars { allowed.contains($0) ? nil : (punctuation[$0] ?? " ") }
            .replacingScalars { allowed.contains($0) ? nil : " " }
    }

    /// Runs of spaces as one, none at either end: line breaks and tabs became spaces.
    static func collapsed(_ text: String) -> String {
        text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }

    static func clipped(_ text: String, _ limit: Int) -> String {
        String(text.unicodeScalars.prefix(limit).map(Character.init)).trimmingSpaces
    }
}
