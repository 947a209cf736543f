import ExpenseCore
import ExpenseStore
import ExpenseSupport

#if canImport(Glibc)
import Glibc
#endif

/// `receipt export`: a receipt's bytes written out a piece at a time from its storage, hashed on
/// the way, so that a large receipt on a team database is never held whole; what does not hash
/// to the receipt's SHA-256 is never passed off as the receipt.
enum ReceiptFileExport {
    /// Writes a temporary file beside `path` (mode 0600) and gives it the name only once its bytes
    /// hashed right and were flushed; otherwise it is removed and nothing is at `path`.
    static func write(
        _ receipt: Receipt, from storage: any ReceiptStorage, to path: String, replacing: Bool,
        inputs: [OutputFile.Input]
    ) throws {
        try OutputFile.check(path, replacing: replacing, inputs: inputs)
        let (descriptor, temporary) = try OutputFile.createTemporary(for: path, mode: 0o600)
        do {
            let actual: String
            do {
                defer { close(descriptor) }
                actual = try storage.copy(receipt.sha256, to: descriptor, name: path)
                // Durable before it takes the name: a crash leaves the old file or the whole new one.
                guard fsync(descriptor) == 0 else { throw ExpenseError(.io, "cannot write \(path): \(SystemError.reason(errno))") }
            }
            guard actual == receipt.sha256 else { throw damaged(receipt, in: storage) }
        } catch {
            unlink(temporary)
            throw error
        }
        try OutputFile.place(temporary, at: path, replacing: replacing)
        OutputFile.syncDirectory(OutputFile.directory(of: path))
    }

    /// To standard output, which cannot take back what it was given: the bytes are checked in a
    /// first pass, then streamed (and checked again, in case they changed in between).
    static func toStandardOutput(_ receipt: Receipt, from storage: any ReceiptStorage) throws {
        guard try storage.actualHash(of: receipt.sha256) == receipt.sha256 else { throw damaged(receipt, in: storage) }
        guard try storage.copy(receipt.sha256, to: Console.streams.output, name: "standard output") == receipt.sha256 else {
            throw damaged(receipt, in: storage)
        }
    }

    /// The receipt's bytes, whole (for the printable report), refused when they are damaged.
    static func bytes(of receipt: Receipt, in storage: any ReceiptStorage) throws -> [UInt8] {
        let bytes = try storage.read(receipt.sha256)
        guard SHA256.hex(bytes) == receipt.sha256 else { throw damaged(receipt, in: storage) }
        return bytes
    }

    /// What a receipt whose bytes no longer hash to its SHA-256 is told, by where they are: a
    /// vault's file is restored by capturing the original again; the database's bytes no user
    /// may replace.
    static func damaged(_ receipt: Receipt, in storage: any ReceiptStorage) -> ExpenseError {
        switch storage.place {
        case .vault:
            return ExpenseError(
                .invalidData, "the file of receipt \(receipt.id) is damaged: its bytes no longer match its SHA-256",
                hint: "'expenses receipt verify' checks them all; capturing the original again restores it")
        case .database:
            return ExpenseError(
                .invalidData,
                "the bytes of receipt \(receipt.id) in the database are damaged: they no longer match "
                    + "its SHA-256",
                hint: "'expenses receipt verify' checks them all; the server's administrator restores "
                    + "them from a backup")
        }
    }
}
