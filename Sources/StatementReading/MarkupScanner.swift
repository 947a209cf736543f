/// A bounded scanner of XML, and of the SGML of OFX 1.x, for statements: tags with their local
/// names (a namespace prefix dropped) and attributes, and text with entity references undone,
/// each at its line. It knows nothing of nesting (OFX 1.x leaves its leaf elements unclosed);
/// its readers keep their own, bounded, stack.
///
/// Written by hand rather than on FoundationXML: that links libxml2 into the binary, cannot read
/// OFX 1.x's SGML at all, and says little about where a document goes wrong; this one is small,
/// total, and refuses DTDs (entity expansion is how an XML file of kilobytes becomes gigabytes).
public struct MarkupScanner {
    public enum Token: Equatable {
        /// `<name attributes>`; `empty` for `<name/>`.
        case open(name: String, attributes: [String: String], empty: Bool)
        case close(name: String)
        /// Text between tags, trimmed; never empty.
        case text(String)
    }

    /// The most attributes a tag may have, and the longest name: real statements have a few
    /// short ones.
    public static let maximumAttributes = 64
    public static let maximumNameBytes = 256

    private let bytes: [UInt8]
    private let encoding: TextEncoding
    private var position: Int
    /// The line `position` is on.
    private var line = 1
    /// The line the last token started on.
    public private(set) var tokenLine = 1

    /// - Parameter start: where the markup begins (after OFX 1.x's header lines).
    public init(_ bytes: [UInt8], encoding: TextEncoding, start: Int = 0, line: Int = 1) {
        self.bytes = bytes
        self.encoding = encoding
        position = start
        self.line = line
    }

    /// The next tag or text; nil at the end of the input.
    public mutating func next() throws(StatementFailure) -> Token? {
        while position < bytes.count {
            tokenLine = line
            if bytes[position] != UInt8(ascii: "<") {
                if let text = try readText() { return .text(text) }
                continue
            }
            if hasPrefix("<!--") {
                try skip(past: Array("-->".utf8), what: "a comment")
            } else if hasPrefix("<![CDATA[") {
                position += 9
                let start = position
                try skip(past: Array("]]>".utf8), what: "a CDATA section")
                let text = try decode(bytes[start..<(position - 3)]).trimmingSpaces
                if !text.isEmpty { return .text(text) }
            } else if hasPrefix("<?") {
                try skip(past: Array("?>".utf8), what: "a processing instruction")
            } else if hasPrefix("<!") {
                throw failure(
                    "a document type declaration (<!DOCTYPE ...>) is not read in a statement",
                    hint: "a bank's camt.052, camt.053, camt.054 or OFX file has none; is this the file the bank gave?")
            } else {
                return try readTag()
            }
        }
        return nil
    }

    /// An error at the line of the last token.
    public func failure(_ message: String, hint: String? = nil) -> StatementFailure {
        StatementFailure(line: tokenLine, message: message, hint: hint)
    }

    private func hasPrefix(_ prefix: String) -> Bool {
        var index = position
        for byte in prefix.utf8 {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
        }
        return true
    }

    /// Moves past the next `end`, counting lines; the input ending first is an error.
    private mutating func skip(past end: [UInt8], what: String) throws(StatementFailure) {
        while position < bytes.count {
            if bytes[position] == end[0], position + end.count <= bytes.count,
                bytes[position..<(position + end.count)].elementsEqual(end)
            {
                position += end.count
                return
            }
            if bytes[position] == 0x0A { line += 1 }
            position += 1
        }
        throw failure("the file ends inside \(what) that starts here", hint: "is the file truncated?")
    }

    private mutating func readText() throws(StatementFailure) -> String? {
        let start = position
        while position < bytes.count, bytes[position] != UInt8(ascii: "<") {
            if bytes[position] == 0x0A { line += 1 }
            position += 1
        }
        let text = try unescape(decode(bytes[start..<position])).trimmingSpaces
        return text.isEmpty ? nil : text
    }

