import ExpenseCore
import ExpenseSupport

/// The writes of statement imports: the batch, its rows, undo, as each engine makes them: a file's SQL
/// (`FileImportWrites`) or the team server's declared functions (`ServerImportWrites`). The store
/// picks one set when it opens a database (`Writes`); nothing else asks which engine it is.
///
/// The store's extension has checked the report's state before any of these runs, inside the same
/// `write`; a write here only stores.
protocol ImportWrites {
    /// Records a new batch, imported at `stamp`, and returns its id.
    func beginBatch(file: String, rules: String, reportID: Int64?, stamp: String) throws -> Int64
    /// Records what became of batch `id`'s rows and the ids its new expenses were given.
    func finishBatch(_ id: Int64, counts: ImportCounts, expenseIDs: ClosedRange<Int64>?) throws
    /// Deletes the expenses `batch` added and marks it undone at `stamp`; returns how many were deleted.
    func undoBatch(_ batch: ImportBatch, stamp: String) throws -> Int
    /// A writer of batch `batchID`'s rows, the engine's fastest way, stamped `stamp`.
    /// - Parameter rowsPerStatement: 1 to learn each row's fate at once (a dry run).
    func writer(batch batchID: Int64, stamp: String, rowsPerStatement: Int, rowsPerCall: Int?) throws -> any ImportWriter

    /// Runs `body` (an import) with the engine's settings for many inserts, then restores them.
    func withBulkInsertSettings<T>(_ body: () throws -> T) throws -> T
    /// Whether `withBulkInsertSettings` set the foreign keys aside, so that the import must check
    /// the parents of the rows it added itself (`Store.requireParents`).
    func parentsSetAside() throws -> Bool
    /// The triggers of `expenses` (name, and the statement that creates it) that an import may set
    /// aside while it inserts; none where other clients write beside this one.
    func expensesTriggersThatMayBeSetAside() throws -> [(name: String, sql: String)]
    /// A condition, followed by `OR`, that holds for a report whose `total_minor` is stored as no
    /// integer (an overflow the engine turned into a real); empty where it cannot happen.
    var totalIsNotAnInteger: SQL { get }
}
