import ExpenseCore
import ExpenseSupport

/// The writes of statement imports: the batch, its rows, undo, as each engine makes them: a file's SQL
/// (`FileImportWrites`) or the team server's declared functions (`ServerImportWrites`). The store
/// picks one set when it opens a database (`Writes`); nothing else asks which engine it is.
protocol ImportWrites {
}
