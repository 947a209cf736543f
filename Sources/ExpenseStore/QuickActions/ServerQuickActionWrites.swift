import ExpenseCore
import ExpenseSupport

/// QuickAction writes on a team database: each a call of the server's declared function
/// (`ServerWrites`), which checks who may write and logs it itself.
struct ServerQuickActionWrites: QuickActionWrites {
    unowned let store: Store
}
