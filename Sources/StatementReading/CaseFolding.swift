/// Case folding for the rules' `if FIELD matches REGEX`, which match case-insensitively beyond
/// ASCII: `CAFÉ` matches "Café", `straße` "STRASSE", `ΟΔΟΣ` "οδός"'s case. Both sides are folded
/// the same way — a row's text once per row (`FoldedText`), a pattern's literal text once when it
/// is compiled (`fold(pattern:)`) — and glibc's REG_ICASE folds ASCII, so ASCII text is left as it is.
///
/// The fold is lower(upper(lower(text))) in NFC: Unicode's full case folding near enough (ß and
/// ẞ become "ss", final ς and σ become σ, ﬁ "fi", K (Kelvin) "k"), from the standard library's
/// case mappings, with no tables of its own; NFC so that "é" and "e" + U+0301 are one text, as
/// they are one String. It differs from CaseFolding.txt where that keeps case apart (ı and i).
public enum CaseFolding {
    /// `text` folded; the same `text` when it is ASCII.
    public static func fold(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 >= 0x80 }) else { return text }
        return nfc(text.lowercased().uppercased().lowercased())
    }

    /// A subject's text folded, and whether it is ASCII (which a regex matches fastest).
    public struct FoldedText {
        public let text: String
        public let isASCII: Bool

        public init(_ text: String) {
            self.text = CaseFolding.fold(text)
            isASCII = !self.text.utf8.contains { $0 >= 0x80 }
        }
    }

    /// The most characters a bracket expression's range beyond ASCII (`[à-ö]`) may hold: glibc's
    /// UTF-8 locale cannot compile such a range, so it is written out as its characters.
    public static let maximumRangeSize = 1_000

    /// A POSIX extended regular expression with its non-ASCII literal text folded like `fold`:
    /// a letter outside brackets (one that folds to several, such as ß, as a group: `(ss)`), each
    /// character of a bracket expression (`[ÀÉ]` becomes `[àé]`; one that folds to several is an
    /// alternative beside it: `[aß]` becomes `(ss|[a])`), a range beyond ASCII written out as its
    /// characters, folded. Syntax, escapes and ASCII pass unchanged.
    public static func fold(pattern: String) throws(POSIXRegex.Failure) -> String {
        let scalars = Array(nfc(pattern).unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if scalar == "\\" {
                // An escaped non-ASCII character is that character, folded next round; an escaped
                // ASCII one (\. \w \1) or a trailing backslash stays for regcomp.
                guard index < scalars.count, !scalars[index].isASCII else {
                    out.append(scalar)
                    if index < scalars.count { out.append(scalars[index]) }
                    index += 1
                    continue
                }
            } else if scalar == "[" {
                out.append(contentsOf: try bracket(scalars, &index).unicodeScalars)
            } else if scalar.isASCII {
                out.append(scalar)
            } else {
                let folded = fold(scalar)
                if folded.count > 1 { out.append("(") }
                out.append(contentsOf: folded)
                if folded.count > 1 { out.append(")") }
            }
        }
        return String(out)
    }

    /// The bracket expression whose '[' is before `index`, folded; `index` moves past its ']'.
    private static func bracket(_ scalars: [Unicode.Scalar], _ index: inout Int) throws(POSIXRegex.Failure) -> String {
        let start = index
        var negated = false
        if index < scalars.count, scalars[index] == "^" {
            negated = true
            index += 1
        }
        var members = String.UnicodeScalarView()
        var alternatives: [String] = []
        func member(_ scalar: Unicode.Scalar) {
            guard !scalar.isASCII else { return members.append(scalar) }
            let folded = fold(scalar)
            if folded.count == 1 {
                members.append(folded[0])
            } else if negated {
                members.append(scalar)  // [^ß]: ß is gone from folded text; keeps the expression whole
            } else {
                alternatives.append(String(String.UnicodeScalarView(folded)))
            }
        }
        var first = true
        while index < scalars.count, first || scalars[index] != "]" {
            first = false
            let scalar = scalars[index]
            if scalar == "[", index + 1 < scalars.count, [":", ".", "="].contains(scalars[index + 1]) {
                // [:alpha:], [.x.], [=e=] up to their own closing ":]", as they are.
                let close = scalars[index + 1]
                var end = index + 2
                while end + 1 < scalars.count, !(scalars[end] == close && scalars[end + 1] == "]") { end += 1 }
                end = min(end + 2, scalars.count)
                members.append(contentsOf: scalars[index..<end])
                index = end
                continue
            }
            if index + 2 < scalars.count, scalars[index + 1] == "-", scalars[index + 2] != "]", scalars[index + 2] != "[" {
                let low = scalar
                let high = scalars[index + 2]
                index += 3
                guard !(low.isASCII && high.isASCII), low.value <= high.value else {
                    members.append(contentsOf: [low, "-", high])  // regcomp's to take or refuse
                    continue
                }
                let size = Int(high.value - low.value) + 1
                guard size <= maximumRangeSize else {
                    throw POSIXRegex.Failure(
                        message: "the range \(low)-\(high) holds \(size) characters; "
                            + "a range beyond ASCII may hold at most \(maximumRangeSize)")
                }
                if low.isASCII { members.append(contentsOf: [low, "-", "\u{7F}"]) }
                for value in max(low.value, 0x80)...high.value {
                    if let scalar = Unicode.Scalar(value) { member(scalar) }
                }
                continue
            }
            member(scalar)
            index += 1
        }
        guard index < scalars.count else {
            // No closing ']': as written, for regcomp to refuse.
            return "[" + String(String.UnicodeScalarView(scalars[start...]))
        }
        index += 1  // the ']'
        if members.first == "^" {
            // A '^' that followed a member taken out of the brackets would now negate them.
            members.removeFirst()
            members.append("^")
        }
        var bracket = members.isEmpty ? "" : "[" + (negated ? "^" : "") + String(members) + "]"
        if bracket == "[^]" { bracket = "\\^" }
        guard !alternatives.isEmpty else { return bracket }
        return "(" + (alternatives + (bracket.isEmpty ? [] : [bracket])).joined(separator: "|") + ")"
    }

    private static func fold(_ scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        Array(fold(String(scalar)).unicodeScalars)
    }

    private static func nfc(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        text._withNFCCodeUnits { bytes.append($0) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
