/// The fingerprint of an imported row that has no external id: a hash of its normalized date,
/// amount, currency and merchant (the content hash), combined with its occurrence number among
/// identical rows of its file, so that two identical real transactions on one day (two coffees)
/// are two rows, and importing the file again finds both.
///
/// The merchant is the one read from the statement, before any rule rewrote it, so changing the
/// rules later does not change fingerprints (Firefly III hashes before its rules run, likewise).
///
/// Stored in the database (`expenses.import_key`): the algorithm must never change, or every
/// earlier import would be imported again. A test pins known values.
public enum RowFingerprint {
    /// FNV-1a, 64 bits, over: the day number and the amount in minor units (8 bytes each, little
    /// endian), the currency code, 0x1F, the merchant with white space runs collapsed to one
    /// space, trimmed and ASCII letters lower-cased.
    public static func content(day: Int, amountMinor: Int64, currency: String, merchant: String) -> UInt64 {
        var hash = FNV1a()
        hash.add(UInt64(bitPattern: Int64(day)))
        hash.add(UInt64(bitPattern: amountMinor))
        for byte in currency.utf8 { hash.add(byte) }
        hash.add(0x1F as UInt8)
        // The bytes in place where the string keeps them in one piece, as a native string does.
        return merchant.utf8.withContiguousStorageIfAvailable { adding($0, to: hash) } ?? adding(merchant.utf8, to: hash)
    }

    /// `hash` after the merchant's bytes, normalized.
    private static func adding(_ merchant: some Sequence<UInt8>, to start: FNV1a) -> UInt64 {
        var hash = start
        var pendingSpace = false
        var started = false
        for byte in merchant {
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                pendingSpace = started
                continue
            }
            if pendingSpace { hash.add(0x20 as UInt8) }
            pendingSpace = false
            started = true
            hash.add(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
        }
        return hash.value
    }

    /// The key stored for the `occurrence`-th row (1, 2, ...) with content hash `content`:
    /// the two mixed by SplitMix64's finalizer, which spreads every input bit over the result.
    public static func key(content: UInt64, occurrence: Int) -> Int64 {
        var z = content ^ (UInt64(occurrence) &* 0x9E37_79B9_7F4A_7C15)
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int64(bitPattern: z ^ (z >> 31))
    }
}
