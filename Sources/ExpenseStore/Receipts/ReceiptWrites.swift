import ExpenseCore
import ExpenseSupport

/// The writes of receipts: their files and text, attached to and detached from items, matched, as each engine makes them: a file's SQL
/// (`FileReceiptWrites`) or the team server's declared functions (`ServerReceiptWrites`). The store
/// picks one set when it opens a database (`Writes`); nothing else asks which engine it is.
protocol ReceiptWrites {
}
