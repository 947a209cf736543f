import Foundation

#if canImport(FoundationEssentials)
import FoundationEssentials
#endif

/// Windows-1252, the character set of DATEV's classic ASCII formats: ASCII, Latin-1's upper half,
/// and the 27 characters Windows put in 0x80–0x9F (€, „, “, –, Š, Ÿ...).
enum Windows1252 {
    static let special: [Unicode.Scalar: UInt8] = [
        "\u{20AC}": 0x80, "\u{201A}": 0x82, "\u{0192}": 0x83, "\u{201E}": 0x84, "\u{2026}": 0x85, "\u{2020}": 0x86,
        "\u{2021}": 0x87, "\u{02C6}": 0x88, "\u{2030}": 0x89, "\u{0160}": 0x8A, "\u{2039}": 0x8B, "\u{0152}": 0x8C,
        "\u{017D}": 0x8E, "\u{2018}": 0x91, "\u{2019}": 0x92, "\u{201C}": 0x93, "\u{201D}": 0x94, "\u{2022}": 0x95,
        "\u{2013}": 0x96, "\u{2014}": 0x97, "\u{02DC}": 0x98, "\u{2122}": 0x99, "\u{0161}": 0x9A, "\u{203A}": 0x9B,
        "\u{0153}": 0x9C, "\u{017E}": 0x9E, "\u{0178}": 0x9F,
    ]

    /// The byte of a scalar, nil for one the set lacks (and for C1 controls, which it repurposes).
    static func byte(_ scalar: Unicode.Scalar) -> UInt8? {
        if scalar.value < 0x80 || (0xA0...0xFF).contains(scalar.value) { return UInt8(scalar.value) }
        return special[scalar]
    }

    /// `text` transliterated: each character as it is when the set has it, else its letter without
    /// marks ("ǹ" → "n", "ő" → "o": DATEV's own import lacks them too), else "?". Never refused:
    /// a booking is not dropped for a merchant's name.
    static func encode(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        encode(text, into: &bytes)
        return bytes
    }

    /// Appends `text`; ASCII (nearly every line of a journal) is copied as it is, without
    /// looking at characters: a million postings took minutes character by character.
    static func encode(_ text: String, into bytes: inout [UInt8]) {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            bytes.append(contentsOf: text.utf8)
            return
        }
        for character in text {
            // A cluster may be several scalars the set has each ("\r\n"): they are written as they are.
            let composed = String(character).precomposedStringWithCanonicalMapping.unicodeScalars.map(byte)
            if composed.allSatisfy({ $0 != nil }) {
                bytes.append(contentsOf: composed.compactMap { $0 })
                continue
            }
            let base = String(character).decomposedStringWithCanonicalMapping.unicodeScalars.first
            bytes.append(base.flatMap(byte) ?? UInt8(ascii: "?"))
        }
    }
}
