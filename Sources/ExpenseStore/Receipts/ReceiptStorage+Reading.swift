import ExpenseSupport

#if canImport(Glibc)
import Glibc
#endif

/// Reading stored receipts through `forEachPiece`, the same way whichever storage holds them.
extension ReceiptStorage {
    /// The bytes of `hash`, whole: for what needs them all at once (the printable report embeds
    /// each receipt). Anything that can go a piece at a time uses `copy` or `check`.
    public func read(_ hash: String) throws -> [UInt8] {
        var bytes: [UInt8] = []
        try forEachPiece(of: hash) { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// Writes the bytes of `hash` to `descriptor` a piece at a time, hashing them on the way.
    /// - Parameter name: what the descriptor is, for the message when a write fails.
    /// - Returns: the SHA-256 of what was written, which the caller compares with `hash` before
    ///   trusting it.
    public func copy(_ hash: String, to descriptor: Int32, name: String) throws -> String {
        var hasher = SHA256()
        try forEachPiece(of: hash) { piece in
            hasher.update(piece)
            if let code = FileDescriptor.writeAll(UnsafeRawBufferPointer(piece), to: descriptor) {
                throw ExpenseError(.io, "cannot write \(name): \(SystemError.reason(code))")
            }
        }
        return SHA256.hex(digest: hasher.finalize())
    }

    /// The SHA-256 of what is stored under `hash`, read a piece at a time: what `check` compares.
    /// Throws as `forEachPiece` does.
    public func actualHash(of hash: String) throws -> String {
        var hasher = SHA256()
        try forEachPiece(of: hash) { hasher.update($0) }
        return SHA256.hex(digest: hasher.finalize())
    }
}