    private mutating func readTag() throws(StatementFailure) -> Token {
        position += 1  // '<'
        let closing = position < bytes.count && bytes[position] == UInt8(ascii: "/")
        if closing { position += 1 }
        let name = try readName()
        var attributes: [String: String] = [:]
        while true {
            skipSpace()
            guard position < bytes.count else { throw failure("the file ends inside the tag <\(name)>", hint: "is the file truncated?") }
            let byte = bytes[position]
            if byte == UInt8(ascii: ">") {
                position += 1
                return closing ? .close(name: name) : .open(name: name, attributes: attributes, empty: false)
            }
            if byte == UInt8(ascii: "/"), !closing, position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: ">") {
                position += 2
                return .open(name: name, attributes: attributes, empty: true)
            }
            guard !closing else { throw failure("unexpected text in the closing tag </\(name)>") }
            let key = try readName()
            skipSpace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else {
                throw failure("the attribute '\(key)' of <\(name)> has no value", hint: "write it as \(key)=\"...\"")
            }
            position += 1
            skipSpace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'") else {
                throw failure("the value of the attribute '\(key)' of <\(name)> is not quoted")
            }
            let quote = bytes[position]
            position += 1
            let start = position
            while position < bytes.count, bytes[position] != quote, bytes[position] != UInt8(ascii: "<") {
                if bytes[position] == 0x0A { line += 1 }
                position += 1
            }
            guard position < bytes.count, bytes[position] == quote else {
                throw failure("the value of the attribute '\(key)' of <\(name)> is not closed", hint: "is the file truncated?")
            }
            let value = try unescape(decode(bytes[start..<position]))
            position += 1
            guard attributes.count < Self.maximumAttributes else {
                throw failure("<\(name)> has more than \(Self.maximumAttributes) attributes")
            }
            attributes[key] = value
        }
    }

    /// A tag's or attribute's name without its namespace prefix (`camt:Ntry` is `Ntry`).
    private mutating func readName() throws(StatementFailure) -> String {
        let start = position
        while position < bytes.count, Self.isNameByte(bytes[position]) { position += 1 }
        guard position > start else {
            throw failure(
                position < bytes.count ? "a '<' that starts no tag" : "the file ends inside a tag", hint: "write a '<' in text as &lt;")
        }
        guard position - start <= Self.maximumNameBytes else { throw failure("a tag name longer than \(Self.maximumNameBytes) bytes") }
        var name = bytes[start..<position]
        if let colon = name.lastIndex(of: UInt8(ascii: ":")), colon + 1 < name.endIndex, name[start..<colon] != Array("xmlns".utf8)[...] {
            name = name[(colon + 1)...]
        }
        return String(decoding: name, as: UTF8.self)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: ":"), 0x80...0xFF:
            return true
        default:
            return false
        }
    }

    private mutating func skipSpace() {
        while position < bytes.count,
            bytes[position] == 0x20 || bytes[position] == 0x09 || bytes[position] == 0x0A || bytes[position] == 0x0D
        {
            if bytes[position] == 0x0A { line += 1 }
            position += 1
        }
    }

    private func decode(_ slice: ArraySlice<UInt8>) throws(StatementFailure) -> String {
        let text = slice.withUnsafeBytes { encoding.decode($0) }
        guard let text else {
            throw failure("text that is not valid \(encoding.rawValue)", hint: "the file's declared encoding does not match its bytes")
        }
        return text
    }

    /// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;` and character references undone. An `&` that
    /// starts none of them stays as it is: OFX 1.x files write `AT&T` bare.
    private func unescape(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let after = rest[rest.index(after: ampersand)...]
            guard let semicolon = after.prefix(12).firstIndex(of: ";") else {
                result += "&"
                rest = after
                continue
            }
            let name = after[..<semicolon]
            let known: [Substring: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
            var replacement = known[name]
            if replacement == nil, name.hasPrefix("#") {
                let hex = name.dropFirst().first == "x" || name.dropFirst().first == "X"
                let digits = hex ? name.dropFirst(2) : name.dropFirst()
                if let value = UInt32(digits, radix: hex ? 16 : 10), value != 0, let scalar = Unicode.Scalar(value) {
                    replacement = String(Character(scalar))
                }
            }
            if let replacement {
                result += replacement
                rest = after[after.index(after: semicolon)...]
            } else {
                result += "&"
                rest = after
            }
        }
        return result + rest
    }
}

/// Why a camt.053 or OFX statement cannot be read, at a line of it.
public struct StatementFailure: Error, Equatable, Sendable {
    public let line: Int
    public let message: String
    public let hint: String?

    public init(line: Int, message: String, hint: String? = nil) {
        self.line = line
        self.message = message
        self.hint = hint
    }
}
