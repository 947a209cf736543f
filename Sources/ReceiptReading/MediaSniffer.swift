import ExpenseCore
import ExpenseSupport

/// Recognises a receipt file by its first bytes — the name says nothing (a text file called
/// photo.jpg is still text), as file(1) and the WHATWG MIME sniffing rules do it.
public enum MediaSniffer {
    /// The media type of `bytes`, or nil when it is none a receipt can be.
    public static func mediaType(of bytes: [UInt8]) -> ReceiptMediaType? {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
        }
        // JPEG: SOI then the marker of the next segment (FF D8 FF).
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        // WebP: a RIFF container whose form type is WEBP.
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return .webp }
        // PDF: "%PDF-" within the first KiB (Acrobat accepts junk before it, as do browsers).
        if firstIndex(of: Array("%PDF-".utf8), in: bytes.prefix(1024)) != nil { return .pdf }
        if isHEIF(bytes) { return .heic }
        // Last: a message's headers are text, which none of the above is.
        if MailMessage.looksLikeMessage(bytes) { return .message }
        return nil
    }

    /// HEIC/HEIF: an ISO base media file whose first box is `ftyp` with a HEIF brand, as major
    /// brand or among the compatible ones (ISO/IEC 23008-12; phones write heic, heix, mif1...).
    public static func isHEIF(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 16, Array(bytes[4..<8]) == Array("ftyp".utf8) else { return false }
        let boxSize = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        guard boxSize >= 16, boxSize <= bytes.count else { return false }
        var brands: Set<String> = []
        var offset = 8
        while offset + 4 <= boxSize {
            // Bytes 12..<16 are the minor version, not a brand.
            if offset != 12 { brands.insert(String(decoding: bytes[offset..<offset + 4], as: UTF8.self)) }
            offset += 4
        }
        // AVIF shares HEIF's container and its mif1 brand, but not its codec: it is not a HEIC.
        guard brands.isDisjoint(with: ["avif", "avis"]) else { return false }
        return !brands.isDisjoint(with: ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"])
    }

    private static func firstIndex(of needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        let start = haystack.startIndex
        for offset in 0...(haystack.count - needle.count) where haystack[start + offset] == needle[0] {
            if Array(haystack[(start + offset)..<(start + offset + needle.count)]) == needle { return offset }
        }
        return nil
    }

    /// What a refused file seems to be, for the error message.
    public static func describe(_ bytes: [UInt8]) -> String {
        if bytes.isEmpty { return "it is empty" }
        if bytes.prefix(4) == [0x47, 0x49, 0x46, 0x38] { return "it is a GIF image" }
        if bytes.prefix(2) == [0x42, 0x4D] { return "it is a BMP image" }
        if bytes.prefix(4) == [0x49, 0x49, 0x2A, 0x00] || bytes.prefix(4) == [0x4D, 0x4D, 0x00, 0x2A] { return "it is a TIFF image" }
        if bytes.prefix(4) == [0x50, 0x4B, 0x03, 0x04] { return "it is a ZIP archive" }
        let sample = bytes.prefix(512)
        if String(validating: Array(sample), as: UTF8.self) != nil || sample.allSatisfy({ $0 >= 0x09 && $0 < 0x80 }) {
            return "it looks like text"
        }
        return "its content is not a known image"
    }
}
