#if canImport(Glibc)
import Glibc
#endif

/// Whole small files (catalogs, .strings tables) read with plain POSIX calls, so that this layer
/// needs no Foundation.
public enum FileBytes {
    public enum Failure: Error, Equatable {
        case missing
        case unreadable(String)
    }

    /// The whole file; one larger than `limit` bytes is `.unreadable`, refused before it fills memory.
    /// - Parameter regularOnly: refuse at once what is not a regular file (a FIFO, a device), for
    ///   paths that come from elsewhere, as the catalog a launch row names: opening a FIFO waits
    ///   for a writer, and the REPL that took the launch froze. The file is opened without waiting
    ///   (O_NONBLOCK) and what it is is asked of that descriptor, not of the path before opening
    ///   it, so that nothing can be put in its place in between.
    public static func read(_ path: String, limit: Int = .max, regularOnly: Bool = false) throws(Failure) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | (regularOnly ? O_NONBLOCK | O_NOCTTY : 0))
        guard descriptor >= 0 else {
            if errno == ENOENT || errno == ENOTDIR { throw .missing }
            throw .unreadable(String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var info = stat()
        if fstat(descriptor, &info) == 0 {
            let kind = info.st_mode & S_IFMT
            if kind == S_IFDIR { throw .unreadable("it is a directory") }
            if regularOnly, kind != S_IFREG { throw .unreadable("it is \(describe(kind: kind)), not a regular file") }
        } else if regularOnly {
            throw .unreadable(String(cString: strerror(errno)))
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(String(cString: strerror(errno)))
            }
            if count == 0 { return bytes }
            guard count <= limit - bytes.count else { throw .unreadable("it is larger than \(describe(limit))") }
            bytes += buffer[..<count]
        }
    }

    /// What a file that is not a regular one is, in a message.
    static func describe(kind: mode_t) -> String {
        switch kind {
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "an unknown kind of file"
        }
    }

    /// `16 MiB`, `64 KiB`, `100 bytes`: a limit in a message.
    static func describe(_ limit: Int) -> String {
        if limit >= 1 << 20, limit % (1 << 20) == 0 { return "\(limit >> 20) MiB" }
        if limit >= 1 << 10, limit % (1 << 10) == 0 { return "\(limit >> 10) KiB" }
        return "\(limit) bytes"
    }

    /// The names in `directory` (without `.` and `..`), sorted; none when it cannot be read.
    public static func names(inDirectory directory: String) -> [String] {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// Whether `path` names an existing file (not a directory).
    public static func isFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }
}
