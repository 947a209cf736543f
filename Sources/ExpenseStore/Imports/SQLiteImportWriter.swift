import CSQLite
import ExpenseCore
import ExpenseSupport

/// Inserts the rows of one import batch, fast: rows are bound column by column into a prepared
/// statement (no argument arrays), many rows to one INSERT (SQLite's per-statement work —
/// AUTOINCREMENT bookkeeping, the statement journal the triggers need — then happens once per
/// hundred rows), and `ON CONFLICT DO NOTHING` lets the unique fingerprint indexes answer
/// "duplicate?" in the same B-tree descent that inserts a new row. Queued rows wait as SQLite
/// is given them (`QueuedImportRows`). While rows turn out to be duplicates, each is first looked
/// up by its fingerprint (`ImportDuplicateProbe`), and one found is counted, not queued.
///
/// The per-row INSERT is the import's hot path: its statements are prepared once per row count
/// and reused, with numbered parameters (`?1`, `?2`, ...) bound value by value from the queue's
/// own buffers (`QueuedImportRows.bind`), not through `SQL` interpolation, which would build an
/// array of values per row. The writer's other statements run once per batch or per statement
/// and are `SQL`.
final class SQLiteImportWriter: ImportWriter {
    private let db: SQLiteDatabase
    private let batchID: Int64
    private let stamp: String
    private let rowsPerStatement: Int
    private var queued: QueuedImportRows
    private var statements: [Int: Statement] = [:]
    private var probe: ImportDuplicateProbe
    /// Whether `append` looks the next row up first: from the start, until a row is not found, and
    /// again after a statement that left duplicates out. A fresh import so probes once.
    private var probing = true
    private let firstCandidateID: Int64
    /// Where the writer adds up what it inserted, inside a bulk insert.
    private let tally: BulkInsertTally?
    /// The queued rows' last report, how often it changed from row to row (at most 1 when they all
    /// go to one or none), and how many of them go to a report with what converted sum.
    private var queuedReport: Int64?
    private var queuedReportChanges = 0
    private var queuedItems: Int64 = 0
    private var queuedTotal: Int128 = 0
    /// The highest id in the table after the writer's last INSERT that added a row.
    private var lastID: Int64
    /// `sqlite_sequence`'s value for expenses before the batch: the highest id ever given out.
    private let sequenceBefore: Int64
    /// Rows inserted and rows found to be duplicates, once written (see `flush`).
    public private(set) var newRows = 0
    public private(set) var duplicateRows = 0

    static let columns = QueuedImportRows.columns  // bound per row; the stamp (?1) and the batch (?2) are shared

    init(db: SQLiteDatabase, batchID: Int64, stamp: String, rowsPerStatement: Int, tally: BulkInsertTally? = nil) throws {
        self.db = db
        self.batchID = batchID
        self.stamp = stamp
        self.rowsPerStatement = max(1, rowsPerStatement)
        queued = QueuedImportRows(rows: self.rowsPerStatement)
        firstCandidateID = try db.scalar(SQL("SELECT coalesce(max(id), 0) + 1 FROM expenses"))
        lastID = firstCandidateID - 1
        self.tally = tally
        sequenceBefore = try db.scalar(SQL("SELECT coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'expenses'), 0)"))
        probe = try ImportDuplicateProbe(db: db)
        tally?.add(batch: batchID)
    }

    /// The INSERT of `rows` queued rows, its parameters numbered for `QueuedImportRows.bind`.
    static func sql(rows: Int) -> String {
        var values: [String] = []
        for row in 0..<rows {
            let base = 3 + row * columns
            let p = (0..<columns).map { "?\(base + $0)" }
            values.append(
                "(\(p[0]), \(p[1]), \(p[2]), \(p[3]), \(p[4]), \(p[5]), \(p[6]), \(p[7]), \(p[8]), \(p[9]), "
                    + "\(p[10]), \(p[11]), ?1, ?1, ?2, \(p[12]), \(p[13]), \(p[14]))")
        }
        return """
            INSERT INTO expenses (report_id, date, category, merchant, description, amount_minor, currency, rate, rate_date,
                                  rate_source, converted_minor, paid_by, created_at, updated_at, import_batch_id, import_line,
                                  import_key, external_id)
            VALUES \(values.joined(separator: ",\n       "))
            ON CONFLICT DO NOTHING
            """
    }

    /// Inserts `expense` now, unless a row with the same fingerprint exists: for a dry run,
    /// which shows each row's fate.
    /// - Returns: true when it was inserted, false when it is a duplicate.
    public func insert(_ expense: Expense, line: Int, fingerprint: ImportFingerprint) throws -> Bool {
        try flush()
        queue(expense, line: line, fingerprint: fingerprint)
        let before = newRows
        try flush()
        return newRows > before
    }

