#if canImport(Glibc)
import Glibc
#endif

/// A program started with `posix_spawn` in a directory other than ours: a session's working
/// directory, which in a test running sessions side by side in one process is not the
/// process's. glibc has had `posix_spawn_file_actions_addchdir_np` since 2.29 (Debian 12 ships
/// 2.36), but Swift's Glibc module does not declare it, so it is looked up once by name.
public enum SpawnDirectory {
    private typealias AddChangeDirectory =
        @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32

    private static let addChangeDirectory: AddChangeDirectory? = {
        // RTLD_DEFAULT: the symbol wherever the process has it.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addchdir_np") else {
            return nil
        }
        return unsafeBitCast(symbol, to: AddChangeDirectory.self)
    }()

    /// Adds "enter `directory`" to `actions`, before the program is looked up and run (a
    /// relative program name is found there). The error number when it cannot be: ENOSYS on a
    /// C library without it.
    public static func add(_ directory: String, to actions: inout posix_spawn_file_actions_t) -> Int32 {
        guard let addChangeDirectory else { return ENOSYS }
        return directory.withCString { addChangeDirectory(&actions, $0) }
    }
}
