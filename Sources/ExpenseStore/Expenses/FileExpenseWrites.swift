import ExpenseCore
import ExpenseSupport

/// Expense writes on a file: the SQL itself, and the audit log's entry beside it.
struct FileExpenseWrites: ExpenseWrites {
    unowned let store: Store
}
