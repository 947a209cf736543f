import ExpenseCore
import ExpenseSupport

/// The writes of the workflow: status changes, the audit log, advances, policy, as each engine makes them: a file's SQL
/// (`FileWorkflowWrites`) or the team server's declared functions (`ServerWorkflowWrites`). The store
/// picks one set when it opens a database (`Writes`); nothing else asks which engine it is.
protocol WorkflowWrites {
}
