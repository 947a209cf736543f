import ExpenseCore
import ExpenseSupport

/// The writes of a report's own rows: its header (title, currency, dates, cost lines), its categories' use, its summary, as each engine makes them: a file's SQL
/// (`FileReportWrites`) or the team server's declared functions (`ServerReportWrites`). The store
/// picks one set when it opens a database (`Writes`); nothing else asks which engine it is.
protocol ReportWrites {
    /// Stores a new report, its trip with it, stamped `stamp`, and returns its id. The owner is
    /// the file's `owner`; on a team database, whoever the server let in.
    func insertReport(_ report: Report, owner: UserName, at stamp: String) throws -> Int64

    /// Saves `report`'s header and trip (not its status, items or totals). The store has checked
    /// that it may.
    func updateReport(_ report: Report) throws

    /// Deletes report `id` with its advances; its items with it, or kept as unassigned items.
    /// - Returns: how many items it held.
    func deleteReport(_ id: Int64, deletingItems: Bool) throws -> Int
}
