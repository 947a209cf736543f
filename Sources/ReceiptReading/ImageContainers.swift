// The structure of the image files receipts come in, walked just far enough to read their headers.

/// The segments of a JPEG file up to its scan data.
public enum JPEGSegments {
    /// Calls `body(marker, payloadOffset, payloadLength)` for each segment until it returns false.
    public static func forEach(_ view: ByteView, _ body: (Int, Int, Int) -> Bool) {
        guard view.uint16(0) == 0xFFD8 else { return }
        var offset = 2
        while offset < view.count {
            guard view.uint8(offset) == 0xFF else { return }
            // Fill bytes: any number of 0xFF may precede a marker.
            var markerAt = offset + 1
            while view.uint8(markerAt) == 0xFF { markerAt += 1 }
            guard let marker = view.uint8(markerAt) else { return }
            offset = markerAt + 1
            // Markers without a length: TEM and RSTn. EOI ends the image, SOS starts the entropy-coded data.
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { continue }
            if marker == 0xD9 || marker == 0xDA { return }
            guard let length = view.uint16(offset), length >= 2 else { return }
            guard body(marker, offset + 2, length - 2) else { return }
            offset += length
        }
    }
}

/// The chunks of a RIFF (WebP) file.
public enum RIFFChunks {
    /// Calls `body(name, payloadOffset, payloadLength)` for each chunk until it returns false.
    public static func forEach(_ view: ByteView, _ body: (String, Int, Int) -> Bool) {
        guard view.ascii(0, length: 4) == "RIFF", view.ascii(8, length: 4) == "WEBP" else { return }
        var offset = 12
        while let name = view.ascii(offset, length: 4), let length = view.uint32(offset + 4) {
            // A chunk cut short by the end of the file is passed as far as it goes.
            let available = min(length, view.count - offset - 8)
            guard available >= 0, body(name, offset + 8, available) else { return }
            // Chunks are padded to an even length.
            offset += 8 + length + (length & 1)
        }
    }
}

/// The boxes of an ISO base media file (HEIF), descending into the containers that hold image
/// properties.
public enum ISOBoxes {
    /// Containers to descend into, with the bytes of version and flags before their children.
    public static let containers: [String: Int] = ["meta": 4, "iprp": 0, "ipco": 0]

    public static func forEach(_ view: ByteView, in range: Range<Int>, depth: Int, _ body: (String, Int, Int) -> Void) {
        guard depth < 8 else { return }
        var offset = range.lowerBound
        while offset + 8 <= range.upperBound, let size32 = view.uint32(offset), let type = view.ascii(offset + 4, length: 4) {
            var header = 8
            var size = size32
            if size32 == 1 {
                guard let large = view.uint64(offset + 8) else { return }
                size = large
                header = 16
            } else if size32 == 0 {
                size = range.upperBound - offset  // to the end of the enclosing box
            }
            // A 64-bit size may be near Int.max: compare it with what is left, never add it.
            guard size >= header, size <= range.upperBound - offset else { return }
            let payload = offset + header
            if let skip = containers[type] {
                // A container too short for its version and flags is damaged: nothing inside it.
                guard payload + skip <= offset + size else { return }
                forEach(view, in: (payload + skip)..<(offset + size), depth: depth + 1, body)
            } else {
                body(type, payload, size - header)
            }
            offset += size
        }
    }
}

/// The chunks of a PNG file.
public enum PNGChunks {
    /// Calls `body(name, payloadOffset, payloadLength)` for each chunk until it returns false or IEND.
    public static func forEach(_ view: ByteView, _ body: (String, Int, Int) -> Bool) {
        var offset = 8  // the signature
        while let length = view.uint32(offset), let name = view.ascii(offset + 4, length: 4),
            view.contains(offset + 8, length: length)
        {
            guard name != "IEND", body(name, offset + 8, length) else { return }
            offset += 12 + length  // length, name, data, CRC
        }
    }
}
