import ExpenseCore
import ExpenseSupport

/// The writes of expense items: added, edited, moved, removed; categories; what forms suggest, as each engine makes them: a file's SQL
/// (`FileExpenseWrites`) or the team server's declared functions (`ServerExpenseWrites`). The store
/// picks one set when it opens a database (`Writes`); nothing else asks which engine it is.
///
/// The store's extension has checked the report's state, the item and the totals before any of
/// these runs, inside the same `write`; a write here only stores.
protocol ExpenseWrites {
    /// Stores `expense` as new, created and updated at `stamp`, and returns its id.
    func add(_ expense: Expense, stamp: String) throws -> Int64
    /// Stores every field of `expense` (its report included) over the item with its id.
    func edit(_ expense: Expense, stamp: String) throws
    /// Removes expense `id`.
    func delete(_ id: Int64) throws

    /// The category of the latest expense at `merchant`, compared without case: each engine
    /// compares without case its own way.
    func lastCategory(forMerchant merchant: String) throws -> String?
    /// Merchants whose name is `LIKE` `pattern` (escaped with `\`) without case, each as last
    /// written, most recent first: each engine groups names without case its own way.
    func merchants(like pattern: String, limit: Int) throws -> [String]
}
