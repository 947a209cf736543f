/// The character encodings a statement may be in (the rules' `encoding` directive): UTF-8, the
/// default; ISO 8859-1 (Latin-1); and Windows-1252, Latin-1 with printable characters (€, „, –)
/// where Latin-1 has control codes — what "ANSI" exports of German banks usually are.
public enum TextEncoding: String, CaseIterable, Sendable {
    case utf8 = "utf-8"
    case latin1 = "latin-1"
    case windows1252 = "windows-1252"

    /// The names the rules accept for each encoding.
    public static func named(_ name: String) -> TextEncoding? {
        switch name.lowercased() {
        case "utf-8", "utf8": return .utf8
        case "latin-1", "latin1", "iso-8859-1", "iso8859-1": return .latin1
        case "windows-1252", "cp1252", "win-1252": return .windows1252
        default: return nil
        }
    }

    /// How to read text declared US-ASCII (an OFX's `encoding="US-ASCII"` or `CHARSET:NONE`),
    /// which banks write with bytes beyond ASCII all the same: as UTF-8 when all of those are
    /// valid UTF-8, else as Windows-1252, where every byte is a character; never refused.
    public static func declaredASCII(_ bytes: ArraySlice<UInt8>) -> TextEncoding {
        bytes.withUnsafeBytes { windows1252.misreads($0) } ? .utf8 : .windows1252
    }

    /// `bytes` as text; nil when they are not valid in this encoding (only UTF-8 can be invalid).
    public func decode(_ bytes: UnsafeRawBufferPointer) -> String? {
        var ascii = true
        for byte in bytes where byte >= 0x80 {
            ascii = false
            break
        }
        if ascii { return String(decoding: bytes, as: UTF8.self) }
        switch self {
        case .utf8:
            return String(validating: bytes, as: UTF8.self)
        case .latin1, .windows1252:
            // Written as UTF-8 straight into the string's storage: a character is one to three
            // bytes there, and appending scalars one by one cost a quarter of a bank import.
            return String(unsafeUninitializedCapacity: bytes.count * 3) { utf8 in
                var count = 0
                for byte in bytes {
                    let value = self == .windows1252 && (0x80...0x9F).contains(byte) ? Self.windows1252High[Int(byte - 0x80)] : UInt32(byte)
                    if value < 0x80 {
                        utf8[count] = UInt8(value)
                        count += 1
                    } else if value < 0x800 {
                        utf8[count] = UInt8(0xC0 | value >> 6)
                        utf8[count + 1] = UInt8(0x80 | value & 0x3F)
                        count += 2
                    } else {
                        utf8[count] = UInt8(0xE0 | value >> 12)
                        utf8[count + 1] = UInt8(0x80 | value >> 6 & 0x3F)
                        utf8[count + 2] = UInt8(0x80 | value & 0x3F)
                        count += 3
                    }
                }
                return count
            }
        }
    }

    /// True when `bytes`, read in this single-byte encoding, are more likely UTF-8: they hold
    /// characters beyond ASCII, and all of them are valid UTF-8 sequences — `Ã¤` in Windows-1252
    /// is 'ä' in UTF-8, while a real Windows-1252 'ä' is one byte that UTF-8 refuses.
    public func misreads(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard self != .utf8, bytes.contains(where: { $0 >= 0x80 }) else { return false }
        var iterator = bytes.makeIterator()
        var decoder = Unicode.UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    /// `bytes` as text for a person: decoded, with each byte that is not valid in this encoding
    /// (only UTF-8 has such) written out as `\xfc`, as the terminal's gate writes controls.
    public func show(_ bytes: [UInt8]) -> String {
        if let text = bytes.withUnsafeBytes({ decode($0) }) { return text }
        var text = ""
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length = lead < 0x80 ? 1 : lead < 0xC2 ? 0 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : lead < 0xF5 ? 4 : 0
            if length > 0, index + length <= bytes.count,
                let scalar = String(validating: bytes[index..<(index + length)], as: UTF8.self)
            {
                text += scalar
                index += length
            } else {
                text += "\\x" + (lead < 0x10 ? "0" : "") + String(lead, radix: 16)
                index += 1
            }
        }
        return text
    }

    /// `text` in this encoding, for writing rows back (a rejects file is in its statement's
    /// encoding); characters the encoding lacks become '?'.
    public func encode(_ text: String) -> [UInt8] {
        guard self != .utf8 else { return Array(text.utf8) }
        return text.unicodeScalars.map { scalar in
            if scalar.value < 0x80 || (self == .latin1 && scalar.value <= 0xFF) { return UInt8(scalar.value) }
            if self == .windows1252 {
                if let index = Self.windows1252High.firstIndex(of: scalar.value) { return UInt8(0x80 + index) }
                if scalar.value >= 0xA0, scalar.value <= 0xFF { return UInt8(scalar.value) }
            }
            return UInt8(ascii: "?")
        }
    }

    /// Windows-1252's 0x80...0x9F; the five unassigned bytes map to the C1 controls, as WHATWG does.
    private static let windows1252High: [UInt32] = [
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
        0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
    ]
}
