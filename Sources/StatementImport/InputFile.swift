import ExpenseCore
import ExpenseStore
import ExpenseSupport
import StatementReading

#if canImport(Glibc)
import Glibc
#endif

/// A file opened for reading — a statement, a rules file, the ECB's rates — with the errors a
/// user can act on (exit 66 when it is missing or unreadable).
public final class InputFile {
    public let path: String
    public let descriptor: Int32
    /// Its size when opened, for progress; 0 for a pipe.
    public let size: Int

    /// - Parameters:
    ///   - path: the file as the person named it, which messages show. The path `-` is standard input.
    ///   - role: what the file is, for messages ("statement", "rules file").
    ///   - location: where it is, when `path` is relative to a session's working directory rather
    ///     than the process's: `path` made absolute against it.
    public init(_ path: String, role: String, at location: String? = nil) throws(ExpenseError) {
        let descriptor = path == "-" ? dup(Console.streams.input) : open(location ?? path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let reason = errno == ENOENT ? "no such file" : String(cString: strerror(errno))
            throw ExpenseError(.noInput, "cannot read the \(role) \(path): \(reason)")
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT != S_IFDIR else {
            close(descriptor)
            throw ExpenseError(.noInput, "cannot read the \(role) \(path): it is a directory")
        }
        self.path = path
        self.descriptor = descriptor
        size = info.st_mode & S_IFMT == S_IFREG ? Int(info.st_size) : 0
        // The whole file is read once, front to back.
        _ = posix_fadvise(descriptor, 0, 0, POSIX_FADV_SEQUENTIAL)
    }

    deinit { close(descriptor) }

    /// The most a file read whole as text may hold: a rules file is a few hundred bytes.
    public static let maximumTextBytes = 1 << 20

    /// The whole file as text (rules files are small); invalid UTF-8, or more than `limit` bytes,
    /// is an error.
    public func text(limit: Int = maximumTextBytes) throws(ExpenseError) -> String {
        let bytes: [UInt8]
        switch FileDescriptor.readAll(descriptor, limit: limit) {
        case .success(let all): bytes = all
        case .failure(.system(let code)): throw ExpenseError(.io, "cannot read \(path): \(String(cString: strerror(code)))")
        case .failure(.tooLarge):
            throw ExpenseError(.invalidData, "\(path) is larger than \(limit >> 20) MiB, more than any rules file")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ExpenseError(.invalidData, "\(path) is not UTF-8 text")
        }
        return text
    }

    /// The first bytes of the statement, once read to tell its format; the readers start with them.
    private var head: [UInt8]?

    /// The largest camt.053 or OFX file read: it is read whole, and a year of a busy account is
    /// a few MiB.
    public static let maximumMarkupBytes = 64 << 20

    /// What kind of statement the file is, by its first bytes (a pipe's too: they are kept).
    public func statementFormat() throws(ExpenseError) -> StatementFormat {
        if head == nil {
            var bytes = [UInt8](repeating: 0, count: StatementFormat.headBytes)
            var count = 0
            while count < bytes.count {
                let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + count, $0.count - count) }
                if got < 0, errno == EINTR { continue }
                guard got >= 0 else { throw ExpenseError(.io, "cannot read \(path): \(String(cString: strerror(errno)))") }
                if got == 0 { break }
                count += got
            }
            head = Array(bytes[..<count])
        }
        return StatementFormat.recognise(head ?? [])
    }

    /// A CSV reader of the file (after the bytes read to tell its format, if any).
    public func csvReader(separator: UInt8) -> CSVReader {
        var pending = head ?? []
        head = nil
        let descriptor = self.descriptor
        return CSVReader(separator: separator) { target in
            if !pending.isEmpty {
                let count = min(pending.count, target.count)
                pending.withUnsafeBytes { target.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[..<count])) }
                pending.removeFirst(count)
                return count
            }
            while true {
                let count = read(descriptor, target.baseAddress, target.count)
                if count >= 0 { return count }
                if errno == EINTR { continue }
                throw ExpenseError(.io, "cannot read: \(String(cString: strerror(errno)))")
            }
        }
    }

    /// The whole statement, for a camt.053 or OFX reader; more than `maximumMarkupBytes` is an error.
    public func wholeStatement(_ format: StatementEntries.Format) throws(ExpenseError) -> [UInt8] {
        let start = head ?? []
        head = nil
        switch FileDescriptor.readAll(descriptor, limit: Self.maximumMarkupBytes - start.count) {
        case .success(let rest): return start + rest
        case .failure(.system(let code)): throw ExpenseError(.io, "cannot read \(path): \(String(cString: strerror(code)))")
        case .failure(.tooLarge):
            throw ExpenseError(
                .invalidData,
                "\(path) is larger than \(Self.maximumMarkupBytes >> 20) MiB, more than \(format.withArticle) statement holds",
                hint: "split it by month at the bank, or export CSV")
        }
    }
}
