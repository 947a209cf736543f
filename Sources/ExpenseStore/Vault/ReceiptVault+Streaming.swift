import ExpenseSupport

#if canImport(Glibc)
import Glibc
#endif

extension ReceiptVault {
    /// Stores the bytes `produce` hands over a piece at a time (another storage's `forEachPiece`)
    /// under `hash`, never holding them whole: into a temporary file in the final directory,
    /// hashed on the way, and renamed into place (flushed, as `store` does) only when they hash to
    /// `hash`. Bytes that hash to something else are not kept, and the caller is told what they
    /// hashed to.
    /// - Returns: the SHA-256 of what was produced, and the file's path when it was placed.
    public func store(hash: String, from produce: ((UnsafeBufferPointer<UInt8>) throws -> Void) throws -> Void) throws
        -> (actual: String, placed: String?)
    {
        precondition(Self.isHash(hash), "not a SHA-256: \(hash)")
        var hasher = SHA256()
        var actual = ""
        let placed = try placeFile(for: hash) { descriptor, temporary in
            try produce { piece in
                hasher.update(piece)
                if let code = FileDescriptor.writeAll(UnsafeRawBufferPointer(piece), to: descriptor) {
                    throw failure("cannot write \(temporary)", code)
                }
            }
            actual = SHA256.hex(digest: hasher.finalize())
            return actual == hash
        }
        return (actual, placed)
    }
}
