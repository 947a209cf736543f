/// Standard base64 (RFC 4648), as plist `<data>` holds it: whitespace between groups is ignored.
public enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    public static func decode(_ text: String) -> [UInt8]? {
        var values: [UInt8] = []
        var padding = 0
        for byte in text.utf8 {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D: continue
            case UInt8(ascii: "="): padding += 1
            default:
                guard padding == 0, let index = alphabet.firstIndex(of: byte) else { return nil }
                values.append(UInt8(index))
            }
        }
        guard (values.count + padding) % 4 == 0 || padding == 0, values.count % 4 != 1, padding <= 2 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(values.count * 3 / 4)
        var index = 0
        while index < values.count {
            let chunk = values[index..<min(index + 4, values.count)]
            let a = chunk[chunk.startIndex]
            let b = chunk.count > 1 ? chunk[chunk.startIndex + 1] : 0
            let c = chunk.count > 2 ? chunk[chunk.startIndex + 2] : 0
            let d = chunk.count > 3 ? chunk[chunk.startIndex + 3] : 0
            out.append(a << 2 | b >> 4)
            if chunk.count > 2 { out.append((b & 0x0F) << 4 | c >> 2) }
            if chunk.count > 3 { out.append((c & 0x03) << 6 | d) }
            index += 4
        }
        return out
    }

    public static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let a = bytes[index]
            let b = index + 1 < bytes.count ? bytes[index + 1] : 0
            let c = index + 2 < bytes.count ? bytes[index + 2] : 0
            out.append(alphabet[Int(a >> 2)])
            out.append(alphabet[Int((a & 0x03) << 4 | b >> 4)])
            out.append(index + 1 < bytes.count ? alphabet[Int((b & 0x0F) << 2 | c >> 6)] : UInt8(ascii: "="))
            out.append(index + 2 < bytes.count ? alphabet[Int(c & 0x3F)] : UInt8(ascii: "="))
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
