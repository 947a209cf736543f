#if canImport(Glibc)
import Glibc
#endif
import ExpenseCore
import ExpenseStore

/// Writes a whole file so that readers see the old content or the new one, never half of it:
/// a temporary file beside it, flushed, then renamed over it.
enum OutputFile {
    /// - Parameter createDirectories: creates missing parent directories (mode 0700), for files
    ///   the app owns such as the config file; a user's `-o` path in a missing directory is a typo.
    static func write(_ text: String, to path: String, mode: mode_t = 0o644, createDirectories: Bool = false) throws(ExpenseError) {
        try write(bytes: Array(text.utf8), to: path, mode: mode, createDirectories: createDirectories)
    }

    static func write(bytes: [UInt8], to path: String, mode: mode_t = 0o644, createDirectories: Bool = false) throws(ExpenseError) {
        let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        if createDirectories { try makeDirectories(directory.isEmpty ? "/" : directory) }
        let temporary = "\(path).tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw failure(path, errno) }
        if let code = FileDescriptor.writeAll(bytes, to: descriptor) {
            close(descriptor)
            unlink(temporary)
            throw failure(path, code)
        }
        // Durable before it replaces the old file: a crash leaves one or the other, whole.
        if fsync(descriptor) != 0 || close(descriptor) != 0 || rename(temporary, path) != 0 {
            let code = errno
            unlink(temporary)
            throw failure(path, code)
        }
    }

    /// The bytes to standard output (`-o -`).
    static func writeToStandardOutput(_ bytes: [UInt8]) throws(ExpenseError) {
        if let code = FileDescriptor.writeAll(bytes, to: STDOUT_FILENO) {
            throw ExpenseError(.io, "cannot write to standard output: \(String(cString: strerror(code)))")
        }
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    private static func makeDirectories(_ directory: String) throws(ExpenseError) {
        var current = directory.hasPrefix("/") ? "" : "."
        for component in directory.split(separator: "/") {
            current += "/" + component
            if mkdir(current, 0o700) != 0, errno != EEXIST { throw failure(directory, errno) }
        }
    }

    private static func failure(_ path: String, _ code: Int32) -> ExpenseError {
        ExpenseError(.cannotCreate, "cannot write \(path): \(String(cString: strerror(code)))",
                     hint: code == ENOENT ? "check that its directory exists" : nil)
    }
}
