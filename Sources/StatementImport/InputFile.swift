#if canImport(Glibc)
import Glibc
#endif
import ExpenseCore
import ExpenseStore
import ExpenseSupport
import StatementReading

/// A file opened for reading — a statement, a rules file, the ECB's rates — with the errors a
/// user can act on (exit 66 when it is missing or unreadable).
public final class InputFile {
    public let path: String
    public let descriptor: Int32
    /// Its size when opened, for progress; 0 for a pipe.
    public let size: Int

    /// - Parameter role: what the file is, for messages ("statement", "rules file"). The path
    ///   `-` is standard input.
    public init(_ path: String, role: String) throws(ExpenseError) {
        let descriptor = path == "-" ? dup(Console.streams.input) : open(path, O_RDONLY | O_CLOEXEC)
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

    /// A CSV reader of the file.
    public func csvReader(separator: UInt8) -> CSVReader {
        CSVReader(fileDescriptor: descriptor, separator: separator)
    }
}

extension CSVReader {
    /// A reader of an open file descriptor (which the caller closes).
    public convenience init(fileDescriptor: Int32, separator: UInt8, bufferSize: Int = 1 << 20) {
        self.init(separator: separator, bufferSize: bufferSize) { target in
            while true {
                let count = read(fileDescriptor, target.baseAddress, target.count)
                if count >= 0 { return count }
                if errno == EINTR { continue }
                throw ExpenseError(.io, "cannot read: \(String(cString: strerror(errno)))")
            }
        }
    }
}
