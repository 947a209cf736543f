import ExpenseCore
import ExpenseSupport

/// QuickAction writes on a file: the SQL itself, and the audit log's entry beside it.
struct FileQuickActionWrites: QuickActionWrites {
    unowned let store: Store
}
