#if canImport(Glibc)
import Glibc
#endif

/// A POSIX extended regular expression (glibc's regcomp/regexec), matched case-insensitively,
/// for the rules' `if FIELD matches REGEX`.
///
/// Not Swift's `Regex`: an unanchored search with it took about 9 µs on a 30-character merchant
/// name against 0.15 µs here, and a rules file applies its conditions to every row of
/// million-row statements. POSIX syntax is also what hledger's rules use, so patterns carry
/// over.
///
/// Case folding is Unicode's: the pattern's literal text and the text matched are folded alike
/// (`CaseFolding`), and REG_ICASE folds ASCII. Compiled and run in the C.UTF-8 locale, set for
/// the calling thread only, so `.` and `[éè]` are characters rather than bytes, whatever locale
/// the process runs in (the REPL sets LC_CTYPE for libedit; a one-shot command runs in C).
public final class POSIXRegex {
    public let pattern: String
    private var compiled: regex_t

    /// The longest pattern compiled, in bytes.
    public static let maximumLength = 1_000
    /// The most elements a pattern may expand to: glibc copies a subexpression once for each
    /// repetition of `{m,n}` (and twice for `+`), so nesting them multiplies
    /// (`((a{1,100}){1,100}){1,100}` asked for more than 2 GB).
    public static let maximumExpansion = 10_000

    /// glibc's UTF-8 locale for character types; nil where it is missing (then bytes are characters).
    nonisolated(unsafe) private static let utf8 = newlocale(LC_CTYPE_MASK, "C.UTF-8", nil)

