import ExpenseSupport

/// The header section of a message or of a MIME part: its fields in order, folded lines unfolded,
/// lines ended by CRLF or a bare LF. Bounded in bytes and fields (`MailLimits`); a line that is
/// not a field ends the section (a part that forgot its blank line), as mail readers read it.
public struct MailHeaders: Sendable {
    public struct Field: Sendable, Equatable {
        /// As written; compare it case-insensitively (`value(of:)` does).
        public var name: String
        /// Unfolded and trimmed; encoded words are left as they are (`text(of:)` decodes them).
        public var value: String
    }

    public var fields: [Field]

    /// The first field named `name`, any case.
    public func value(of name: String) -> String? {
        fields.first { $0.name.lowercased() == name }?.value
    }

    /// The first field named `name` with its RFC 2047 encoded words decoded: a Subject, a From.
    public func text(of name: String) -> String? {
        value(of: name).map(EncodedWords.decode)
    }

    /// The fields at `start`, and where the body begins (after the blank line, or at the first
    /// line that is no field).
    static func parse(_ bytes: [UInt8], from start: Int, to end: Int, limits: MailLimits) throws -> (MailHeaders, body: Int) {
        var fields: [Field] = []
        var name: String?
        var value: [UInt8] = []
        func flush() {
            if let name { fields.append(Field(name: name, value: text(value).trimmingSpaces)) }
            name = nil
            value = []
        }
        var index = start
        let scanLimit = min(end, start + limits.maximumHeaderBytes)
        while index < end {
            var lineEnd = index
            while lineEnd < scanLimit, bytes[lineEnd] != 0x0A { lineEnd += 1 }
            if lineEnd == scanLimit, scanLimit < end {
                throw ExpenseError(
                    .invalidData, "the message's headers are longer than \(limits.maximumHeaderBytes >> 10) KiB",
                    hint: "this is not a receipt a mail program sent; save its attachment and capture that")
            }
            var contentEnd = lineEnd
            if contentEnd > index, bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
            let next = min(lineEnd + 1, end)
            if contentEnd == index {
                flush()
                return (MailHeaders(fields: fields), next)
            }
            if bytes[index] == 0x20 || bytes[index] == 0x09 {
                // A folded line: the fold (the line break) goes, the blank stays.
                if name != nil { value += bytes[index..<contentEnd] }
            } else if let colon = fieldNameEnd(bytes, index, contentEnd) {
                flush()
                guard fields.count < limits.maximumHeaderCount else {
                    throw ExpenseError(
                        .invalidData, "the message has more than \(limits.maximumHeaderCount) header fields",
                        hint: "this is not a receipt a mail program sent; save its attachment and capture that")
                }
                name = String(decoding: bytes[index..<colon], as: UTF8.self).trimmingSpaces
                value = Array(bytes[(colon + 1)..<contentEnd])
            } else {
                flush()
                return (MailHeaders(fields: fields), index)
            }
            index = next
        }
        flush()
        return (MailHeaders(fields: fields), end)
    }

    /// The colon ending a field name at `start`: printable ASCII without a colon (RFC 5322 2.2),
    /// blanks before the colon tolerated.
    static func fieldNameEnd(_ bytes: [UInt8], _ start: Int, _ end: Int) -> Int? {
        var index = start
        while index < end, index - start < 256 {
            let byte = bytes[index]
            if byte == UInt8(ascii: ":") {
                guard index > start else { return nil }
                return index
            }
            guard (33...126).contains(byte) || (byte == 0x20 && index > start) else { return nil }
            index += 1
        }
        return nil
    }

    /// A field's bytes as text: UTF-8 when they are (RFC 6532), else Windows-1252.
    private static func text(_ bytes: [UInt8]) -> String {
        String(validating: bytes, as: UTF8.self) ?? MailCharset.decode(bytes, charset: "windows-1252")
    }
}
