import ExpenseCore
import ExpenseSupport

/// Receipt writes on a team database: each a call of the server's declared function
/// (`ServerWrites`), which checks who may write and logs it itself.
struct ServerReceiptWrites: ReceiptWrites {
    unowned let store: Store
}
