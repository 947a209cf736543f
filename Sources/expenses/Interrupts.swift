import ExpenseApp
import ExpenseSupport

#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-C in the REPL: at the prompt it ends the line being typed; while a command runs it
/// cancels the command's SQLite work (as the sqlite3 shell does) and the REPL goes on.
enum Interrupts {
    static func install() {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            EditLineState.interrupted = 1
            Interruption.request()
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0  // no SA_RESTART: a blocked read must return EINTR
        sigaction(SIGINT, &action, nil)
    }
}
