import ExpenseStore
import ExpenseSupport

/// What Ctrl-C does to a running command, for the entry's signal handler: it raises the flag that
/// long loops check, and stops a database file's statement at once (as the sqlite3 shell does).
/// Only async-signal-safe work: a flag and `sqlite3_interrupt`.
public enum Interruption {
    public static func request() {
        Cancellation.requested = 1
        Store.interruptRunningStatement()
    }
}
