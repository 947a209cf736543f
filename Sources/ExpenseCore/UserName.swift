import ExpenseSupport
// Full case folding (CaseFolding.txt, C + F) is the standard library's own table, behind its
// `_Unicode` SPI: the one swift-foundation uses for case-insensitive comparison.
@_spi(_Unicode) import Swift

/// Who a person is to the app: the owner of a report, the actor of an audit event. One rule for
/// every way a name arrives (`--user`, `EXPENSES_USER`, the login name, `set user`, a script's or a
/// quick action's line), so that two names that look alike are the same name:
///
/// - refused: control characters, invisible ones (format characters such as U+200B and the bidi
///   controls, default-ignorable code points such as U+00AD or variation selectors), private-use
///   and unassigned code points, line and paragraph separators, a combining mark at the start or
///   after a space, nothing
///   at all, or more than `maxLength` characters;
/// - normalised: Unicode NFC, case-folded, trimmed, every run of spaces inside one U+0020.
///
/// `value` is the normalised name: what is stored, shown and looked up. Whether someone is a
/// report's owner is decided more loosely, on `skeleton`, which also leaves accents out: `alíce`
/// (or `ali` + U+0301 + `ce`) cannot approve `alice`'s report. Taking two names for one person is
/// the safe side of separation of duties; on a team database the server knows who connects.
public struct UserName: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let value: String

    /// Longer names are refused: a login name is at most 32 bytes on Linux.
    public static let maxLength = 64

    /// Checks and normalises a name given from outside; an invalid one is a data error (65).
    /// (Labelled: `UserName("...")` with a literal is the literal's initializer, which never refuses.)
    public init(validating raw: String) throws(ExpenseError) {
        if let bad = raw.unicodeScalars.first(where: Self.isRefused) {
            let what = bad.properties.generalCategory == .control ? "a control character" : "an invisible character"
            throw ExpenseError(
                .invalidData, .invalidUserName,
                "the user name '\(Self.visible(raw))' contains \(what), \(Self.describe(bad))")
        }
        let name = Self.normalised(raw)
        guard !name.isEmpty else {
            throw ExpenseError(.invalidData, .invalidUserName, "the user name is empty")
        }
        var previous: Unicode.Scalar?
        for scalar in name.unicodeScalars {
            if Self.isCombiningMark(scalar), previous.map({ $0.properties.isWhitespace }) ?? true {
                throw ExpenseError(
                    .invalidData, .invalidUserName,
                    "the user name '\(Self.visible(raw))' has a combining mark with no letter to combine with, \(Self.describe(scalar))")
            }
            previous = scalar
        }
        if name.count > Self.maxLength {
            throw ExpenseError(
                .invalidData, .invalidUserName,
                "the user name is \(name.count) characters long; at most \(Self.maxLength) are allowed")
        }
        value = name
    }

    /// The name as it compares, for a name already stored (a database written before names were
    /// normalised): never refused, what `init(validating:)` would refuse is left out. For a valid name it
    /// is the same value `init(validating:)` gives.
    public init(normalizing stored: String) {
        value = Self.normalised(String(String.UnicodeScalarView(stored.unicodeScalars.filter { !Self.isRefused($0) })))
    }

    /// A name written in the code (tests, defaults): normalised like a stored one, never refused.
    /// A name from outside goes through `init(validating:)`.
    public init(stringLiteral literal: String) { self.init(normalizing: literal) }

    /// Whether a stored name (a report's owner) is this person: the same `skeleton`.
    public func isSame(as stored: String) -> Bool { skeleton == UserName(normalizing: stored).skeleton }

    /// The name without its accents: decomposed (NFD), combining marks left out.
    public var skeleton: String {
        String(String.UnicodeScalarView(value._nfd.filter { !Self.isCombiningMark($0) }))
    }

    public var description: String { value }

    // MARK: - The rule

    static func isRefused(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .control, .format, .privateUse, .surrogate, .unassigned, .lineSeparator, .paragraphSeparator:
            return true
        default:
            // U+034F, U+115F, U+3164, variation selectors...: letters and marks that show nothing.
            return properties.isDefaultIgnorableCodePoint
        }
    }

    static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// NFC, full case folding, NFC again (folding may leave a decomposed sequence), then spaces
    /// trimmed at both ends and each run inside made one U+0020.
    static func normalised(_ text: String) -> String {
        let composed = String(decoding: text._nfcCodeUnits, as: UTF8.self)
        var folded = ""
        for scalar in composed.unicodeScalars { folded += scalar.properties._caseFolded }
        var result = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in String(decoding: folded._nfcCodeUnits, as: UTF8.self).unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace { result.append(" ") }
            pendingSpace = false
            result.append(scalar)
        }
        return String(result)
    }

    /// The name with every refused or combining character shown as `<U+XXXX>`, for messages.
    static func visible(_ text: String) -> String {
        var shown = ""
        for scalar in text.unicodeScalars {
            if isRefused(scalar) || isCombiningMark(scalar) || (scalar.properties.isWhitespace && scalar != " ") {
                shown += "<\(code(scalar))>"
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }

    /// `U+200B (ZERO WIDTH SPACE)`.
    static func describe(_ scalar: Unicode.Scalar) -> String {
        let name = scalar.properties.name ?? scalar.properties.nameAlias
        return code(scalar) + (name.map { " (\($0))" } ?? "")
    }

    static func code(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
