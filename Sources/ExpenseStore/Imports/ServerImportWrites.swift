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

    /// The PostgreSQL writer; a team database's store opened it with PostgreSQL, so its connection
    /// is one. A dry run learns each row's fate at once; else a COPY takes thousands of rows.
    func writer(batch batchID: Int64, stamp: String, rowsPerStatement: Int) throws -> any ImportWriter {
        try PostgresImportWriter(
            db: store.db as! PostgresDatabase, batchID: batchID, stamp: stamp, rowsPerBatch: rowsPerStatement == 1 ? 1 : 10_000)
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
