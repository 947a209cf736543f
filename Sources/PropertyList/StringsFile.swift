/// A `.strings` table (`"key" = "value";`), as `<lang>.lproj/InfoPlist.strings` localizes an
/// Info.plist. Reads the forms Xcode produces: UTF-8 or UTF-16 text with comments, and the
/// binary plist a build compiles it into.
public struct StringsFile: Sendable, Equatable {
    public let table: [String: String]

    public init(table: [String: String]) { self.table = table }

    public subscript(key: String) -> String? { table[key] }

    public static func parse(_ bytes: [UInt8]) throws(PropertyListError) -> StringsFile {
        if bytes.starts(with: Array("bplist".utf8)) {
            guard case .dictionary(let dictionary) = try PropertyList.parse(bytes) else {
                throw PropertyListError("a compiled .strings file must hold a dictionary")
            }
            var table: [String: String] = [:]
            for entry in dictionary.entries {
                guard let value = entry.value.stringValue else {
                    throw PropertyListError("the value of '\(entry.key)' is \(entry.value.typeDescription), not a string")
                }
                table[entry.key] = value
            }
            return StringsFile(table: table)
        }
        let text: String
        if UTF16Text.hasByteOrderMark(bytes) {
            text = UTF16Text.decode(bytes)
        } else {
            let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
            guard let decoded = String(validating: body, as: UTF8.self) else {
                throw PropertyListError("not UTF-8 text (save it as UTF-8, or UTF-16 with a byte-order mark)")
            }
            text = decoded
        }
        var parser = Parser(Array(text.unicodeScalars))
        return StringsFile(table: try parser.parse())
    }

    /// The old-style plist grammar of .strings: `key = value;` pairs, where key and value are
    /// quoted strings (with \" \\ \n \t \Uxxxx escapes) or bare words, and `/* */` or `//` comments.
    private struct Parser {
        let scalars: [Unicode.Scalar]
        var position = 0
        var line = 1

        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        mutating func parse() throws(PropertyListError) -> [String: String] {
            var table: [String: String] = [:]
            while true {
                try skipSpaceAndComments()
                guard position < scalars.count else { return table }
                let key = try word("a key")
                try skipSpaceAndComments()
                if peek() == ";" {
                    // `"key";` alone means the key translates to itself.
                    advance()
                    table[key] = key
                    continue
                }
                guard peek() == "=" else { throw error("expected '=' after \"\(key)\"") }
                advance()
                try skipSpaceAndComments()
                let value = try word("a value for \"\(key)\"")
                try skipSpaceAndComments()
                guard peek() == ";" else { throw error("expected ';' after the value of \"\(key)\"") }
                advance()
                table[key] = value
            }
        }

        private mutating func word(_ what: String) throws(PropertyListError) -> String {
            guard let first = peek() else { throw error("expected \(what), found the end of the file") }
            if first == "\"" { return try quoted() }
            var text = ""
            while let scalar = peek(),
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                    || "_$:./-".unicodeScalars.contains(scalar)
            {
                text.unicodeScalars.append(scalar)
                advance()
            }
            guard !text.isEmpty else { throw error("expected \(what), found '\(Character(first))'") }
            return text
        }

        private mutating func quoted() throws(PropertyListError) -> String {
            let startLine = line
            advance()
            var text = ""
            while let scalar = peek() {
                advance()
                switch scalar {
                case "\"":
                    return text
                case "\\":
                    guard let escaped = peek() else { break }
                    advance()
                    switch escaped {
                    case "n": text += "\n"
                    case "t": text += "\t"
                    case "r": text += "\r"
                    case "U", "u":
                        var hex = ""
                        while hex.count < 4, let digit = peek(), digit.properties.isASCIIHexDigit {
                            hex.unicodeScalars.append(digit)
                            advance()
                        }
                        guard let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) else {
                            throw error("invalid \\U escape")
                        }
                        text.unicodeScalars.append(decoded)
                    default: text.unicodeScalars.append(escaped)
                    }
                default:
                    text.unicodeScalars.append(scalar)
                }
            }
            throw PropertyListError("unterminated string starting on line \(startLine)", line: startLine)
        }

        private mutating func skipSpaceAndComments() throws(PropertyListError) {
            while let scalar = peek() {
                if scalar.properties.isWhitespace {
                    advance()
                } else if scalar == "/", position + 1 < scalars.count, scalars[position + 1] == "*" {
                    let startLine = line
                    advance(2)
                    while position < scalars.count,
                        !(scalars[position] == "*" && position + 1 < scalars.count && scalars[position + 1] == "/")
                    {
                        advance()
                    }
                    guard position < scalars.count else { throw PropertyListError("unterminated comment", line: startLine) }
                    advance(2)
                } else if scalar == "/", position + 1 < scalars.count, scalars[position + 1] == "/" {
                    while let current = peek(), current != "\n" { advance() }
                } else {
                    return
                }
            }
        }

        private func peek() -> Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

        private mutating func advance(_ count: Int = 1) {
            for _ in 0..<count where position < scalars.count {
                if scalars[position] == "\n" { line += 1 }
                position += 1
            }
        }

        private func error(_ message: String) -> PropertyListError { PropertyListError(message, line: line) }
    }
}
