#if canImport(Glibc)
import Glibc
#endif

/// Writes a whole file so that readers see the old content or the new one, never half of it:
/// a temporary file beside it, flushed, then renamed over it.
///
/// A file a user names for output (`-o FILE`, `--rejects FILE`) is checked first (`check`): it is
/// never one of the files the command reads (the same file by device and inode, or the same name
/// when one of them does not exist yet), and an existing one is replaced only when the user said
/// so (`replacing`; the app's `--force`). Without it the new file takes the name with link(2),
/// which fails when something is there, so a file that appears meanwhile is not replaced either.
public enum OutputFile {
    /// How many temporary names are tried before giving up (each one taken by another writer,
    /// a crash's leftover, or something planted there).
    public static let temporaryAttempts = 64

    /// A file the command reads, which its output must not replace.
    public struct Input: Sendable, Equatable {
        /// As the user named it; `-` is standard input (known by `identity` only).
        public let path: String
        /// What it is, for the message: "the database", "the statement x.csv".
        public let role: String
        /// Device and inode of the open file, when the command holds it open already.
        public let identity: FileIdentity?

        public init(_ path: String, role: String, identity: FileIdentity? = nil) {
            self.path = path
            self.role = role
            self.identity = identity
        }
    }

    /// - Parameter createDirectories: creates missing parent directories (mode `directoryMode`),
    ///   for files the app owns such as the config file; a user's `-o` path in a missing
    ///   directory is a typo.
    /// - Parameter replacing: whether an existing file at `path` may be replaced; files the app
    ///   owns are, a user's only when they said so.
    /// - Parameter inputs: the files the command reads; `path` must not be one of them.
    public static func write(
        _ text: String, to path: String, mode: mode_t = 0o644, replacing: Bool = true, inputs: [Input] = [],
        createDirectories: Bool = false, directoryMode: mode_t = 0o700
    ) throws(ExpenseError) {
        try write(
            bytes: Array(text.utf8), to: path, mode: mode, replacing: replacing, inputs: inputs,
            createDirectories: createDirectories, directoryMode: directoryMode)
    }

    public static func write(
        bytes: [UInt8], to path: String, mode: mode_t = 0o644, replacing: Bool = true, inputs: [Input] = [],
        createDirectories: Bool = false, directoryMode: mode_t = 0o700
    ) throws(ExpenseError) {
        let directory = directory(of: path)
        if createDirectories { try makeDirectories(directory, mode: directoryMode) }
        try check(path, replacing: replacing, inputs: inputs)
        let (descriptor, temporary) = try createTemporary(for: path, mode: mode)
        // The file is created: what fails from here on (no room left, the file too large, the
        // disk's error) is an I/O error (74), as for the rejects file; the old file stays.
        if let code = FileDescriptor.writeAll(bytes, to: descriptor) {
            close(descriptor)
            unlink(temporary)
            throw writeFailure(path, code)
        }
        // Durable before it replaces the old file: a crash leaves one or the other, whole.
        if fsync(descriptor) != 0 || close(descriptor) != 0 {
            let code = errno
            unlink(temporary)
            throw writeFailure(path, code)
        }
        try place(temporary, at: path, replacing: replacing)
        syncDirectory(directory)
    }

    /// Refuses `path` as an output before any work is done: one of `inputs` (73), a symbolic link
    /// or something else that is not a regular file (73), or an existing file when not
    /// `replacing` (73, `.outputExists`).
    public static func check(_ path: String, replacing: Bool, inputs: [Input]) throws(ExpenseError) {
        if let input = self.input(at: path, among: inputs) {
            throw ExpenseError(
                .cannotCreate, "cannot write \(path): it is \(input.role), which this command reads",
                hint: "choose another file to write to")
        }
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        let kind = info.st_mode & S_IFMT
        // The rename would replace the link, not the file it points to: neither what a person who
        // made the link means, nor safe when it is /dev/stdout (root may write /dev).
        guard kind != S_IFLNK else {
            throw ExpenseError(.cannotCreate, "cannot write \(path): it is a symbolic link", hint: "name the file it points to")
        }
        guard kind == S_IFREG else {
            throw ExpenseError(.cannotCreate, "cannot write \(path): it is \(kind == S_IFDIR ? "a directory" : "not a regular file")")
        }
        guard replacing else { throw ExpenseError(.cannotCreate, .outputExists, "\(path) exists") }
    }

