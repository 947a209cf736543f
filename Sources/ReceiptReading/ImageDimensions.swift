import ExpenseCore
import ExpenseSupport

/// The pixel size of a receipt image, read from its header: JPEG's SOF segment, PNG's IHDR, WebP's
/// VP8/VP8L/VP8X chunk, HEIC's `ispe` property. Nil for a PDF, or a header that does not say.
public enum ImageDimensions {
    public static func of(_ bytes: [UInt8], type: ReceiptMediaType) -> (width: Int, height: Int)? {
        let size: (Int, Int)?
        switch type {
        case .jpeg: size = jpeg(ByteView(bytes))
        case .png: size = png(ByteView(bytes))
        case .webp: size = webp(ByteView(bytes, littleEndian: true))
        case .heic: size = heic(ByteView(bytes))
        case .pdf, .message: size = nil
        }
        guard let (width, height) = size, width > 0, height > 0 else { return nil }
        return (width, height)
    }

    /// The frame header (SOFn) precedes the scan data: walk the segments to it.
    public static func jpeg(_ view: ByteView) -> (Int, Int)? {
        var found: (Int, Int)?
        JPEGSegments.forEach(view) { marker, offset, length in
            // SOF0...SOF15 except DHT (C4), JPG (C8) and DAC (CC): precision, height, width.
            guard (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker), length >= 5,
                let height = view.uint16(offset + 1), let width = view.uint16(offset + 3)
            else { return true }
            found = (width, height)
            return false
        }
        return found
    }

    public static func png(_ view: ByteView) -> (Int, Int)? {
        guard view.ascii(12, length: 4) == "IHDR", let width = view.uint32(16), let height = view.uint32(20) else { return nil }
        return (width, height)
    }

    public static func webp(_ view: ByteView) -> (Int, Int)? {
        var found: (Int, Int)?
        RIFFChunks.forEach(view) { name, offset, length in
            switch name {
            case "VP8X" where length >= 10:
                // Canvas width and height minus one, 24 bits each.
                if let width = view.uint24(offset + 4), let height = view.uint24(offset + 7) { found = (width + 1, height + 1) }
            case "VP8 " where length >= 10:
                // A key frame: 3-byte frame tag, start code 9D 01 2A, then 14-bit width and height.
                guard view.uint24(offset + 3).map({ $0 == 0x2A019D }) == true,
                    let width = view.uint16(offset + 6), let height = view.uint16(offset + 8)
                else { return true }
                found = (width & 0x3FFF, height & 0x3FFF)
            case "VP8L" where length >= 5:
                // Signature 0x2F, then width-1 and height-1 in 14 bits each, little-endian.
                guard view.uint8(offset) == 0x2F, let bits = view.uint32(offset + 1) else { return true }
                found = ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
            default:
                return true
            }
            return false
        }
        return found
    }

    /// The largest `ispe` (image spatial extents) property: the primary image, not a thumbnail
    /// or a tile of its grid.
    public static func heic(_ view: ByteView) -> (Int, Int)? {
        var best: (Int, Int)?
        ISOBoxes.forEach(view, in: 0..<view.count, depth: 0) { type, offset, length in
            guard type == "ispe", length >= 12, let width = view.uint32(offset + 4), let height = view.uint32(offset + 8)
            else { return }
            // Two 32-bit extents: their product needs 64 bits unsigned.
            if best.map({ UInt64($0.0) * UInt64($0.1) < UInt64(width) * UInt64(height) }) ?? true { best = (width, height) }
        }
        return best
    }
}
