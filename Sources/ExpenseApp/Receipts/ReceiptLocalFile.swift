import ExpenseCore
import ExpenseStore
import ExpenseSupport

#if canImport(Glibc)
import Glibc
#endif

/// A receipt as a file on this machine, for a program that reads files (tesseract, pdftotext):
/// the vault's own file, else a private copy — mode 0600 in a 0700 directory of our own
/// (`TemporaryDirectory`) — removed as soon as the program is done, since a team database's
/// receipts have no file of their own.
enum ReceiptLocalFile {
    /// Runs `body` with a path to the receipt `hash`: the storage's file when it has one, else a
    /// private copy of `bytes` when given (a capture holds them already), else of the stored bytes,
    /// copied a piece at a time.
    static func with<T>(
        _ hash: String, type: ReceiptMediaType, in storage: any ReceiptStorage, bytes: [UInt8]? = nil,
        _ body: (String) throws -> T
    ) throws -> T {
        if let path = storage.localPath(of: hash) { return try body(path) }
        let directory = try TemporaryDirectory("receipt")
        defer { directory.remove() }
        let path = directory.file("receipt.\(type.fileExtension)")
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw ExpenseError(.cannotCreate, "cannot write a copy of the receipt to \(path): \(SystemError.reason(errno))")
        }
        do {
            defer { close(descriptor) }
            if let bytes {
                if let code = FileDescriptor.writeAll(bytes, to: descriptor) {
                    throw ExpenseError(.io, "cannot write \(path): \(SystemError.reason(code))")
                }
            } else {
                guard try storage.copy(hash, to: descriptor, name: path) == hash else {
                    throw ExpenseError(.invalidData, "the stored bytes of receipt \(hash.prefix(12)) no longer match its SHA-256")
                }
            }
        }
        return try body(path)
    }
}
