import ExpenseCore
import ExpenseSupport

/// Import writes on a file: the SQL itself, and the audit log's entry beside it.
struct FileImportWrites: ImportWrites {
    unowned let store: Store
}
