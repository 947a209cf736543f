import ExpenseSupport

/// An International Bank Account Number, checked as a bank checks it before it takes a transfer
/// (ISO 13616): a country of the IBAN registry, that country's length, and check digits that make
/// the number 1 modulo 97. Kept in its electronic form (capitals, no spaces); `grouped` is the
/// paper form people read.
public struct IBAN: Hashable, Sendable, CustomStringConvertible {
    public let electronic: String

    /// Reads an IBAN as typed: spaces between groups and small letters are fine; anything else,
    /// or a failed check, is refused saying which check failed, the value shown safely.
    public init(_ typed: String) throws(ExpenseError) {
        let compact = String(typed.unicodeScalars.filter { $0 != " " && $0 != "\t" }.map(Character.init)).uppercased()
        let shown = TerminalText.visible(typed, keepingLineBreaks: false)
        guard !compact.isEmpty else { throw Self.refused("an IBAN cannot be empty") }
        guard compact.unicodeScalars.allSatisfy({ Self.isLetter($0) || Self.isDigit($0) }) else {
            throw Self.refused("the IBAN '\(shown)' has a character that is no letter A–Z or digit 0–9")
        }
        let scalars = Array(compact.unicodeScalars)
        guard scalars.count >= 4, Self.isLetter(scalars[0]), Self.isLetter(scalars[1]) else {
            throw Self.refused("the IBAN '\(shown)' does not begin with a country code of two letters")
        }
        let country = String(compact.prefix(2))
        guard let length = Self.lengths[country] else {
            throw Self.refused("the IBAN '\(shown)' begins with '\(country)', which is no country of the IBAN registry (ISO 13616)")
        }
        guard scalars.count == length else {
            throw Self.refused("the IBAN '\(shown)' has \(scalars.count) characters; an IBAN of \(country) has \(length)")
        }
        guard Self.isDigit(scalars[2]), Self.isDigit(scalars[3]) else {
            throw Self.refused("the IBAN '\(shown)' has no check digits after its country code")
        }
        guard Self.remainder(compact) == 1 else {
            throw Self.refused("the IBAN '\(shown)' fails its check digits (ISO 7064 mod 97): a character is mistyped or two are swapped")
        }
        electronic = compact
    }

    /// The two letters of its country.
    public var country: String { String(electronic.prefix(2)) }

    /// In groups of four, as printed on a bank card: "DE89 3704 0044 0532 0130 00".
    public var grouped: String {
        var groups: [Substring] = []
        var rest = electronic[...]
        while !rest.isEmpty {
            groups.append(rest.prefix(4))
            rest = rest.dropFirst(4)
        }
        return groups.joined(separator: " ")
    }

    public var description: String { grouped }

    /// The number (the first four characters moved to the end, each letter as two digits, A = 10
    /// … Z = 35) modulo 97, computed piece by piece so that no length overflows.
    static func remainder(_ compact: String) -> Int {
        let rearranged = compact.unicodeScalars.dropFirst(4) + compact.unicodeScalars.prefix(4)
        var remainder = 0
        for scalar in rearranged {
            let value = isDigit(scalar) ? Int(scalar.value - 48) : Int(scalar.value - 55)
            remainder = (remainder * (value < 10 ? 10 : 100) + value) % 97
        }
        return remainder
    }

    static func isLetter(_ scalar: Unicode.Scalar) -> Bool { ("A"..."Z").contains(scalar) }
    static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    static func refused(_ message: String) -> ExpenseError {
        ExpenseError(.invalidData, message, hint: "copy the IBAN from a bank statement; spaces between groups are fine")
    }

    /// The length of each country's IBAN, from the IBAN registry that SWIFT keeps for ISO 13616
    /// (release 99, 2025), with the territories its entries include (Åland under Finland; the
    /// French overseas departments and collectivities; the Crown Dependencies under Great Britain).
    static let lengths: [String: Int] = [
        "AD": 24, "AE": 23, "AL": 28, "AT": 20, "AZ": 28, "BA": 20, "BE": 16, "BG": 22, "BH": 22, "BI": 27,
        "BR": 29, "BY": 28, "CH": 21, "CR": 22, "CY": 28, "CZ": 24, "DE": 22, "DJ": 27, "DK": 18, "DO": 28,
        "EE": 20, "EG": 29, "ES": 24, "FI": 18, "FK": 18, "FO": 18, "FR": 27, "GB": 22, "GE": 22, "GI": 23,
        "GL": 18, "GR": 27, "GT": 28, "HN": 28, "HR": 21, "HU": 28, "IE": 22, "IL": 23, "IQ": 23, "IS": 26,
        "IT": 27, "JO": 30, "KW": 30, "KZ": 20, "LB": 28, "LC": 32, "LI": 21, "LT": 20, "LU": 20, "LV": 21,
        "LY": 25, "MC": 27, "MD": 24, "ME": 22, "MK": 19, "MN": 20, "MR": 27, "MT": 31, "MU": 30, "NI": 28,
        "NL": 18, "NO": 15, "OM": 23, "PK": 24, "PL": 28, "PS": 29, "PT": 25, "QA": 29, "RO": 24, "RS": 22,
        "RU": 33, "SA": 24, "SC": 31, "SD": 18, "SE": 24, "SI": 19, "SK": 24, "SM": 27, "SO": 23, "ST": 25,
        "SV": 28, "TL": 23, "TN": 24, "TR": 26, "UA": 29, "VA": 22, "VG": 24, "XK": 20, "YE": 30,
        // Included in the entries above.
        "AX": 18, "GF": 27, "GP": 27, "MQ": 27, "RE": 27, "PF": 27, "TF": 27, "YT": 27, "NC": 27, "BL": 27,
        "MF": 27, "PM": 27, "WF": 27, "IM": 22, "JE": 22, "GG": 22,
    ]
}

/// A Business Identifier Code (ISO 9362), which a transfer names only where its scheme needs it:
/// four letters for the bank, two for its country, two letters or digits for the place, and
/// optionally three for the branch.
public struct BIC: Hashable, Sendable, CustomStringConvertible {
    public let code: String

    public init(_ typed: String) throws(ExpenseError) {
        let code = typed.trimmingSpaces.uppercased()
        let scalars = Array(code.unicodeScalars)
        let isAlphanumeric = { (scalar: Unicode.Scalar) in IBAN.isLetter(scalar) || IBAN.isDigit(scalar) }
        guard scalars.count == 8 || scalars.count == 11, scalars[0..<6].allSatisfy(IBAN.isLetter),
            scalars[6...].allSatisfy(isAlphanumeric)
        else {
            throw ExpenseError(
                .invalidData,
                "'\(TerminalText.visible(typed, keepingLineBreaks: false))' is no BIC: a BIC has 8 or 11 characters, six letters first",
                hint: "a BIC looks like COBADEFFXXX; leave it out where the bank does not ask for one")
        }
        self.code = code
    }

    /// The two letters of the bank's country.
    public var country: String { String(code.dropFirst(4).prefix(2)) }

    public var description: String { code }
}
