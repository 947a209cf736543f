#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-C while a command runs in the REPL: the signal handler raises the flag, long loops
/// (script lines, import rows) check it and stop, and the REPL lowers it before the next command.
public enum Cancellation {
    nonisolated(unsafe) public static var requested: sig_atomic_t = 0

    public static var isRequested: Bool { requested != 0 }

    /// Throws the "cancelled" error when Ctrl-C was pressed.
    public static func check() throws {
        if isRequested { throw cancelled }
    }

    public static let cancelled = ExpenseError(.refused, "cancelled (Ctrl-C)", hint: "nothing of the cancelled command was written")
}
