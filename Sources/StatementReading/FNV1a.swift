/// FNV-1a, 64 bits: a byte-at-a-time hash, cheap for short texts. The content fingerprints
/// stored in databases use it (`RowFingerprint`), so it must never change.
struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    @inline(__always) mutating func add(_ byte: UInt8) {
        value ^= UInt64(byte)
        value = value &* 0x0000_0100_0000_01B3
    }

    /// The 8 bytes of `word`, little endian.
    @inline(__always) mutating func add(_ word: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { add(UInt8(truncatingIfNeeded: word >> UInt64(shift))) }
    }
}
