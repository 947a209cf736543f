import ExpenseCore
import ExpenseSupport

/// Receipt writes on a file: the SQL itself, and the audit log's entry beside it.
struct FileReceiptWrites: ReceiptWrites {
    unowned let store: Store
}
