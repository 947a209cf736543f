import ExpenseCore
import ExpenseSupport

#if canImport(Glibc)
import Glibc
#endif

/// The receipt files of one database, stored once each under their SHA-256 with a two-level
/// fan-out (`ab/cd/abcd…`), beside the database file.
///
/// A file is written to a temporary name in its final directory, flushed, renamed into place and
/// the directory flushed, so a crash leaves either no file or the whole one under the final name.
/// The store writes the file before the row that refers to it (in the same write transaction), so
/// a crash leaves at worst a file without a row, which `orphans` finds and `receipt gc` removes.
public struct ReceiptVault: Sendable {
    public let root: String

    public init(root: String) { self.root = root }

    /// The vault of the database at `databasePath`: `trips.sqlite` keeps its receipts in
    /// `trips.receipts/` beside it. Named after the database, not a shared `receipts/`, so that two
    /// databases in one directory never collect (or garbage-collect) each other's files. Nil for an
    /// in-memory database.
    public static func beside(databasePath path: String) -> ReceiptVault? {
        guard path != ":memory:", !path.isEmpty, !path.hasPrefix("file:") else { return nil }
        let slash = path.lastIndex(of: "/")
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let directory = slash.map { String(path[...$0]) } ?? ""
        let stem = name.lastIndex(of: ".").map { $0 == name.startIndex ? name : String(name[..<$0]) } ?? name
        return ReceiptVault(root: directory + stem + ".receipts")
    }

    /// Where the file of `hash` is (or would be).
    public func path(of hash: String) -> String {
        let chars = Array(hash)
        return "\(root)/\(String(chars[0..<2]))/\(String(chars[2..<4]))/\(hash)"
    }

