import ExpenseCore
import ExpenseSupport

/// Import writes on a file: the SQL itself, and the audit log's entry beside it.
struct FileImportWrites: ImportWrites {
    unowned let store: Store

    func beginBatch(file: String, rules: String, reportID: Int64?, stamp: String) throws -> Int64 {
        try store.db.insert(
            "INSERT INTO import_batches (file, rules, report_id, imported_at) VALUES (\(file), \(rules), \(reportID), \(stamp))")
    }

    func finishBatch(_ id: Int64, counts: ImportCounts, expenseIDs: ClosedRange<Int64>?) throws {
        try store.db.execute(
            SQL(
                """
                UPDATE import_batches SET rows_new = \(counts.new), rows_duplicate = \(counts.duplicate),
                                          rows_invalid = \(counts.invalid), rows_skipped = \(counts.skipped),
                                          first_expense_id = \(expenseIDs?.lowerBound), last_expense_id = \(expenseIDs?.upperBound)
                WHERE id = \(id)
                """))
    }

    func undoBatch(_ batch: ImportBatch, stamp: String) throws -> Int {
        var deleted = 0
        if let ids = batch.expenseIDs {
            try store.db.execute(
                SQL("DELETE FROM expenses WHERE id BETWEEN \(ids.lowerBound) AND \(ids.upperBound) AND import_batch_id = \(batch.id)"))
            deleted = store.db.changes
        }
        try store.db.execute(SQL("UPDATE import_batches SET undone_at = \(stamp) WHERE id = \(batch.id)"))
        return deleted
    }

    /// The SQLite writer; a file's store opened it with SQLite, so its connection is one.
    func writer(batch batchID: Int64, stamp: String, rowsPerStatement: Int, rowsPerCall: Int?) throws -> any ImportWriter {
        try SQLiteImportWriter(
            db: store.db as! SQLiteDatabase, batchID: batchID, stamp: stamp, rowsPerStatement: rowsPerStatement,
            tally: store.bulkTally)
    }

    /// With `temp_store = MEMORY`. The expense triggers (report totals, frozen reports) make every
    /// INSERT keep a statement journal, the before-images of the pages it changes. SQLite keeps
    /// one in memory up to 64 KiB, then moves it to a temporary file for the rest of the
    /// transaction; from then on every statement cost several 4 KiB writes to that file, which
    /// made a 100,000-row import a hundred times slower than the inserts themselves. (A larger
    /// page cache, by contrast, measured no faster: the inserts touch the right edges of the table
    /// and indexes only.)
    ///
    /// And with `foreign_keys` off: SQLite looks up a row's report, category and batch for every
    /// row, 2,600 instructions of 30,000 (callgrind, issue 45), although an import's rows name
    /// the same few; `Store.withInsertTriggersInBulk` checks each of them once before the
    /// transaction ends (`parentsSetAside`).
    func withBulkInsertSettings<T>(_ body: () throws -> T) throws -> T {
        let db = store.db
        // SQLite ignores both inside an open transaction (a script run with --transaction); the
        // import then runs with the settings as they are, only slower.
        guard !db.isInsideTransaction, let tempStore = try? db.scalar(SQL("PRAGMA temp_store")),
            let foreignKeys = try? db.scalar(SQL("PRAGMA foreign_keys")),
            (try? db.execute(SQL("PRAGMA temp_store = MEMORY"))) != nil
        else { return try body() }
        defer { try? db.execute(SQL("PRAGMA temp_store = \(SQL(verbatim: String(tempStore)))")) }
        try db.execute(SQL("PRAGMA foreign_keys = OFF"))
        defer { try? db.execute(SQL("PRAGMA foreign_keys = \(SQL(verbatim: String(foreignKeys)))")) }
        return try body()
    }

    /// Whether this connection has foreign keys off: inside `withBulkInsertSettings`.
    func parentsSetAside() throws -> Bool {
        try store.db.scalar(SQL("PRAGMA foreign_keys")) == 0
    }

    /// All of them: this connection holds the file's write lock throughout.
    func expensesTriggersThatMayBeSetAside() throws -> [(name: String, sql: String)] {
        try store.db.query("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'expenses'") {
            (name: $0.string(0), sql: $0.string(1))
        }
    }

    /// SQLite's sum in a trigger silently becomes a real on an Int64 overflow.
    var totalIsNotAnInteger: SQL { "typeof(total_minor) <> 'integer' OR " }
}
