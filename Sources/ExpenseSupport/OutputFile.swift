#if canImport(Glibc)
import Glibc
#endif

/// Writes a whole file so that readers see the old content or the new one, never half of it:
/// a temporary file beside it, flushed, then renamed over it.
public enum OutputFile {
    /// How many temporary names are tried before giving up (each one taken by another writer,
    /// a crash's leftover, or something planted there).
    public static let temporaryAttempts = 64

    /// - Parameter createDirectories: creates missing parent directories (mode `directoryMode`),
    ///   for files the app owns such as the config file; a user's `-o` path in a missing
    ///   directory is a typo.
    public static func write(_ text: String, to path: String, mode: mode_t = 0o644, createDirectories: Bool = false,
                      directoryMode: mode_t = 0o700) throws(ExpenseError) {
        try write(bytes: Array(text.utf8), to: path, mode: mode, createDirectories: createDirectories, directoryMode: directoryMode)
    }

    public static func write(bytes: [UInt8], to path: String, mode: mode_t = 0o644, createDirectories: Bool = false,
                      directoryMode: mode_t = 0o700) throws(ExpenseError) {
        let directory = directory(of: path)
        if createDirectories { try makeDirectories(directory, mode: directoryMode) }
        let (descriptor, temporary) = try createTemporary(for: path, mode: mode)
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
        // The rename itself lasts a crash only once the directory is flushed (fsync(2), "Notes");
        // the file is in place already, so a directory that cannot be flushed is no error.
        let directoryDescriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryDescriptor >= 0 {
            _ = fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    /// The temporary file beside `path`: `.NAME.tmp-1`, or the next number when that name is
    /// taken. O_EXCL and O_NOFOLLOW make it a new file of ours: never a file or symlink someone
    /// left at that name, whose target would otherwise be overwritten.
    public static func createTemporary(for path: String, mode: mode_t) throws(ExpenseError) -> (descriptor: Int32, path: String) {
        let name = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
        let directory = directory(of: path)
        let prefix = (directory == "/" ? "/" : directory + "/") + ".\(name).tmp-"
        var code: Int32 = EEXIST
        for attempt in 1...temporaryAttempts {
            let temporary = prefix + String(attempt)
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
            if descriptor >= 0 { return (descriptor, temporary) }
            code = errno
            if code == EINTR { continue }
            // A leftover or a symlink (ELOOP on some systems) at this name: try the next one.
            guard code == EEXIST || code == ELOOP else { break }
        }
        throw failure(path, code)
    }

    /// The bytes to standard output (`-o -`).
    public static func writeToStandardOutput(_ bytes: [UInt8]) throws(ExpenseError) {
        if let code = FileDescriptor.writeAll(bytes, to: STDOUT_FILENO) {
            throw ExpenseError(.io, "cannot write to standard output: \(String(cString: strerror(code)))")
        }
    }

    public static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// The directory a path names its file in: `.` for a bare name, `/` for a file at the root.
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    public static func makeDirectories(_ directory: String, mode: mode_t = 0o700) throws(ExpenseError) {
        var current = directory.hasPrefix("/") ? "" : "."
        for component in directory.split(separator: "/") {
            current += "/" + component
            if mkdir(current, mode) != 0, errno != EEXIST { throw failure(directory, errno) }
        }
    }

    private static func failure(_ path: String, _ code: Int32) -> ExpenseError {
        ExpenseError(.cannotCreate, "cannot write \(path): \(String(cString: strerror(code)))",
                     hint: code == ENOENT ? "check that its directory exists" : nil)
    }
}
