import ExpenseCore
import ExpenseSupport

/// Workflow writes on a team database: each a call of the server's declared function
/// (`ServerWrites`), which checks who may write and logs it itself.
struct ServerWorkflowWrites: WorkflowWrites {
    unowned let store: Store
}
