/// An RGBA picture written as a PNG file (ISO/IEC 15948): the signature, IHDR, one IDAT holding
/// a zlib stream of stored (uncompressed) deflate blocks, IEND, each chunk with its CRC-32.
/// Foundation on Linux has no compressor and no outside package may be fetched; stored blocks
/// are the part of deflate every decoder reads, and the app's icons are small enough for them.
public struct PNGImage: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// Red, green, blue, alpha a pixel, rows top to bottom, not premultiplied.
    public var pixels: [UInt8]

    /// A picture of `width` by `height` pixels, all transparent.
    public init(width: Int, height: Int) {
        precondition(width > 0 && height > 0, "a PNG has at least one pixel")
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 0, count: width * height * 4)
    }

    public subscript(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        get {
            let at = (y * width + x) * 4
            return (pixels[at], pixels[at + 1], pixels[at + 2], pixels[at + 3])
        }
        set {
            let at = (y * width + x) * 4
            (pixels[at], pixels[at + 1], pixels[at + 2], pixels[at + 3]) = newValue
        }
    }

    /// The file's bytes.
    public func encoded() -> [UInt8] {
        var header: [UInt8] = []
        Self.append32(UInt32(width), to: &header)
        Self.append32(UInt32(height), to: &header)
        header += [8, 6, 0, 0, 0]  // 8 bits a sample, RGBA, deflate, adaptive filtering, no interlace
        // Each row starts with its filter type: 0, none.
        var raw: [UInt8] = []
        raw.reserveCapacity(height * (width * 4 + 1))
        for row in 0..<height {
            raw.append(0)
            raw += pixels[(row * width * 4)..<((row + 1) * width * 4)]
        }
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        Self.appendChunk("IHDR", header, to: &file)
        Self.appendChunk("IDAT", Self.zlibStored(raw), to: &file)
        Self.appendChunk("IEND", [], to: &file)
        return file
    }

    /// A zlib stream (RFC 1950) of deflate's stored blocks (RFC 1951 3.2.4), at most 65,535
    /// bytes each, the last one marked final, then the Adler-32 of the data.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]  // deflate, 32 KiB window, no dictionary; (0x7801 % 31 == 0)
        var start = 0
        repeat {
            let count = min(65_535, data.count - start)
            let final: UInt8 = start + count == data.count ? 1 : 0
            out.append(final)  // BFINAL, BTYPE 00: stored
            out += [UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += data[start..<(start + count)]
            start += count
        } while start < data.count
        append32(adler32(data), to: &out)
        return out
    }

    static func adler32(_ data: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }

    /// The CRC-32 of ISO 3309 that PNG's chunks carry (reflected, polynomial 0xEDB88320) before
    /// its final inversion, so that it can go on over a second sequence (a chunk's type, then its data).
    static func crc32<Bytes: Sequence>(_ bytes: Bytes, startingWith crc: UInt32 = 0xFFFF_FFFF) -> UInt32
    where Bytes.Element == UInt8 {
        var crc = crc
        for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc
    }

    /// The remainder of each byte, for `crc32`.
    static let crcTable: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    static func appendChunk(_ type: String, _ data: [UInt8], to file: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        append32(UInt32(data.count), to: &file)
        file += typeBytes
        file += data
        append32(~crc32(data, startingWith: crc32(typeBytes)), to: &file)
    }

    static func append32(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
