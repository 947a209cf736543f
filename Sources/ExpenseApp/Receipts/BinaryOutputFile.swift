#if canImport(Glibc)
import Glibc
#endif
import ExpenseCore

/// Writes bytes (an exported receipt) so that a reader sees the old file or the whole new one:
/// a temporary file beside it, flushed, renamed over it — OutputFile's way, for bytes not text.
enum BinaryOutputFile {
    static func write(_ bytes: [UInt8], to path: String) throws(ExpenseError) {
        let temporary = "\(path).tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure(path, errno) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Glibc.write(descriptor, base + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                let code = errno
                close(descriptor)
                unlink(temporary)
                throw failure(path, code)
            }
            offset += written
        }
        if fsync(descriptor) != 0 || close(descriptor) != 0 || rename(temporary, path) != 0 {
            let code = errno
            unlink(temporary)
            throw failure(path, code)
        }
    }

    /// The bytes to standard output, for `-o -`.
    static func writeToStandardOutput(_ bytes: [UInt8]) throws(ExpenseError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Glibc.write(STDOUT_FILENO, base + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw ExpenseError(.io, "cannot write to standard output: \(String(cString: strerror(errno)))")
            }
            offset += written
        }
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    private static func failure(_ path: String, _ code: Int32) -> ExpenseError {
        ExpenseError(.cannotCreate, "cannot write \(path): \(String(cString: strerror(code)))",
                     hint: code == ENOENT ? "check that its directory exists" : nil)
    }
}