    /// Whether `text` is a hash the vault could hold: 64 lowercase hex digits.
    public static func isHash(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }
    }

    /// Whether the file of `hash` is there (its content is not checked: see `check`).
    public func contains(_ hash: String) -> Bool {
        var info = stat()
        return stat(path(of: hash), &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    // MARK: - Writing

    /// The steps of a write, for tests that simulate a crash between them.
    enum WriteStep: Sendable { case written, synced, renamed }

    /// Called after each step of a write; a test throws from it to stop there, as a crash would.
    nonisolated(unsafe) static var afterStep: ((WriteStep) throws -> Void)?

    /// Stores `bytes` under `hash`, which the caller computed with `SHA256.hex(bytes)`. A file
    /// already there with the same bytes is kept; a damaged one (other bytes, another size) is
    /// replaced, so capturing the original again repairs what `receipt verify` reported.
    /// - Returns: true when the file was written, false when it was there already.
    @discardableResult
    public func store(_ bytes: [UInt8], hash: String) throws -> Bool {
        precondition(Self.isHash(hash), "not a SHA-256: \(hash)")
        let final = path(of: hash)
        var info = stat()
        if stat(final, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) == bytes.count,
            (try? read(hash)) == bytes
        {
            return false
        }
        _ = try placeFile(for: hash) { descriptor, temporary in
            try writeAll(bytes, to: descriptor, path: temporary)
            return true
        }
        return true
    }

    /// Writes the file of `hash` through a temporary file in its directory, which `write` fills
    /// and may decline (false: nothing is placed); flushed before it takes the final name and the
    /// directory flushed after, so that after a crash the name holds the whole file or nothing.
    /// - Returns: the file's path, or nil when `write` declined.
    func placeFile(for hash: String, _ write: (_ descriptor: Int32, _ temporary: String) throws -> Bool) throws -> String? {
        let final = path(of: hash)
        let directory = String(final[..<(final.lastIndex(of: "/") ?? final.endIndex)])
        try makeDirectories(directory)
        let temporary = "\(directory)/.tmp-\(hash.prefix(16))-\(getpid())-\(Self.nextSerial())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure("cannot write to the receipt vault \(directory)", errno) }
        var closed = false
        defer {
            if !closed { close(descriptor) }
        }
        do {
            guard try write(descriptor, temporary) else {
                unlink(temporary)
                return nil
            }
            try Self.afterStep?(.written)
            guard fsync(descriptor) == 0 else { throw failure("cannot flush \(temporary)", errno) }
            try Self.afterStep?(.synced)
            closed = true
            guard close(descriptor) == 0 else { throw failure("cannot write \(temporary)", errno) }
            guard rename(temporary, final) == 0 else { throw failure("cannot move a receipt into \(final)", errno) }
        } catch {
            unlink(temporary)
            throw error
        }
        try Self.afterStep?(.renamed)
        // The rename itself is durable only once the directory is flushed (fsync(2), "Notes").
        try syncDirectory(directory)
        return final
    }

    /// Removes the file of `hash`; false when there was none.
    @discardableResult
    public func remove(_ hash: String) throws -> Bool {
        let file = path(of: hash)
        if unlink(file) == 0 {
            try? syncDirectory(String(file[..<(file.lastIndex(of: "/") ?? file.endIndex)]))
            return true
        }
        if errno == ENOENT { return false }
        throw failure("cannot remove \(file)", errno)
    }

    // MARK: - Reading

    /// The bytes of the file of `hash`.
    public func read(_ hash: String) throws -> [UInt8] {
        let (descriptor, file) = try openFile(of: hash)
        defer { close(descriptor) }
        switch FileDescriptor.readAll(descriptor) {
        case .success(let bytes): return bytes
        case .failure(.system(let code)): throw failure("cannot read \(file)", code, kind: .io)
        case .failure(.tooLarge): preconditionFailure("no limit was set")
        }
    }

    /// How much of a file `forEachPiece` reads at a time.
    static let pieceSize = 256 << 10

    /// Hands the file of `hash` to `body` in pieces of `pieceSize`, through one buffer, so that
    /// checking or exporting a large receipt never holds it whole.
    public func forEachPiece(of hash: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        let (descriptor, file) = try openFile(of: hash)
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: Self.pieceSize)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure("cannot read \(file)", errno, kind: .io)
            }
            if count == 0 { return }
            try buffer.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[..<count])) }
        }
    }

    /// The file of `hash`, open for reading (the caller closes it), and its path.
    private func openFile(of hash: String) throws -> (descriptor: Int32, path: String) {
        let file = path(of: hash)
        let descriptor = open(file, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT {
                throw ExpenseError(
                    .noInput, .receiptFileMissing,
                    "the file of receipt \(hash.prefix(12)) is missing from the vault (\(file))")
            }
            throw failure("cannot read \(file)", errno, kind: .io)
        }
        return (descriptor, file)
    }

    /// What re-hashing a stored file found: the same for every `ReceiptStorage`.
    public typealias Health = ReceiptHealth

    /// Re-reads the file of `hash`, a piece at a time, and checks that its content still hashes
    /// to its name; a file that cannot be read is reported as damaged.
    public func check(_ hash: String) -> Health {
        do {
            let actual = try actualHash(of: hash)
            return actual == hash ? .ok : .corrupted(actual: actual)
        } catch let error as ExpenseError where error.kind == .noInput {
            return .missing
        } catch {
            return .corrupted(actual: "unreadable")
        }
    }

    /// A file in the vault, as `files()` finds it.
    public struct Entry: Equatable, Sendable {
        public var path: String
        /// The hash its name says, or nil for a temporary or stray file.
        public var hash: String?
        public var size: Int64
        /// Seconds since the epoch.
        public var modified: Int
    }

    /// Every file under the fan-out: stored receipts, and temporary files a crash left behind.
    public func files() throws -> [Entry] {
        var entries: [Entry] = []
        for first in try Self.names(in: root) where first.utf8.count == 2 {
            let level1 = "\(root)/\(first)"
            for second in try Self.names(in: level1) where second.utf8.count == 2 {
                let level2 = "\(level1)/\(second)"
                for name in try Self.names(in: level2) {
                    let file = "\(level2)/\(name)"
                    var info = stat()
                    guard lstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
                    let isHash = Self.isHash(name) && name.hasPrefix(first + second)
                    entries.append(
                        Entry(
                            path: file, hash: isHash ? name : nil, size: Int64(info.st_size),
                            modified: Int(info.st_mtim.tv_sec)))
                }
            }
        }
        return entries.sorted { $0.path < $1.path }
    }

    /// Removes the fan-out directories left empty (after gc), deepest first; errors are ignored
    /// since a directory still in use simply stays.
    public func pruneEmptyDirectories() {
        for first in (try? Self.names(in: root)) ?? [] where first.utf8.count == 2 {
            let level1 = "\(root)/\(first)"
            for second in (try? Self.names(in: level1)) ?? [] where second.utf8.count == 2 {
                rmdir("\(level1)/\(second)")
            }
            rmdir(level1)
        }
    }

    // MARK: - Plumbing

    nonisolated(unsafe) private static var serial = 0
    static func nextSerial() -> Int {
        serial += 1
        return serial
    }

    private static func names(in directory: String) throws -> [String] {
        guard let handle = opendir(directory) else {
            if errno == ENOENT { return [] }
            throw ExpenseError(.io, "cannot read the receipt vault \(directory): \(String(cString: strerror(errno)))")
        }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    func makeDirectories(_ directory: String) throws {
        var missing: [String] = []
        var current = directory
        var info = stat()
        while stat(current, &info) != 0 {
            guard errno == ENOENT else { throw failure("cannot use the receipt vault \(current)", errno) }
            missing.append(current)
            guard let slash = current.lastIndex(of: "/"), slash != current.startIndex else { break }
            current = String(current[..<slash])
        }
        for path in missing.reversed() {
            if mkdir(path, 0o700) != 0, errno != EEXIST { throw failure("cannot create the receipt vault \(path)", errno) }
            // A new directory's entry is durable only once its parent is flushed.
            if let slash = path.lastIndex(of: "/"), slash != path.startIndex { try? syncDirectory(String(path[..<slash])) }
        }
    }

    func syncDirectory(_ directory: String) throws {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure("cannot open \(directory)", errno) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw failure("cannot flush \(directory)", errno) }
    }

    private func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws {
        if let code = FileDescriptor.writeAll(bytes, to: descriptor) { throw failure("cannot write \(path)", code) }
    }

    /// Writing fails as "cannot create" (73), reading as an I/O error (74).
    func failure(_ message: String, _ code: Int32, kind: ExpenseError.Kind = .cannotCreate) -> ExpenseError {
        ExpenseError(kind, "\(message): \(String(cString: strerror(code)))")
    }
}
