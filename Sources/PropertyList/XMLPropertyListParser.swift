import ExpenseSupport

/// A small parser for XML property lists (Apple's PropertyList-1.0 DTD), reporting the line of
/// every error. swift-foundation's PropertyListDecoder exists in FoundationEssentials, but on this
/// toolchain it reports errors on the wrong line (always "line 1" for a one-element document
/// spread over several lines) and it cannot hand back untyped values without a Decodable dance;
/// an Info.plist author needs the right line more than anything.
///
/// Bounded: containers nest at most `PropertyListLimits.depth` levels (the parser recurses once
/// per level) and a file holds at most `PropertyListLimits.values` values.
struct XMLPropertyListParser {
    private let bytes: [UInt8]
    private var position = 0
    private var line = 1
    /// Values read so far.
    private var valueCount = 0

    init(_ input: [UInt8]) {
        bytes = Self.utf8(input)
    }

    mutating func parse() throws(PropertyListError) -> PropertyListValue {
        skipMisc()
        guard position < bytes.count else { throw error("empty file: no property list") }
        guard peek() == UInt8(ascii: "<") else {
            throw error("not a property list: expected an XML document starting with '<'")
        }
        var tag = try readTag()
        var wrapped = false
        if tag.name == "plist" {
            wrapped = true
            if tag.isEmpty { throw error("<plist/> holds no value") }
            skipMisc()
            guard position < bytes.count else { throw error("unexpected end of file inside <plist>") }
            if hasPrefix("</") { throw error("<plist> holds no value") }
            tag = try readTag()
        }
        let value = try parseValue(tag, depth: 0)
        if wrapped {
            skipMisc()
            guard position < bytes.count else { throw error("unexpected end of file: <plist> is not closed") }
            let end = try readTag()
            guard end.isClosing, end.name == "plist" else {
                throw error(
                    end.isClosing
                        ? "</\(end.name)> does not close <plist>"
                        : "<plist> holds more than one value (found a second <\(end.name)>)")
            }
        }
        skipMisc()
        if position < bytes.count { throw error("unexpected text after the end of the property list") }
        return value
    }

    // MARK: - Values

    private mutating func parseValue(_ tag: Tag, depth: Int) throws(PropertyListError) -> PropertyListValue {
        if tag.isClosing { throw error("unexpected </\(tag.name)>: expected a value") }
        valueCount += 1
        guard valueCount <= PropertyListLimits.values else {
            throw error("the property list holds more than \(PropertyListLimits.values) values")
        }
        switch tag.name {
        case "dict", "array":
            guard depth < PropertyListLimits.depth else {
                throw error("arrays and dictionaries nest more than \(PropertyListLimits.depth) levels deep")
            }
            return tag.name == "dict" ? .dictionary(try parseDictionary(tag, depth: depth)) : .array(try parseArray(tag, depth: depth))
        case "string": return .string(try text(of: tag))
        case "key": throw error("<key> outside a <dict>")
        case "integer":
            let text = try text(of: tag).trimmingSpaces
            guard let value = Self.integer(text) else { throw error("invalid <integer> '\(text)'") }
            return .integer(value)
        case "real":
            let text = try text(of: tag).trimmingSpaces
            guard let value = Double(text) else { throw error("invalid <real> '\(text)'") }
            return .real(value)
        case "true", "false":
            if !tag.isEmpty {
                let text = try text(of: tag)
                if !text.trimmingSpaces.isEmpty { throw error("<\(tag.name)> must be empty, as <\(tag.name)/>") }
            }
            return .boolean(tag.name == "true")
        case "date":
            let text = try text(of: tag).trimmingSpaces
            guard Self.isValidDate(text) else { throw error("invalid <date> '\(text)': expected YYYY-MM-DDTHH:MM:SSZ") }
            return .date(text)
        case "data":
            let text = try text(of: tag)
            guard let data = Base64.decode(text) else { throw error("invalid base64 in <data>") }
            return .data(data)
        default:
            throw error("unknown element <\(tag.name)>")
        }
    }

