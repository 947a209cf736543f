import ExpenseCore
import ExpenseSupport

/// Import writes on a team database: each a call of the server's declared function
/// (`ServerWrites`), which checks who may write and logs it itself.
struct ServerImportWrites: ImportWrites {
    unowned let store: Store

    /// The server also makes this session's staging table, which the rows are copied into.
    func beginBatch(file: String, rules: String, reportID: Int64?, stamp: String) throws -> Int64 {
        try ServerWrites.importBegin.call(on: store.db, file, rules, reportID, stamp)
    }

    func finishBatch(_ id: Int64, counts: ImportCounts, expenseIDs: ClosedRange<Int64>?) throws {
        try ServerWrites.importFinish.call(
            on: store.db, id, Int64(counts.new), Int64(counts.duplicate), Int64(counts.invalid), Int64(counts.skipped),
            expenseIDs?.lowerBound, expenseIDs?.upperBound)
    }

    func undoBatch(_ batch: ImportBatch, stamp: String) throws -> Int {
        Int(try ServerWrites.importUndo.call(on: store.db, batch.id, stamp))
    }

    /// The rows an import copies and inserts by one call of `import_rows`. Each call costs the
    /// server about 0.1 s besides its rows (a million rows in calls of 10,000 cost 1.46 times
    /// the server's own cost of storing them in one, in calls of 100,000 1.15 times; issue 45),
    /// and the rows wait in the app as COPY's text, about 11 MB.
    static let rowsPerCall = 100_000

    /// The PostgreSQL writer; a team database's store opened it with PostgreSQL, so its connection
    /// is one. A dry run learns each row's fate at once; else a COPY takes `rowsPerCall` rows.
    func writer(batch batchID: Int64, stamp: String, rowsPerStatement: Int, rowsPerCall: Int?) throws -> any ImportWriter {
        try PostgresImportWriter(
            db: store.db as! PostgresDatabase, batchID: batchID, stamp: stamp,
            rowsPerBatch: rowsPerStatement == 1 ? 1 : rowsPerCall ?? Self.rowsPerCall)
    }

    /// The server's settings are its administrator's.
    func withBulkInsertSettings<T>(_ body: () throws -> T) throws -> T {
        try body()
    }

    /// Never: the server checks every row's parents, as every other write's.
    func parentsSetAside() throws -> Bool { false }

    /// None: other clients write beside this one, and the triggers guard their rows too.
    func expensesTriggersThatMayBeSetAside() throws -> [(name: String, sql: String)] { [] }

    /// PostgreSQL refuses a bigint overflow; the total stays an integer.
    var totalIsNotAnInteger: SQL { "" }
}
