/// Bounds-checked reads of integers at offsets in a file's bytes, big- or little-endian: every
/// read of an image header goes through it, so a truncated or hostile file yields nil, never a trap.
public struct ByteView {
    public let bytes: [UInt8]
    public var littleEndian = false

    public init(_ bytes: [UInt8], littleEndian: Bool = false) {
        self.bytes = bytes
        self.littleEndian = littleEndian
    }

    public var count: Int { bytes.count }

    public func contains(_ offset: Int, length: Int) -> Bool {
        offset >= 0 && length >= 0 && offset <= bytes.count - length
    }

    public func uint8(_ offset: Int) -> Int? {
        contains(offset, length: 1) ? Int(bytes[offset]) : nil
    }

    public func uint16(_ offset: Int) -> Int? { unsigned(offset, length: 2) }
    public func uint24(_ offset: Int) -> Int? { unsigned(offset, length: 3) }
    public func uint32(_ offset: Int) -> Int? { unsigned(offset, length: 4) }

    public func uint64(_ offset: Int) -> Int? {
        guard let high = uint32(littleEndian ? offset + 4 : offset), let low = uint32(littleEndian ? offset : offset + 4),
            high < 0x8000_0000
        else { return nil }
        return high << 32 | low
    }

    /// The bytes at `offset` as ASCII text, e.g. a box type or chunk name.
    public func ascii(_ offset: Int, length: Int) -> String? {
        guard contains(offset, length: length) else { return nil }
        return String(decoding: bytes[offset..<offset + length], as: UTF8.self)
    }

    public func slice(_ offset: Int, length: Int) -> [UInt8]? {
        guard contains(offset, length: length) else { return nil }
        return Array(bytes[offset..<offset + length])
    }

    private func unsigned(_ offset: Int, length: Int) -> Int? {
        guard contains(offset, length: length) else { return nil }
        var value = 0
        for index in 0..<length {
            let byte = Int(bytes[offset + (littleEndian ? length - 1 - index : index)])
            value = value << 8 | byte
        }
        return value
    }
}