    private mutating func parseDictionary(_ open: Tag, depth: Int) throws(PropertyListError) -> PropertyListDictionary {
        var dictionary = PropertyListDictionary()
        if open.isEmpty { return dictionary }
        while true {
            skipMisc()
            guard position < bytes.count else { throw error("unexpected end of file inside <dict>") }
            guard peek() == UInt8(ascii: "<") else { throw error("unexpected text inside <dict>: expected <key>") }
            let tag = try readTag()
            if tag.isClosing {
                guard tag.name == "dict" else { throw error("</\(tag.name)> does not close <dict>") }
                return dictionary
            }
            guard tag.name == "key" else { throw error("expected <key> inside <dict>, found <\(tag.name)>") }
            let key = try text(of: tag)
            skipMisc()
            guard position < bytes.count else { throw error("unexpected end of file inside <dict>") }
            let valueTag = try readTag()
            if valueTag.isClosing { throw error("missing value for key '\(key)' inside <dict>") }
            if valueTag.name == "key" { throw error("missing value for key '\(key)' inside <dict>") }
            dictionary[key] = try parseValue(valueTag, depth: depth + 1)
        }
    }

    private mutating func parseArray(_ open: Tag, depth: Int) throws(PropertyListError) -> [PropertyListValue] {
        var values: [PropertyListValue] = []
        if open.isEmpty { return values }
        while true {
            skipMisc()
            guard position < bytes.count else { throw error("unexpected end of file inside <array>") }
            guard peek() == UInt8(ascii: "<") else { throw error("unexpected text inside <array>") }
            let tag = try readTag()
            if tag.isClosing {
                guard tag.name == "array" else { throw error("</\(tag.name)> does not close <array>") }
                return values
            }
            values.append(try parseValue(tag, depth: depth + 1))
        }
    }

