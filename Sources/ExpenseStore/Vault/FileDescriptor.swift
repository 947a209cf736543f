#if canImport(Glibc)
import Glibc
#endif

/// Writing to a file descriptor the way every writer here needs it.
public enum FileDescriptor {
    /// All of `bytes` to `descriptor`, going on after partial and interrupted writes; the errno
    /// of a failure, else nil.
    public static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Glibc.write(descriptor, base + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }
}
