import ExpenseCore
import ExpenseSupport

/// Reads when a photo was taken: EXIF's DateTimeOriginal (tag 0x9003 of the Exif IFD), from a
/// JPEG's APP1 segment, a PNG's eXIf chunk or a WebP's EXIF chunk. Only that one tag is read; the
/// TIFF structure around it is walked with bounds checks, so a damaged header yields nil.
public enum ExifReader {
    /// `YYYY-MM-DDTHH:MM:SS` (the camera's local time, no zone), or nil.
    public static func dateTimeOriginal(in bytes: [UInt8], type: ReceiptMediaType) -> String? {
        guard let tiff = tiffBlock(in: bytes, type: type) else { return nil }
        return dateTimeOriginal(tiff: tiff)
    }

    /// The TIFF structure that holds a file's EXIF data.
    public static func tiffBlock(in bytes: [UInt8], type: ReceiptMediaType) -> [UInt8]? {
        let view = ByteView(bytes)
        var block: [UInt8]?
        switch type {
        case .jpeg:
            JPEGSegments.forEach(view) { marker, offset, length in
                guard marker == 0xE1, view.ascii(offset, length: 6) == "Exif\0\0",
                    let tiff = view.slice(offset + 6, length: length - 6)
                else { return true }
                block = tiff
                return false
            }
        case .png:
            PNGChunks.forEach(view) { name, offset, length in
                guard name == "eXIf", let tiff = view.slice(offset, length: length) else { return true }
                block = tiff
                return false
            }
        case .webp:
            RIFFChunks.forEach(ByteView(bytes, littleEndian: true)) { name, offset, length in
                guard name == "EXIF", var tiff = view.slice(offset, length: length) else { return true }
                // Some writers keep JPEG's "Exif\0\0" prefix in the chunk.
                if tiff.starts(with: Array("Exif\0\0".utf8)) { tiff.removeFirst(6) }
                block = tiff
                return false
            }
        case .heic, .pdf, .message:
            return nil
        }
        return block
    }

    /// DateTimeOriginal from a TIFF block: IFD0 → ExifIFDPointer (0x8769) → tag 0x9003.
    public static func dateTimeOriginal(tiff bytes: [UInt8]) -> String? {
        var view = ByteView(bytes)
        switch view.ascii(0, length: 2) {
        case "II": view.littleEndian = true
        case "MM": view.littleEndian = false
        default: return nil
        }
        guard view.uint16(2) == 42, let ifd0 = view.uint32(4),
            let exifIFD = entry(0x8769, inIFDAt: ifd0, view).flatMap({ view.uint32($0.valueOffset) }),
            let date = entry(0x9003, inIFDAt: exifIFD, view),
            date.type == 2, date.count >= 19
        else { return nil }
        // ASCII values longer than 4 bytes are stored elsewhere; the entry holds their offset.
        guard let offset = date.count > 4 ? view.uint32(date.valueOffset) : date.valueOffset,
            let text = view.ascii(offset, length: 19)
        else { return nil }
        return normalized(text)
    }

    /// An IFD entry: its type, count, and where its value (or the offset of its value) is.
    public struct Entry {
        public var type: Int
        public var count: Int
        public var valueOffset: Int
    }

    public static func entry(_ tag: Int, inIFDAt offset: Int, _ view: ByteView) -> Entry? {
        guard let count = view.uint16(offset), count < 1000 else { return nil }
        for index in 0..<count {
            let at = offset + 2 + index * 12
            guard let found = view.uint16(at) else { return nil }
            if found == tag, let type = view.uint16(at + 2), let values = view.uint32(at + 4) {
                return Entry(type: type, count: values, valueOffset: at + 8)
            }
        }
        return nil
    }

    /// "2026:03:02 19:41:07" → "2026-03-02T19:41:07"; nil for the "unknown" placeholders cameras
    /// write ("0000:00:00 00:00:00", blanks) and impossible dates.
    public static func normalized(_ text: String) -> String? {
        let chars = Array(text.utf8)
        guard chars.count == 19, chars[4] == UInt8(ascii: ":"), chars[7] == UInt8(ascii: ":"), chars[10] == UInt8(ascii: " "),
            chars[13] == UInt8(ascii: ":"), chars[16] == UInt8(ascii: ":")
        else { return nil }
        func number(_ range: Range<Int>) -> Int? { Int(String(decoding: chars[range], as: UTF8.self)) }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            let date = CalendarDate(year: year, month: month, day: day), hour < 24, minute < 60, second < 61
        else { return nil }
        return "\(date)T\(text.dropFirst(11))"
    }
}
