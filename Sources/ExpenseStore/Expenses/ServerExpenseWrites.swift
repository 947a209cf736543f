import ExpenseCore
import ExpenseSupport

/// Expense writes on a team database: each a call of the server's declared function
/// (`ServerWrites`), which checks who may write and logs it itself.
struct ServerExpenseWrites: ExpenseWrites {
    unowned let store: Store
}
