import ExpenseCore
import ExpenseSupport

/// Workflow writes on a file: the SQL itself, and the audit log's entry beside it.
struct FileWorkflowWrites: WorkflowWrites {
    unowned let store: Store
}
