import ExpenseCore

/// Writes the rows of one import batch, each engine its fastest way (`SQLiteImportWriter`: many
/// rows to a prepared INSERT; `PostgresImportWriter`: COPY into a staging table, then one
/// set-based INSERT). Either way a row whose fingerprint is there already is a duplicate, not an
/// error. Use it inside the `write` that began the batch.
public protocol ImportWriter: AnyObject {
    /// Rows inserted and rows found to be duplicates, once written (`insertedIDs` writes all).
    var newRows: Int { get }
    var duplicateRows: Int { get }
    /// Queues `expense` for insertion.
    func append(_ expense: Expense, line: Int, fingerprint: ImportFingerprint) throws
    /// Inserts `expense` now, unless a row with the same fingerprint exists: for a dry run, which
    /// shows each row's fate. True when it was inserted.
    func insert(_ expense: Expense, line: Int, fingerprint: ImportFingerprint) throws -> Bool
    /// Writes what is queued, and returns the ids the batch's new rows were given.
    func insertedIDs() throws -> ClosedRange<Int64>?
}
