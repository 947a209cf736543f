import ExpenseCore
import ExpenseSupport

/// Report writes on a file: the SQL itself, and the audit log's entry beside it.
struct FileReportWrites: ReportWrites {
    unowned let store: Store
}