    /// Queues `expense` for insertion; `newRows` and `duplicateRows` count it after `flush`.
    public func append(_ expense: Expense, line: Int, fingerprint: ImportFingerprint) throws {
        if probing {
            if try probe.isStored(fingerprint, on: expense.date) {
                duplicateRows += 1
                return
            }
            probing = false
        }
        queue(expense, line: line, fingerprint: fingerprint)
        if queued.count == rowsPerStatement { try flush() }
    }

    private func queue(_ expense: Expense, line: Int, fingerprint: ImportFingerprint) {
        queued.append(expense, line: line, fingerprint: fingerprint)
        tally?.add(category: expense.category)
        guard let report = expense.reportID else { return }
        if report != queuedReport {
            queuedReport = report
            queuedReportChanges += 1
        }
        queuedItems += 1
        queuedTotal += Int128(expense.conversion?.converted.minorUnits ?? 0)
    }

    /// Writes the queued rows.
    public func flush() throws {
        guard queued.count > 0 else { return }
        let rows = queued.count
        let statement: Statement
        if let known = statements[rows] {
            statement = known
        } else {
            statement = try Statement(database: db, sql: Self.sql(rows: rows))
            statements[rows] = statement
        }
        // Every use ends in QueuedImportRows.bind's reset, so the statement is ready for binding.
        let handle = statement.handle
        var stamp = stamp
        stamp.withUTF8 { Statement.bindText(handle, 1, $0, csqlite_transient()) }
        sqlite3_bind_int64(handle, 2, batchID)
        let failure = queued.bind(to: handle, from: 3) { () -> DatabaseError? in
            let code = sqlite3_step(handle)
            return code == SQLITE_DONE ? nil : DatabaseError(connection: db.handle, code: code, sql: statement.sql)
        }
        if let failure { throw failure }
        let inserted = Int(sqlite3_changes(db.handle))
        newRows += inserted
        duplicateRows += rows - inserted
        if let tally { try count(inserted: inserted, of: rows, in: tally) }
        if inserted > 0 { lastID = sqlite3_last_insert_rowid(db.handle) }
        probing = inserted < rows
        if probing { try giveBackUnusedIDs() }
        queued.removeAll()
        (queuedReport, queuedReportChanges, queuedItems, queuedTotal) = (nil, 0, 0, 0)
    }

    /// Adds the statement just run to the tally: what was queued when every row went in, to one
    /// report or none; else its new rows (the ids after `lastID`) read back.
    private func count(inserted: Int, of rows: Int, in tally: BulkInsertTally) throws {
        tally.add(rows: Int64(inserted))
        if inserted == rows && queuedReportChanges <= 1 {
            if let queuedReport { tally.add(items: queuedItems, total: queuedTotal, to: queuedReport) }
            return
        }
        guard inserted > 0 else { return }
        // At most a statement's rows, each at most 10^15: the sum fits.
        for added in try db.query(
            """
            SELECT report_id, count(*), sum(converted_minor) FROM expenses WHERE id > \(lastID) AND report_id IS NOT NULL GROUP BY report_id
            """, { (report: $0.int64(0), items: $0.int64(1), total: $0.int64(2)) })
        {
            tally.add(items: added.items, total: Int128(added.total), to: added.report)
        }
    }

    /// The ids the batch's new rows were given, once everything is flushed.
    public func insertedIDs() throws -> ClosedRange<Int64>? {
        try flush()
        guard newRows > 0 else { return nil }
        let ofBatch: SQL = "id >= \(firstCandidateID) AND import_batch_id = \(batchID)"
        guard
            let first = try db.queryFirst("SELECT id FROM expenses WHERE \(ofBatch) ORDER BY id LIMIT 1", { $0.int64(0) }),
            let last = try db.queryFirst("SELECT id FROM expenses WHERE \(ofBatch) ORDER BY id DESC LIMIT 1", { $0.int64(0) })
        else { return nil }
        return first...last
    }

    /// AUTOINCREMENT hands an id to every row an INSERT tries, also to the duplicates that
    /// `ON CONFLICT DO NOTHING` then leaves out, and never hands it out again: re-importing a
    /// million-row statement moved the next expense's id up by a million. After a statement with
    /// duplicates the sequence goes back to the highest id actually given out, before or by this
    /// batch (nothing else writes meanwhile: the batch holds the write lock), so no id is used
    /// twice; only duplicates that came before a new row of the same statement keep their ids.
    private func giveBackUnusedIDs() throws {
        try db.execute(
            SQL(
                "UPDATE sqlite_sequence SET seq = max(\(sequenceBefore), (SELECT coalesce(max(id), 0) FROM expenses)) WHERE name = 'expenses'"
            ))
    }
}
