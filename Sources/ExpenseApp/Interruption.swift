import ExpenseStore
import ExpenseSupport

/// What Ctrl-C does to a running command, for the entry's signal handler: it raises the flag that
/// the session's long loops check (the process's: the executable runs one session), and stops a
/// database file's statement at once (as the sqlite3 shell does).
/// Only async-signal-safe work: a flag and `sqlite3_interrupt`. (`Cancellation.process` exists by
/// then: `Entry.main` binds it for the session before a handler is installed.)
public enum Interruption {
    public static func request() {
        Cancellation.process.raise()
        Store.interruptRunningStatement()
    }
}
