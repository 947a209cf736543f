#if canImport(Glibc)
import Glibc
#endif

/// Values made from bytes, kept for the bytes they were made from: statements repeat their
/// merchants and booking texts row after row, and finding a text seen before costs a hash and a
/// comparison of its bytes, where decoding it, or hashing the decoded String (which compares
/// Unicode text as canonically equivalent), costs many times that. An open-addressing table of
/// at most `limit` texts; when it is full it starts again empty, so memory stays bounded.
struct RecentByBytes<Value> {
    /// Where `find` looked: the slot the bytes are in, or would go in.
    struct Place {
        fileprivate let slot: Int
        fileprivate let hash: UInt64
    }

    /// Per slot, the hash of its bytes; 0 for an empty slot (a hash is never 0).
    private var hashes: [UInt64]
    private var keys: [[UInt8]]
    private var values: [Value?]
    private var count = 0
    private let limit: Int

    init(limit: Int) {
        var slots = 1
        while slots < 2 * limit { slots *= 2 }
        hashes = Array(repeating: 0, count: slots)
        keys = Array(repeating: [], count: slots)
        values = Array(repeating: nil, count: slots)
        self.limit = limit
    }

    /// The value kept for `bytes`, if any, and the place to `keep` one.
    func find(_ bytes: UnsafeRawBufferPointer) -> (value: Value?, place: Place) {
        var fnv = FNV1a()
        for byte in bytes { fnv.add(byte) }
        let hash = fnv.value | 1
        var slot = firstSlot(hash)
        while hashes[slot] != 0 {
            if hashes[slot] == hash, keys[slot].withUnsafeBytes({ Self.equal($0, bytes) }) {
                return (values[slot], Place(slot: slot, hash: hash))
            }
            slot = (slot + 1) & (hashes.count - 1)
        }
        return (nil, Place(slot: slot, hash: hash))
    }

    /// Keeps `value`, made from `bytes` alone, at `place` (from `find(bytes)`, with nothing kept
    /// since).
    mutating func keep(_ value: Value, for bytes: UnsafeRawBufferPointer, at place: Place) {
        var slot = place.slot
        if count == limit {
            for index in hashes.indices where hashes[index] != 0 {
                hashes[index] = 0
                keys[index].removeAll(keepingCapacity: true)
                values[index] = nil
            }
            count = 0
            slot = firstSlot(place.hash)
        }
        hashes[slot] = place.hash
        keys[slot].removeAll(keepingCapacity: true)
        keys[slot].append(contentsOf: bytes)
        values[slot] = value
        count += 1
    }

    private func firstSlot(_ hash: UInt64) -> Int {
        Int(truncatingIfNeeded: hash ^ hash >> 29) & (hashes.count - 1)
    }

    private static func equal(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        guard a.count == b.count else { return false }
        guard let x = a.baseAddress, let y = b.baseAddress else { return true }
        return memcmp(x, y, a.count) == 0
    }
}
