#if canImport(Glibc)
import Glibc
#endif

/// Reading and writing a file descriptor the way every reader and writer here needs it.
public enum FileDescriptor {
    /// All of `bytes` to `descriptor`, going on after partial and interrupted writes; the errno
    /// of a failure, else nil.
    public static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        bytes.withUnsafeBytes { writeAll($0, to: descriptor) }
    }

    /// `writeAll` of bytes in place (a large text's own UTF-8, not a copy of it).
    public static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        guard let base = bytes.baseAddress else { return nil }
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }

    /// Why `readAll` stopped short of the end.
    public enum ReadFailure: Error, Equatable {
        /// read(2) failed with this errno.
        case system(Int32)
        /// More than the limit arrived.
        case tooLarge
    }

    /// Everything up to the end of `descriptor`, going on after interrupted reads; refused as soon
    /// as more than `limit` bytes arrive (a pipe has no size to check first).
    public static func readAll(_ descriptor: Int32, limit: Int = .max) -> Result<[UInt8], ReadFailure> {
        var bytes: [UInt8] = []
        var info = stat()
        if fstat(descriptor, &info) == 0, info.st_size > 0 { bytes.reserveCapacity(min(Int(info.st_size), limit)) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.system(errno))
            }
            if count == 0 { return .success(bytes) }
            guard bytes.count + count <= limit else { return .failure(.tooLarge) }
            bytes += buffer[..<count]
        }
    }
}
