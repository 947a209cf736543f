import Foundation

/// Small image files built byte by byte: just the headers the receipt code reads, so each test
/// states exactly what it feeds in.
enum ImageFixtures {
    static func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
    static func be32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(value >> $0 & 0xFF) } }
    static func le16(_ value: Int) -> [UInt8] { be16(value).reversed() }
    static func le32(_ value: Int) -> [UInt8] { be32(value).reversed() }
    static func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// A TIFF block with IFD0 → Exif IFD → DateTimeOriginal, in either byte order.
    static func tiff(dateTimeOriginal: String, littleEndian: Bool) -> [UInt8] {
        let u16 = littleEndian ? le16 : be16
        let u32 = littleEndian ? le32 : be32
        let value = ascii(dateTimeOriginal) + [0]
        // IFD0 at 8: one entry (ExifIFDPointer, LONG) then the next-IFD offset 0.
        let exifIFDAt = 8 + 2 + 12 + 4
        let valueAt = exifIFDAt + 2 + 12 + 4
        var bytes = ascii(littleEndian ? "II" : "MM") + u16(42) + u32(8)
        bytes += u16(1) + u16(0x8769) + u16(4) + u32(1) + u32(exifIFDAt) + u32(0)
        bytes += u16(1) + u16(0x9003) + u16(2) + u32(value.count) + u32(valueAt) + u32(0)
        return bytes + value
    }

    /// SOI, optionally APP1 Exif, an APP0, SOF0 with the size, SOS and EOI.
    static func jpeg(width: Int, height: Int, exif: [UInt8]? = nil, progressive: Bool = false) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        if let exif {
            let payload = ascii("Exif") + [0, 0] + exif
            bytes += [0xFF, 0xE1] + be16(payload.count + 2) + payload
        }
        let jfif = ascii("JFIF") + [0, 1, 1, 0] + be16(1) + be16(1) + [0, 0]
        bytes += [0xFF, 0xE0] + be16(jfif.count + 2) + jfif
        let frame: [UInt8] = [8] + be16(height) + be16(width) + [1, 1, 0x11, 0]
        bytes += [0xFF, progressive ? 0xC2 : 0xC0] + be16(frame.count + 2) + frame
        bytes += [0xFF, 0xDA, 0x00, 0x08, 1, 1, 0, 0, 0x3F, 0] + [0x12, 0x34] + [0xFF, 0xD9]
        return bytes
    }

    static func png(width: Int, height: Int, exif: [UInt8]? = nil) -> [UInt8] {
        func chunk(_ name: String, _ data: [UInt8]) -> [UInt8] { be32(data.count) + ascii(name) + data + [0, 0, 0, 0] }
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        bytes += chunk("IHDR", be32(width) + be32(height) + [8, 0, 0, 0, 0])
        if let exif { bytes += chunk("eXIf", exif) }
        bytes += chunk("IDAT", [0x78, 0x9C, 0x03, 0x00]) + chunk("IEND", [])
        return bytes
    }

    enum WebPKind { case lossy, lossless, extended }

    static func webp(width: Int, height: Int, kind: WebPKind, exif: [UInt8]? = nil) -> [UInt8] {
        func chunk(_ name: String, _ data: [UInt8]) -> [UInt8] {
            ascii(name) + le32(data.count) + data + (data.count % 2 == 1 ? [0] : [])
        }
        var chunks: [UInt8] = []
        switch kind {
        case .lossy:
            chunks = chunk("VP8 ", [0x30, 0x01, 0x00, 0x9D, 0x01, 0x2A] + le16(width) + le16(height) + [0, 0])
        case .lossless:
            let bits = (width - 1) | (height - 1) << 14
            chunks = chunk("VP8L", [0x2F] + le32(bits))
        case .extended:
            let canvas = [
                UInt8((width - 1) & 0xFF), UInt8((width - 1) >> 8 & 0xFF), UInt8((width - 1) >> 16 & 0xFF),
                UInt8((height - 1) & 0xFF), UInt8((height - 1) >> 8 & 0xFF), UInt8((height - 1) >> 16 & 0xFF),
            ]
            chunks = chunk("VP8X", [exif == nil ? 0 : 0x08, 0, 0, 0] + canvas)
            if let exif { chunks += chunk("EXIF", exif) }
        }
        return ascii("RIFF") + le32(4 + chunks.count) + ascii("WEBP") + chunks
    }

    /// An ISO box.
    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] { be32(8 + payload.count) + ascii(type) + payload }

    /// ftyp with the brands, then meta → iprp → ipco holding an `ispe` per size.
    static func heif(majorBrand: String = "heic", compatible: [String] = ["mif1", "heic"], sizes: [(Int, Int)]) -> [UInt8] {
        let ftyp = box("ftyp", ascii(majorBrand) + be32(0) + compatible.flatMap(ascii))
        let properties = sizes.map { box("ispe", [0, 0, 0, 0] + be32($0.0) + be32($0.1)) }.reduce([], +)
        let meta = box(
            "meta",
            [0, 0, 0, 0] + box("hdlr", [0, 0, 0, 0, 0, 0, 0, 0] + ascii("pict") + [UInt8](repeating: 0, count: 13))
                + box("iprp", box("ipco", properties)))
        return ftyp + meta + box("mdat", [1, 2, 3])
    }

    /// The sample receipts committed in Data/samples/receipts.
    static func sample(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Data/samples/receipts/\(name)").path
    }
}
