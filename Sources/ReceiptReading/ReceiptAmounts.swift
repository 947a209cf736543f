/// Amounts as receipts print them: `12.50`, `12,50`, `1,234.56`, `1.234,56`,
/// `1 234,56`, `1'234.50`, `12.–` (Swiss for 12.00); the currencies beside them are
/// `ReceiptCurrencies`'.
///
/// An amount must show exactly two decimals (or the Swiss dash): that is what tells `1.234,56`
/// from a date (`03.03.26` fails its thousands groups), a VAT rate (`8.1%`), a phone number or a
/// quantity, which a receipt prints without them.
public enum ReceiptAmounts {
    /// One amount found in a line: its value as a decimal with a point, and where it ends.
    public struct Found: Equatable {
        public var decimal: String
        public var end: String.Index
    }

    /// Every amount in `line`, left to right.
    public static func amounts(in line: String) -> [Found] {
        let chars = Array(line)
        var found: [Found] = []
        var index = 0
        // The String.Index of `chars[cursorOffset]`, moved forward only: each amount's end is found
        // from the last one's, not from the start (quadratic on a long line of amounts).
        var cursor = line.startIndex
        var cursorOffset = 0
        while index < chars.count {
            guard chars[index].isASCIIDigitCharacter, index == 0 || !chars[index - 1].isASCIIDigitCharacter,
                index == 0 || !chars[index - 1].isLetter || chars[index - 1] == "x" || chars[index - 1] == "X"
            else {
                index += 1
                continue
            }
            if let (decimal, end) = amount(chars, from: index) {
                cursor = line.index(cursor, offsetBy: end - cursorOffset)
                cursorOffset = end
                found.append(Found(decimal: decimal, end: cursor))
                index = end
            } else {
                // Skip the whole number, so that the tail of a date ("03.03.26") is not read as 3.26.
                while index < chars.count,
                    chars[index].isASCIIDigitCharacter
                        || (separators.contains(chars[index]) && chars[index] != " " && index + 1 < chars.count
                            && chars[index + 1].isASCIIDigitCharacter)
                {
                    index += 1
                }
            }
        }
        return found
    }

    /// The amount starting at `start`, and the index after it.
    private static func amount(_ chars: [Character], from start: Int) -> (String, Int)? {
        // Runs of digits and the separators between them.
        var groups: [String] = []
        var separators: [Character] = []
        var index = start
        while index < chars.count {
            var digits = ""
            while index < chars.count, chars[index].isASCIIDigitCharacter {
                digits.append(chars[index])
                index += 1
            }
            guard !digits.isEmpty else { break }
            groups.append(digits)
            // At most 12 whole digits are four thousands groups, the decimals a fifth: a longer run
            // ("1.00 1.00 1.00 ...", a space separates groups too) is no amount, and is not read
            // to its end again from each of its numbers (quadratic on a long line).
            guard groups.count <= 5 else { return nil }
            guard index + 1 < chars.count, Self.separators.contains(chars[index]), chars[index + 1].isASCIIDigitCharacter else {
                break
            }
            separators.append(chars[index])
            index += 1
        }
        // "12.–" / "12.-": whole francs.
        if separators.isEmpty || groups.last?.count != 2 {
            if index + 1 < chars.count, chars[index] == ".", ["-", "–", "—"].contains(chars[index + 1]),
                groups.count == separators.count + 1, let whole = wholePart(groups, separators, decimal: nil)
            {
                return (whole + ".00", index + 2)
            }
        }
        guard let decimalMark = separators.last, decimalMark == "." || decimalMark == ",", groups.last?.count == 2,
            let whole = wholePart(Array(groups.dropLast()), Array(separators.dropLast()), decimal: decimalMark),
            index >= chars.count || !chars[index].isASCIIDigitCharacter
        else { return nil }
        return (whole + "." + (groups.last ?? "00"), index)
    }

    public static let separators: Set<Character> = [".", ",", "'", "’", " ", "\u{00A0}", "\u{202F}"]

    /// The integer part from its digit groups: one group, or thousands groups of three after a
    /// first of one to three digits, all with the same separator, which is not the decimal mark.
    /// A space groups thousands only before a decimal comma (French style): "x4 144.00" is 144.00.
    private static func wholePart(_ groups: [String], _ separators: [Character], decimal: Character?) -> String? {
        guard let first = groups.first else { return nil }
        if groups.count == 1 { return first.count <= 9 ? String(Int(first) ?? 0) : nil }
        let grouping = separators[0]
        guard separators.allSatisfy({ $0 == grouping }), grouping != decimal, first.count <= 3,
            groups.dropFirst().allSatisfy({ $0.count == 3 })
        else { return nil }
        if grouping == " " || grouping == "\u{00A0}" || grouping == "\u{202F}" {
            guard decimal == "," else { return nil }
        }
        let digits = groups.joined()
        guard digits.count <= 12, let value = Int(digits) else { return nil }
        return String(value)
    }

    /// A whole amount as printed, "1939", "1.939", "1,939", "1'939": one run of digits, or
    /// thousands groups; as a decimal without a point ("1939"); nil for anything else.
    public static func whole(_ text: String) -> String? {
        var groups: [String] = []
        var separators: [Character] = []
        var digits = ""
        for character in text {
            if character.isASCIIDigitCharacter {
                digits.append(character)
            } else if separators.count < 4, !digits.isEmpty, Self.separators.contains(character), character != " " {
                groups.append(digits)
                separators.append(character)
                digits = ""
            } else {
                return nil
            }
        }
        guard !digits.isEmpty else { return nil }
        return wholePart(groups + [digits], separators, decimal: nil)
    }
}

extension Character {
    public var isASCIIDigitCharacter: Bool { ("0"..."9").contains(self) }
}
