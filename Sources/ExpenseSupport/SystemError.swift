#if canImport(Glibc)
import Glibc
#endif

/// Why a system call failed, worded for the end of a message: "cannot write FILE: <reason>".
public enum SystemError {
    /// strerror(3)'s text for `code`, except where it does not say plainly what happened: a write
    /// that ran out of room on the device or in the quota, or past the largest file allowed (the
    /// file system's, or the process's file-size limit, `ulimit -f`).
    public static func reason(_ code: Int32) -> String {
        switch code {
        case ENOSPC: return "no room left on the device"
        case EDQUOT: return "no room left in the disk quota"
        case EFBIG: return "file too large"
        default: return String(cString: strerror(code))
        }
    }
}
