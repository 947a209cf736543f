import ExpenseCore
import ExpenseSupport

/// The writes of a report's own rows: its header (title, currency, dates, cost lines), its categories' use, its summary, as each engine makes them: a file's SQL
/// (`FileReportWrites`) or the team server's declared functions (`ServerReportWrites`). The store
/// picks one set when it opens a database (`Writes`); nothing else asks which engine it is.
protocol ReportWrites {
}