    /// The character data of a leaf element up to its closing tag: entities decoded, CDATA kept
    /// as is, comments dropped.
    private mutating func text(of tag: Tag) throws(PropertyListError) -> String {
        if tag.isEmpty { return "" }
        var out: [UInt8] = []
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "<") {
                if hasPrefix("<!--") {
                    try skipComment()
                    continue
                }
                if hasPrefix("<![CDATA[") {
                    advance(9)
                    guard let end = find("]]>") else { throw error("unterminated CDATA section") }
                    while position < end {
                        out.append(bytes[position])
                        advance()
                    }
                    advance(3)
                    continue
                }
                let close = try readTag()
                guard close.isClosing else { throw error("unexpected <\(close.name)> inside <\(tag.name)>") }
                guard close.name == tag.name else { throw error("</\(close.name)> does not close <\(tag.name)>") }
                guard let text = String(validating: out, as: UTF8.self) else { throw error("invalid UTF-8 inside <\(tag.name)>") }
                return text
            }
            if byte == UInt8(ascii: "&") {
                out += try entity()
                continue
            }
            out.append(byte)
            advance()
        }
        throw error("unexpected end of file inside <\(tag.name)>")
    }

    private mutating func entity() throws(PropertyListError) -> [UInt8] {
        let start = position
        advance()
        var name: [UInt8] = []
        while position < bytes.count, bytes[position] != UInt8(ascii: ";") {
            guard name.count < 12 else { break }
            name.append(bytes[position])
            advance()
        }
        guard position < bytes.count, bytes[position] == UInt8(ascii: ";") else {
            position = start
            throw error("unterminated entity: '&' must be written &amp;")
        }
        advance()
        let text = String(decoding: name, as: UTF8.self)
        switch text {
        case "lt": return Array("<".utf8)
        case "gt": return Array(">".utf8)
        case "amp": return Array("&".utf8)
        case "quot": return Array("\"".utf8)
        case "apos": return Array("'".utf8)
        default:
            var scalarValue: UInt32?
            if text.hasPrefix("#x") || text.hasPrefix("#X") {
                scalarValue = UInt32(text.dropFirst(2), radix: 16)
            } else if text.hasPrefix("#") {
                scalarValue = UInt32(text.dropFirst())
            }
            guard let scalarValue, let scalar = Unicode.Scalar(scalarValue) else { throw error("unknown entity &\(text);") }
            return Array(String(Character(scalar)).utf8)
        }
    }

    // MARK: - Tags

    private struct Tag {
        var name: String
        var isClosing = false
        /// `<name/>`
        var isEmpty = false
    }

    /// Reads `<name attr="...">`, `<name/>` or `</name>`; the position is at its '<'.
    private mutating func readTag() throws(PropertyListError) -> Tag {
        advance()  // <
        var tag = Tag(name: "")
        if peek() == UInt8(ascii: "/") {
            tag.isClosing = true
            advance()
        }
        var name: [UInt8] = []
        while position < bytes.count, Self.isNameByte(bytes[position]) {
            name.append(bytes[position])
            advance()
        }
        tag.name = String(decoding: name, as: UTF8.self)
        guard !name.isEmpty else { throw error("malformed tag: expected an element name after '<'") }
        var quote: UInt8?
        while position < bytes.count {
            let byte = bytes[position]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                advance()
                return tag
            } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: ">") {
                guard !tag.isClosing else { throw error("malformed closing tag </\(tag.name)/>") }
                tag.isEmpty = true
                advance(2)
                return tag
            } else if byte == UInt8(ascii: "<") {
                throw error("malformed tag <\(tag.name): missing '>'")
            }
            advance()
        }
        throw error("unexpected end of file inside the tag <\(tag.name)")
    }

    /// Skips whitespace, comments, the XML declaration, processing instructions and the DOCTYPE.
    private mutating func skipMisc() {
        while position < bytes.count {
            let byte = bytes[position]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                advance()
            } else if hasPrefix("<!--") {
                guard (try? skipComment()) != nil else { return }
            } else if hasPrefix("<?") {
                guard let end = find("?>") else { return }
                while position < end + 2 { advance() }
            } else if hasPrefix("<!DOCTYPE") {
                // The DOCTYPE may carry an internal subset in brackets; plists never do, but skip it right.
                var depth = 0
                while position < bytes.count {
                    let current = bytes[position]
                    advance()
                    if current == UInt8(ascii: "[") { depth += 1 }
                    if current == UInt8(ascii: "]") { depth -= 1 }
                    if current == UInt8(ascii: ">"), depth <= 0 { break }
                }
            } else {
                return
            }
        }
    }

    private mutating func skipComment() throws(PropertyListError) {
        guard let end = find("-->", from: position + 4) else { throw error("unterminated comment") }
        while position < end + 3 { advance() }
    }

    // MARK: - Scanning

    private func peek() -> UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func advance(_ count: Int = 1) {
        for _ in 0..<count where position < bytes.count {
            if bytes[position] == 0x0A { line += 1 }
            position += 1
        }
    }

    private func hasPrefix(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        return text.withUTF8Buffer { prefix in
            for offset in 0..<count where bytes[position + offset] != prefix[offset] { return false }
            return true
        }
    }

    private func find(_ text: StaticString, from start: Int? = nil) -> Int? {
        let needle = text.withUTF8Buffer { Array($0) }
        var index = start ?? position
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0], Array(bytes[index..<index + needle.count]) == needle { return index }
            index += 1
        }
        return nil
    }

    private func error(_ message: String) -> PropertyListError { PropertyListError(message, line: line) }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")
    }

    // MARK: - Values' text

    /// Decimal, or hexadecimal with 0x, with an optional sign; CoreFoundation accepts both.
    static func integer(_ text: String) -> Int64? {
        var body = Substring(text)
        var negative = false
        if body.first == "-" || body.first == "+" {
            negative = body.first == "-"
            body = body.dropFirst()
        }
        let magnitude: UInt64?
        if body.hasPrefix("0x") || body.hasPrefix("0X") {
            magnitude = UInt64(body.dropFirst(2), radix: 16)
        } else {
            magnitude = body.allSatisfy(\.isNumber) ? UInt64(body) : nil
        }
        guard let magnitude else { return nil }
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
            return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
        }
        return Int64(exactly: magnitude)
    }

    /// `YYYY-MM-DDTHH:MM:SSZ`, the only form CoreFoundation writes and reads.
    static func isValidDate(_ text: String) -> Bool {
        let parts = text.split(separator: "T")
        guard parts.count == 2, (try? CalendarDate.parse(String(parts[0]))) != nil, parts[1].hasSuffix("Z") else { return false }
        let time = parts[1].dropLast().split(separator: ":", omittingEmptySubsequences: false)
        guard time.count == 3, time.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isNumber) }),
            let hour = Int(time[0]), let minute = Int(time[1]), let second = Int(time[2])
        else { return false }
        return hour < 24 && minute < 60 && second < 61
    }

    /// The document as UTF-8: a UTF-16 file (with its byte-order mark) is transcoded, a UTF-8
    /// byte-order mark dropped.
    static func utf8(_ input: [UInt8]) -> [UInt8] {
        if input.starts(with: [0xEF, 0xBB, 0xBF]) { return Array(input.dropFirst(3)) }
        guard input.count >= 2, (input[0] == 0xFE && input[1] == 0xFF) || (input[0] == 0xFF && input[1] == 0xFE) else {
            return input
        }
        return Array(UTF16Text.decode(input).utf8)
    }
}
