/// Text in the charsets receipts are sent in: UTF-8 and US-ASCII, ISO 8859-1 and -15, and
/// Windows-1252 (what most "iso-8859-1" mail really is). ReceiptReading reads no file and may not
/// borrow StatementReading's encodings, so the few tables it needs are here.
enum MailCharset {
    /// `bytes` as text in `charset` (a MIME charset name, any case); an unknown charset is read as
    /// UTF-8 when the bytes are valid UTF-8, else as Windows-1252. Never fails: a byte a charset
    /// does not define becomes U+FFFD.
    static func decode(_ bytes: some Collection<UInt8>, charset: String) -> String {
        let name = charset.lowercased().split(separator: "*").first.map { $0.trimmingCharacters(in: " \"") } ?? ""
        switch name {
        case "utf-8", "utf8", "us-ascii", "ascii":
            return String(decoding: bytes, as: UTF8.self)
        case "iso-8859-1", "iso8859-1", "latin1", "latin-1", "iso_8859-1":
            return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
        case "iso-8859-15", "iso8859-15", "latin9", "latin-9":
            return String(String.UnicodeScalarView(bytes.map(latin9)))
        case "windows-1252", "cp1252", "x-cp1252":
            return String(String.UnicodeScalarView(bytes.map(windows1252)))
        default:
            let array = Array(bytes)
            if let text = String(validating: array, as: UTF8.self) { return text }
            return String(String.UnicodeScalarView(array.map(windows1252)))
        }
    }

    /// ISO 8859-15: Latin-1 with eight code points changed, the euro sign among them.
    private static let latin9Changes: [UInt8: Unicode.Scalar] = [
        0xA4: "\u{20AC}", 0xA6: "\u{0160}", 0xA8: "\u{0161}", 0xB4: "\u{017D}", 0xB8: "\u{017E}", 0xBC: "\u{0152}", 0xBD: "\u{0153}",
        0xBE: "\u{0178}",
    ]

    private static func latin9(_ byte: UInt8) -> Unicode.Scalar {
        latin9Changes[byte] ?? Unicode.Scalar(byte)
    }

    /// Windows-1252's 0x80–0x9F, where Latin-1 has control characters; five bytes it leaves undefined.
    private static let windows1252High: [UInt32] = [
        0x20AC, 0xFFFD, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0xFFFD, 0x017D, 0xFFFD,
        0xFFFD, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0xFFFD, 0x017E, 0x0178,
    ]

    private static func windows1252(_ byte: UInt8) -> Unicode.Scalar {
        guard (0x80...0x9F).contains(byte) else { return Unicode.Scalar(byte) }
        return Unicode.Scalar(windows1252High[Int(byte - 0x80)]) ?? "\u{FFFD}"
    }
}
