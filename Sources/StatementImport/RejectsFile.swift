#if canImport(Glibc)
import Glibc
#endif
import ExpenseCore
import ExpenseStore
import ExpenseSupport
import StatementReading

/// The rows `--skip-invalid` left out, as a statement the same rules read again: the first
/// statement's preamble and header (with a `reason` column added), then each rejected record
/// exactly as it was in its file, in the file's encoding, with the reason appended as one more
/// field. Fix the rows, then import the rejects file; the reason column is not mapped, so it is
/// ignored. Written beside the target and renamed into place only when the import commits.
public final class RejectsFile {
    public let path: String
    private let temporaryPath: String
    private let descriptor: Int32
    private let separator: UInt8
    private let encoding: TextEncoding
    private var buffer: [UInt8] = []
    private var startedWithHeader = false
    public private(set) var rows = 0

    public init(path: String, separator: UInt8, encoding: TextEncoding) throws(ExpenseError) {
        self.path = path
        self.separator = separator
        self.encoding = encoding
        temporaryPath = path + ".part"
        descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw ExpenseError(.cannotCreate, "cannot create the rejects file \(path): \(String(cString: strerror(errno)))")
        }
    }

    deinit {
        close(descriptor)
        unlink(temporaryPath)   // a no-op once committed
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

    public func append(record: UnsafeRawBufferPointer, reason: String, crlf: Bool) throws(ExpenseError) {
        buffer += record
        buffer.append(separator)
        buffer += quoted(encoding.encode(reason))
        buffer += crlf ? [13, 10] : [10]
        rows += 1
        if buffer.count >= 1 << 16 { try flush() }
    }

    /// Writes everything to disk, so that `commit` after the database's commit cannot fail on space.
    public func prepare() throws(ExpenseError) {
        try flush()
        guard fsync(descriptor) == 0 else {
            throw ExpenseError(.io, "cannot write the rejects file \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Puts the file in place; before this, nothing at `path` has changed.
    public func commit() throws(ExpenseError) {
        guard rename(temporaryPath, path) == 0 else {
            throw ExpenseError(.cannotCreate, "cannot write the rejects file \(path): \(String(cString: strerror(errno)))")
        }
    }

    private func flush() throws(ExpenseError) {
        if let code = FileDescriptor.writeAll(buffer, to: descriptor) {
            throw ExpenseError(.io, "cannot write the rejects file \(path): \(String(cString: strerror(code)))")
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
