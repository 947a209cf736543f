#if canImport(Glibc)
import Glibc
#endif
import ExpenseSupport

extension ReceiptVault {
    /// Stores the bytes `produce` hands over a piece at a time (another storage's `forEachPiece`)
    /// under `hash`, never holding them whole: into a temporary file in the final directory,
    /// hashed on the way, and renamed into place (flushed, as `store` does) only when they hash to
    /// `hash`. Bytes that hash to something else are not kept, and the caller is told what they
    /// hashed to.
    /// - Returns: the SHA-256 of what was produced, and the file's path when it was placed.
    public func store(hash: String, from produce: ((UnsafeBufferPointer<UInt8>) throws -> Void) throws -> Void) throws
        -> (actual: String, placed: String?) {
        precondition(Self.isHash(hash), "not a SHA-256: \(hash)")
        let final = path(of: hash)
        let directory = String(final[..<(final.lastIndex(of: "/") ?? final.endIndex)])
        try makeDirectories(directory)
        let temporary = "\(directory)/.tmp-\(hash.prefix(16))-\(getpid())-\(Self.nextSerial())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure("cannot write to the receipt vault \(directory)", errno) }
        var closed = false
        defer {
            if !closed { close(descriptor) }
        }
        var hasher = SHA256()
        do {
            try produce { piece in
                hasher.update(piece)
                if let code = FileDescriptor.writeAll(UnsafeRawBufferPointer(piece), to: descriptor) {
                    throw failure("cannot write \(temporary)", code)
                }
            }
            let actual = SHA256.hex(digest: hasher.finalize())
            guard actual == hash else {
                unlink(temporary)
                return (actual, nil)
            }
            guard fsync(descriptor) == 0 else { throw failure("cannot flush \(temporary)", errno) }
            closed = true
            guard close(descriptor) == 0 else { throw failure("cannot write \(temporary)", errno) }
            guard rename(temporary, final) == 0 else { throw failure("cannot move a receipt into \(final)", errno) }
            try syncDirectory(directory)
            return (actual, final)
        } catch {
            unlink(temporary)
            throw error
        }
    }
}
