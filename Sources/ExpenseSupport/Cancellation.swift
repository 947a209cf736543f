#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-C while a command runs: the signal handler raises the session's flag, long loops (script
/// lines, import rows, a program waited for) check it and stop, and it is lowered before the next
/// command: one typed at the REPL, or a launch the inbox delivers.
///
/// The flag is the session's, not the process's: the executable runs one session, whose flag is
/// `process`, the one its SIGINT handler raises; a session run in process beside others (a test's
/// `InProcessApp`) is given its own (`Entry.main`), so that one's Ctrl-C never stops another.
public enum Cancellation {
    /// The executable's session's flag, which its SIGINT handler raises.
    public static let process = Flag()

    /// The flag of the session running on this thread: `process`, unless the session was given
    /// one of its own (`Entry.main`). Bound for the session's run, as `Console.streams` is.
    @TaskLocal public static var current: Flag = process

    public static var isRequested: Bool { current.isRaised }

    /// Throws the "cancelled" error when Ctrl-C was pressed.
    public static func check() throws {
        if isRequested { throw cancelled }
    }

    public static let cancelled = ExpenseError(.refused, "cancelled (Ctrl-C)", hint: "nothing of the cancelled command was written")

    /// One session's Ctrl-C. Raised from a signal handler, so it is a plain `sig_atomic_t` behind
    /// a pointer: writing it is async-signal-safe and no Swift access check runs in the handler.
    public final class Flag: @unchecked Sendable {
        private let word: UnsafeMutablePointer<sig_atomic_t>

        public init() {
            word = .allocate(capacity: 1)
            word.initialize(to: 0)
        }

        deinit { word.deallocate() }

        public var isRaised: Bool { word.pointee != 0 }

        /// Ctrl-C: async-signal-safe.
        public func raise() { word.pointee = 1 }

        /// Before a command: the Ctrl-C that stopped the one before is spent.
        public func lower() { word.pointee = 0 }
    }
}
