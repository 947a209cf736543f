import ExpenseCore
import ExpenseSupport

/// Import writes on a team database: each a call of the server's declared function
/// (`ServerWrites`), which checks who may write and logs it itself.
struct ServerImportWrites: ImportWrites {
    unowned let store: Store
}
