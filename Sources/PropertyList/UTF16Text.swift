/// UTF-16 text with a byte-order mark, as Xcode writes many `.strings` files, decoded to a String.
enum UTF16Text {
    /// Decodes `bytes`, which start with FE FF (big-endian) or FF FE (little-endian); unpaired
    /// surrogates become U+FFFD.
    static func decode(_ bytes: [UInt8]) -> String {
        let bigEndian = bytes.first == 0xFE
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = 2
        while index + 1 < bytes.count {
            let high = UInt16(bytes[index])
            let low = UInt16(bytes[index + 1])
            units.append(bigEndian ? high << 8 | low : low << 8 | high)
            index += 2
        }
        return String(decoding: units, as: UTF16.self)
    }

    static func hasByteOrderMark(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 2 && ((bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE))
    }
}
