import ExpenseCore
import ExpenseStore
import ExpenseSupport

#if canImport(Glibc)
import Glibc
#endif

/// The bytes of a receipt to capture and where they came from: a file, stdin, the camera, or
/// the inbox folder (with what marks the photo as taken).
struct ReceiptInput {
    var bytes: [UInt8]
    /// The file name as the user knows it ("" for stdin and the camera).
    var originalName: String
    var source: Receipt.Source
    /// For an inbox photo: what identifies it, to mark it taken.
    var inboxPhoto: ReceiptInbox.Photo?

    /// A file named on the command line. A file larger than `maxSize` is refused before it is read.
    /// - Parameter location: where it is when `path`, as messages show it, is relative to the
    ///   session's working directory: `path` made absolute against it.
    static func file(_ path: String, at location: String? = nil, maxSize: Int) throws -> ReceiptInput {
        let descriptor = open(location ?? path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let reason = errno == ENOENT ? "no such file" : String(cString: strerror(errno))
            throw ExpenseError(.noInput, "cannot read the receipt \(path): \(reason)")
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT != S_IFDIR else {
            throw ExpenseError(.noInput, "cannot read the receipt \(path): it is a directory")
        }
        if info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) > maxSize { throw tooLarge(path, size: Int(info.st_size), limit: maxSize) }
        let bytes = try readAll(descriptor, name: path, limit: maxSize)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return ReceiptInput(bytes: bytes, originalName: name, source: .file)
    }

    /// Image bytes piped in: `cat photo.jpg | expenses receipt capture -`.
    static func standardInput(maxSize: Int) throws -> ReceiptInput {
        if Console.isTerminal(\.input) {
            throw ExpenseError(
                .noInput, "'-' reads the receipt from standard input, which is a terminal",
                hint: "pipe the image in: expenses receipt capture - < photo.jpg")
        }
        return ReceiptInput(
            bytes: try readAll(Console.streams.input, name: "standard input", limit: maxSize), originalName: "",
            source: .stdin)
    }

    /// Reads to the end, refusing as soon as more than `limit` bytes arrive (a pipe has no size
    /// to check first).
    static func readAll(_ descriptor: Int32, name: String, limit: Int) throws -> [UInt8] {
        switch FileDescriptor.readAll(descriptor, limit: limit) {
        case .success(let bytes): return bytes
        case .failure(.system(let code)): throw ExpenseError(.io, "cannot read \(name): \(String(cString: strerror(code)))")
        case .failure(.tooLarge): throw tooLarge(name, size: nil, limit: limit)
        }
    }

    static func tooLarge(_ name: String, size: Int?, limit: Int) -> ExpenseError {
        let what = size.map { "\(name) is \(ByteSize.describe(Int64($0)))" } ?? "\(name) is larger than \(ByteSize.describe(Int64(limit)))"
        return ExpenseError(
            .invalidData, "\(what); receipts may be at most \(ByteSize.describe(Int64(limit)))",
            hint: "shrink the picture, or raise the limit: expenses config set receipts.max-size 50MiB")
    }
}