    /// The input that `path` names, if any: the same device and inode when both exist, else the
    /// same name in the same directory (a database's `-wal` before it is created, say).
    public static func input(at path: String, among inputs: [Input]) -> Input? {
        let output = FileIdentity(path: path)
        let outputName = canonicalName(path)
        return inputs.first { input in
            let identity = input.identity ?? (input.path == "-" ? nil : FileIdentity(path: input.path))
            if let output, let identity { return output == identity }
            guard input.path != "-", let outputName else { return false }
            return canonicalName(input.path) == outputName
        }
    }

    /// `path` with its directory resolved (symlinks, `.`, `..`), its last component as it is; nil
    /// when the directory does not exist.
    static func canonicalName(_ path: String) -> String? {
        let name = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
        guard !name.isEmpty, name != ".", name != ".." else { return nil }
        guard let resolved = realpath(directory(of: path), nil) else { return nil }
        defer { free(resolved) }
        let directory = String(cString: resolved)
        return (directory == "/" ? "" : directory) + "/" + name
    }

    /// Gives the finished `temporary` the name `path`: rename(2) when `replacing`, else link(2),
    /// which fails with EEXIST when the name is taken, then removes the temporary name. The
    /// temporary is removed on failure too.
    public static func place(_ temporary: String, at path: String, replacing: Bool) throws(ExpenseError) {
        if !replacing {
            switch linkWithoutReplacing(temporary, at: path) {
            case .linked:
                unlink(temporary)
                return
            case .failed(let error):
                unlink(temporary)
                throw error
            case .unsupported:
                // A file system without hard links (FAT, some network mounts): check, then rename.
                var info = stat()
                if lstat(path, &info) == 0 {
                    unlink(temporary)
                    throw ExpenseError(.cannotCreate, .outputExists, "\(path) exists")
                }
            }
        }
        if rename(temporary, path) != 0 {
            let code = errno
            unlink(temporary)
            throw failure(path, code)
        }
    }

    public enum LinkResult {
        case linked
        case failed(ExpenseError)
        /// The file system has no hard links; the caller checks and renames instead.
        case unsupported
    }

    /// A second name `path` for `temporary`, only if nothing has that name.
    public static func linkWithoutReplacing(_ temporary: String, at path: String) -> LinkResult {
        if link(temporary, path) == 0 { return .linked }
        switch errno {
        case EEXIST: return .failed(ExpenseError(.cannotCreate, .outputExists, "\(path) exists"))
        case EPERM, ENOTSUP, EOPNOTSUPP, ENOSYS, EMLINK: return .unsupported
        case let code: return .failed(failure(path, code))
        }
    }

    /// Flushes a directory, so that a rename in it lasts a crash (fsync(2), "Notes"). The file is
    /// in place already, so a directory that cannot be flushed is no error.
    public static func syncDirectory(_ directory: String) {
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
        if let code = FileDescriptor.writeAll(bytes, to: Console.streams.output) {
            throw ExpenseError(.io, "cannot write to standard output: \(SystemError.reason(code))")
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

    /// The file cannot be created or given its name (73).
    static func failure(_ path: String, _ code: Int32) -> ExpenseError {
        ExpenseError(
            .cannotCreate, "cannot write \(path): \(SystemError.reason(code))",
            hint: code == ENOENT ? "check that its directory exists" : nil)
    }

    /// Writing the created file failed (74).
    static func writeFailure(_ path: String, _ code: Int32) -> ExpenseError {
        ExpenseError(.io, "cannot write \(path): \(SystemError.reason(code))")
    }
}

/// Which file a path or an open descriptor is: its device and inode, the same for every name
/// (a hard link, a symlink, `./x` or `../d/x`) of one file.
public struct FileIdentity: Sendable, Equatable, Hashable {
    public let device: UInt64
    public let inode: UInt64

    /// The file `path` names, following symlinks; nil when there is none.
    public init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    /// The file open at `descriptor`.
    public init?(descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        self.init(info)
    }

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
