import ExpenseCore
import ExpenseStore
import ExpenseSupport
import StatementReading

#if canImport(Glibc)
import Glibc
#endif

/// The rows `--skip-invalid` left out, as a statement the same rules read again: the first
/// statement's preamble and header (with a `reason` column added), then each rejected record
/// exactly as it was in its file, in the file's encoding, with the reason appended as one more
/// field, then the first statement's footer. Fix the rows, then import the rejects file; the reason column is not mapped, so it is
/// ignored.
///
/// Written to a temporary file of its own beside the target (`OutputFile.createTemporary`:
/// O_EXCL|O_NOFOLLOW, mode 0600, never through something planted at that name), and put in
/// place only when the import commits; the temporary is removed whatever else happens. The target
/// is never one of the import's inputs, and an existing file is replaced only when `replacing`.
public final class RejectsFile {
    public let path: String
    private let temporaryPath: String
    private let descriptor: Int32
    private let replacing: Bool
    private let separator: UInt8
    private let encoding: TextEncoding
    private var buffer: [UInt8] = []
    private var startedWithHeader = false
    /// The first statement's footer (`skip-end`), written after the rows.
    private var footer: [UInt8]?
    /// Without `replacing`, `prepare` links the file in under its name (refused if the name is
    /// taken); then nil from `commit` on, else the file to take away again if the import fails.
    private var linked: FileIdentity?
    public private(set) var rows = 0

    /// - Parameter inputs: the files the import reads (statements, rules, the database): the
    ///   rejects file must not be one of them.
    /// - Parameter replacing: whether an existing file at `path` may be replaced (`--force`).
    public init(
        path: String, separator: UInt8, encoding: TextEncoding, replacing: Bool = false,
        inputs: [OutputFile.Input] = []
    ) throws(ExpenseError) {
        self.path = path
        self.separator = separator
        self.encoding = encoding
        self.replacing = replacing
        try OutputFile.check(path, replacing: replacing, inputs: inputs)
        (descriptor, temporaryPath) = try OutputFile.createTemporary(for: path, mode: 0o600)
    }

    deinit {
        close(descriptor)
        unlink(temporaryPath)  // a no-op once committed
        // Linked in by `prepare`, but the import did not commit: the name goes too, if it is still ours.
        if let linked, FileIdentity(path: path) == linked { unlink(path) }
    }

    /// Writes the preamble and header of the first statement (later ones only add rows).
    public func start(preamble: [[UInt8]], header: [UInt8]?, crlf: Bool) {
        guard !startedWithHeader else { return }
        startedWithHeader = true
        let ending: [UInt8] = crlf ? [13, 10] : [10]
        for line in preamble { buffer += line + ending }
        if let header {
            buffer += header
            buffer.append(separator)
            buffer += encoding.encode("reason") + ending
        }
    }

    /// Keeps the footer of the first statement (the records `skip-end` left out), to end the
    /// file with: the same rules leave it out again, rather than the last rejected rows.
    public func end(footer records: [(record: [UInt8], crlf: Bool)]) {
        guard footer == nil else { return }
        footer = records.flatMap { $0.record + ($0.crlf ? [13, 10] : [10]) }
    }

    /// Adds a rejected record and its `reason`, in the file's encoding.
    public func append(record: UnsafeRawBufferPointer, reason: [UInt8], crlf: Bool) throws(ExpenseError) {
        buffer += record
        buffer.append(separator)
        buffer += quoted(reason)
        buffer += crlf ? [13, 10] : [10]
        rows += 1
        if buffer.count >= 1 << 16 { try flush() }
    }

    /// Writes everything to disk, so that `commit` after the database's commit cannot fail on
    /// space. Without `replacing`, also gives the file its name now, while the import can still
    /// roll back: a file that took the name meanwhile fails the import, not only the rejects.
    public func prepare() throws(ExpenseError) {
        buffer += footer ?? []
        footer = []
        try flush()
        guard fsync(descriptor) == 0 else {
            throw ExpenseError(.io, "cannot write the rejects file \(path): \(SystemError.reason(errno))")
        }
        guard !replacing else { return }
        switch OutputFile.linkWithoutReplacing(temporaryPath, at: path) {
        case .linked: linked = FileIdentity(descriptor: descriptor)
        case .failed(let error): throw error
        case .unsupported: try OutputFile.check(path, replacing: false, inputs: [])
        }
    }

    /// Puts the file in place; before this (or `prepare` without `replacing`), nothing at `path`
    /// has changed.
    public func commit() throws(ExpenseError) {
        if linked != nil {
            linked = nil
            unlink(temporaryPath)
        } else {
            try OutputFile.place(temporaryPath, at: path, replacing: true)
        }
        OutputFile.syncDirectory(OutputFile.directory(of: path))
    }

    private func flush() throws(ExpenseError) {
        if let code = FileDescriptor.writeAll(buffer, to: descriptor) {
            throw ExpenseError(.io, "cannot write the rejects file \(path): \(SystemError.reason(code))")
        }
        buffer.removeAll(keepingCapacity: true)
    }

    private func quoted(_ field: [UInt8]) -> [UInt8] {
        guard field.contains(where: { $0 == separator || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) else { return field }
        var result: [UInt8] = [0x22]
        for byte in field {
            result.append(byte)
            if byte == 0x22 { result.append(0x22) }
        }
        result.append(0x22)
        return result
    }
}
