import ExpenseCore
import ExpenseSupport

/// The writes of expense items: added, edited, moved, removed; categories; what forms suggest, as each engine makes them: a file's SQL
/// (`FileExpenseWrites`) or the team server's declared functions (`ServerExpenseWrites`). The store
/// picks one set when it opens a database (`Writes`); nothing else asks which engine it is.
protocol ExpenseWrites {
}
