/// RFC 2047 encoded words, `=?utf-8?Q?Quittung_f=C3=BCr?=` and `=?iso-8859-1?B?...?=`, as mail
/// puts non-ASCII text in a Subject, a display name or an attachment's filename. A word that is
/// not well formed stays as it is written.
enum EncodedWords {
    static func decode(_ text: String) -> String {
        let bytes = Array(text.utf8)
        guard bytes.count >= 8, text.contains("=?") else { return text }
        var output = ""
        var literalStart = 0
        var afterWord = false
        var index = 0
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "="), bytes[index + 1] == UInt8(ascii: "?"), let (decoded, end) = word(bytes, at: index) {
                let literal = bytes[literalStart..<index]
                // Blanks between two encoded words are not part of the text.
                if !(afterWord && literal.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A })) {
                    output += String(decoding: literal, as: UTF8.self)
                }
                output += decoded
                afterWord = true
                index = end
                literalStart = end
            } else {
                index += 1
            }
        }
        output += String(decoding: bytes[literalStart...], as: UTF8.self)
        return output
    }

    /// The encoded word at `start` decoded, and the index after it.
    private static func word(_ bytes: [UInt8], at start: Int) -> (String, Int)? {
        var index = start + 2
        let charsetStart = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "?"), index - charsetStart < 64 {
            guard bytes[index] > 0x20 else { return nil }
            index += 1
        }
        guard index + 2 < bytes.count, bytes[index] == UInt8(ascii: "?"), index > charsetStart,
            bytes[index + 2] == UInt8(ascii: "?")
        else { return nil }
        let charset = String(decoding: bytes[charsetStart..<index], as: UTF8.self)
        let encoding = bytes[index + 1] | 0x20
        guard encoding == UInt8(ascii: "b") || encoding == UInt8(ascii: "q") else { return nil }
        let textStart = index + 3
        var end = textStart
        while end + 1 < bytes.count, !(bytes[end] == UInt8(ascii: "?") && bytes[end + 1] == UInt8(ascii: "=")) {
            // RFC 2047 allows 75 bytes a word; a mailer may write more, not this many.
            guard bytes[end] > 0x20, end - textStart < 512 else { return nil }
            end += 1
        }
        guard end + 1 < bytes.count else { return nil }
        let encoded = bytes[textStart..<end]
        let decoded: [UInt8]
        if encoding == UInt8(ascii: "b") {
            guard let bytes = TransferEncoding.base64(encoded) else { return nil }
            decoded = bytes
        } else {
            decoded = TransferEncoding.quotedPrintable(encoded.map { $0 == UInt8(ascii: "_") ? 0x20 : $0 })
        }
        return (MailCharset.decode(decoded, charset: charset), end + 2)
    }
}
