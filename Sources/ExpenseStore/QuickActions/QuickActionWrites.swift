import ExpenseCore
import ExpenseSupport

/// The writes of quick actions: dynamic items, the launch inbox, open sessions, as each engine makes them: a file's SQL
/// (`FileQuickActionWrites`) or the team server's declared functions (`ServerQuickActionWrites`). The store
/// picks one set when it opens a database (`Writes`); nothing else asks which engine it is.
protocol QuickActionWrites {
}
