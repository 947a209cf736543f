/// A MIME part's Content-Transfer-Encoding undone: base64 and quoted-printable; 7bit, 8bit and
/// binary are the bytes as they are. Both decoders make at most as many bytes as they read.
enum TransferEncoding {
    /// base64 (RFC 2045 6.8), line breaks and blanks anywhere ignored; nil when the text is not
    /// base64 (a character outside the alphabet, data after the padding, a lone last character),
    /// so that the part is refused with that reason rather than read as garbage.
    static func base64(_ text: some Collection<UInt8>) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(text.count / 4 * 3 + 3)
        var accumulator: UInt32 = 0
        var count = 0
        var padded = false
        for byte in text {
            let value: UInt32
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(byte - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = UInt32(byte - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt32(byte - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "+"), UInt8(ascii: "-"): value = 62
            case UInt8(ascii: "/"), UInt8(ascii: "_"): value = 63
            case UInt8(ascii: "="):
                padded = true
                continue
            case 0x20, 0x09, 0x0D, 0x0A, 0x0B, 0x0C:
                continue
            default:
                return nil
            }
            if padded { return nil }
            accumulator = accumulator << 6 | value
            count += 1
            if count == 4 {
                output.append(UInt8(accumulator >> 16 & 0xFF))
                output.append(UInt8(accumulator >> 8 & 0xFF))
                output.append(UInt8(accumulator & 0xFF))
                accumulator = 0
                count = 0
            }
        }
        switch count {
        case 0: break
        case 2: output.append(UInt8(accumulator >> 4 & 0xFF))
        case 3:
            output.append(UInt8(accumulator >> 10 & 0xFF))
            output.append(UInt8(accumulator >> 2 & 0xFF))
        default: return nil
        }
        return output
    }

    /// quoted-printable (RFC 2045 6.7): `=XX` is a byte, `=` at the end of a line joins it to the
    /// next. An `=` followed by anything else is kept as it is, as mail readers do.
    static func quotedPrintable(_ text: some Collection<UInt8>) -> [UInt8] {
        let bytes = Array(text)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "=") else {
                output.append(byte)
                index += 1
                continue
            }
            // A soft line break: "=" then blanks then CRLF or LF.
            var next = index + 1
            while next < bytes.count, bytes[next] == 0x20 || bytes[next] == 0x09 { next += 1 }
            if next < bytes.count, bytes[next] == 0x0A {
                index = next + 1
                continue
            }
            if next + 1 < bytes.count, bytes[next] == 0x0D, bytes[next + 1] == 0x0A {
                index = next + 2
                continue
            }
            if index + 2 < bytes.count, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) {
                output.append(high << 4 | low)
                index += 3
            } else {
                output.append(byte)
                index += 1
            }
        }
        return output
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        default: return nil
        }
    }
}