    /// Compiles `pattern`; throws the library's description of what is wrong with it, or why it
    /// is refused before it reaches the library.
    public init(_ pattern: String) throws(Failure) {
        guard pattern.utf8.count <= Self.maximumLength else {
            throw Failure(message: "it is longer than \(Self.maximumLength) characters")
        }
        let folded = try CaseFolding.fold(pattern: pattern)
        if let refusal = Self.refusal(Array(folded.utf8)) { throw Failure(message: refusal) }
        var candidate = regex_t()
        let code = Self.inUTF8 { regcomp(&candidate, folded, REG_EXTENDED | REG_ICASE | REG_NOSUB) }
        guard code == 0 else {
            var message = [CChar](repeating: 0, count: 256)
            regerror(code, &candidate, &message, message.count)
            throw Failure(message: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        self.pattern = pattern
        compiled = candidate
    }

    /// `body` with this thread in the UTF-8 locale.
    @inline(__always)
    private static func inUTF8<T>(_ body: () -> T) -> T {
        guard let utf8 else { return body() }
        let previous = uselocale(utf8)
        defer { uselocale(previous) }
        return body()
    }

    deinit { regfree(&compiled) }

    public struct Failure: Error {
        public let message: String
    }

    /// Why glibc must not compile `pattern`, or nil: a back-reference (`\1`, a GNU extension,
    /// which makes matching exponential in the text's length), or repetitions that expand it to
    /// more than `maximumExpansion` elements. The expansion is counted as glibc builds it: each
    /// atom is one element; `{m,n}` copies what it repeats once per bound and once more, and `+`
    /// twice (x+ is x x*), so `x++++` doubles at each '+'; `*` and `?` copy nothing. A '+' on
    /// what may match nothing counts four copies: glibc's time grows with the square of such
    /// nested loops (`a*` with 11 '+' took 3 s to compile, found by the ImportRules fuzzer).
    static func refusal(_ pattern: [UInt8]) -> String? {
        // Each open group's contents so far, the whole pattern at the bottom: their size, and
        // whether anything in them may match nothing (`*`, `?`, `{0,n}`, '|'). The same of the
        // last atom or group, which a quantifier applies to.
        struct Group {
            var size = 0
            var loose = false
        }
        var groups = [Group()]
        var last = 0
        var lastLoose = false
        var index = 0
        func add(_ size: Int, loose isLoose: Bool = false) {
            groups[groups.count - 1].size = min(groups[groups.count - 1].size + size, maximumExpansion + 1)
            last = size
            lastLoose = isLoose
            if isLoose { groups[groups.count - 1].loose = true }
        }
        func loosenLast() {
            lastLoose = true
            groups[groups.count - 1].loose = true
        }
        func repeatLast(_ copies: Int) {
            let (grown, overflow) = last.multipliedReportingOverflow(by: copies)
            let size = overflow ? maximumExpansion + 1 : min(grown, maximumExpansion + 1)
            groups[groups.count - 1].size = min(groups[groups.count - 1].size - last + size, maximumExpansion + 1)
            last = size
        }
        while index < pattern.count {
            let byte = pattern[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\\"):
                if index < pattern.count, (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(pattern[index]) {
                    return "back-references such as \\\(Character(Unicode.Scalar(pattern[index]))) are not supported"
                }
                index += 1
                add(1)
            case UInt8(ascii: "("):
                groups.append(Group())
                last = 0
            case UInt8(ascii: ")"):
                guard groups.count > 1 else {
                    add(1)
                    continue
                }  // regcomp says what is wrong
                let group = groups.removeLast()
                add(max(group.size, 1), loose: group.loose || group.size == 0)
            case UInt8(ascii: "|"):
                add(1, loose: true)
            case UInt8(ascii: "["):
                // A bracket expression is one element: skip to its ']' (a ']' first is literal).
                if index < pattern.count, pattern[index] == UInt8(ascii: "^") { index += 1 }
                if index < pattern.count, pattern[index] == UInt8(ascii: "]") { index += 1 }
                while index < pattern.count, pattern[index] != UInt8(ascii: "]") {
                    if pattern[index] == UInt8(ascii: "["), index + 1 < pattern.count,
                        [UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "=")].contains(pattern[index + 1])
                    {
                        // [:alpha:], [.x.], [=e=] inside, up to their own closing ':]'.
                        let close = pattern[index + 1]
                        index += 2
                        while index + 1 < pattern.count, !(pattern[index] == close && pattern[index + 1] == UInt8(ascii: "]")) {
                            index += 1
                        }
                        index += 2
                    } else {
                        index += 1
                    }
                }
                index += 1
                add(1)
            case UInt8(ascii: "{"):
                // {m}, {m,} or {m,n}: copies of what it repeats, up to the larger bound.
                var bounds = [0]
                var digits = 0
                while index < pattern.count, pattern[index] != UInt8(ascii: "}") {
                    let current = pattern[index]
                    if current == UInt8(ascii: ",") {
                        bounds.append(0)
                    } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(current), digits < 6 {
                        bounds[bounds.count - 1] = bounds[bounds.count - 1] * 10 + Int(current - UInt8(ascii: "0"))
                        digits += 1
                    }
                    index += 1
                }
                index += 1
                repeatLast((bounds.max() ?? 0) + 1)
                if bounds[0] == 0 { loosenLast() }
            case UInt8(ascii: "+"):
                repeatLast(lastLoose ? 4 : 2)
            case UInt8(ascii: "*"), UInt8(ascii: "?"):
                // Repeats what came before without copying it: a '+' after it doubles all of it
                // (counted as an atom, x++++++++++++*+++++++++++ passed as a few hundred elements
                // and took glibc past 2 GB; found by the ImportRules fuzzer).
                loosenLast()
            default:
                add(1)
            }
            if groups.contains(where: { $0.size > maximumExpansion }) {
                return "its repetitions ({m,n} and +) expand it to more than \(maximumExpansion) elements"
            }
        }
        return nil
    }

    /// True when the pattern matches somewhere in `text`, whatever the case of either.
    public func matches(_ text: String) -> Bool { matches(CaseFolding.FoldedText(text)) }

    /// True when the pattern matches somewhere in the folded text (fold a row's text once for
    /// every rule that tests it).
    public func matches(_ text: CaseFolding.FoldedText) -> Bool {
        Self.inUTF8 { regexec(&compiled, text.text, 0, nil, 0) == 0 }
    }
}
