import CSQLite
import ExpenseCore
import ExpenseSupport

/// Inserts the rows of one import batch, fast: rows are bound column by column into a prepared
/// statement (no argument arrays), many rows to one INSERT (SQLite's per-statement work —
/// AUTOINCREMENT bookkeeping, the statement journal the triggers need — then happens once per
/// hundred rows), and `ON CONFLICT DO NOTHING` lets the unique fingerprint indexes answer
/// "duplicate?" in the same B-tree descent that inserts a new row.
final class SQLiteImportWriter: ImportWriter {
    private let db: SQLiteDatabase
    private let batchID: Int64
    private let stamp: String
    private let rowsPerStatement: Int
    private var pending: [(expense: Expense, line: Int, fingerprint: ImportFingerprint)] = []
    private var statements: [Int: Statement] = [:]
    private let firstCandidateID: Int64
    /// `sqlite_sequence`'s value for expenses before the batch: the highest id ever given out.
    private let sequenceBefore: Int64
    // Consecutive rows of a statement share their date and rate: format each once.
    private var lastDate: CalendarDate?
    private var lastDateText = ""
    private var lastRate: ExchangeRate?
    private var lastRateText = ""
    /// Rows inserted and rows found to be duplicates, once written (see `flush`).
    public private(set) var newRows = 0
    public private(set) var duplicateRows = 0

    static let columns = 16   // bound per row; the stamp (?1) and the batch (?2) are shared

    init(db: SQLiteDatabase, batchID: Int64, stamp: String, rowsPerStatement: Int) throws {
        self.db = db
        self.batchID = batchID
        self.stamp = stamp
        self.rowsPerStatement = max(1, rowsPerStatement)
        firstCandidateID = try db.scalar("SELECT coalesce(max(id), 0) + 1 FROM expenses")
        sequenceBefore = try db.scalar("SELECT coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'expenses'), 0)")
    }

    static func sql(rows: Int) -> String {
        var values: [String] = []
        for row in 0..<rows {
            let base = 3 + row * columns
            let p = (0..<columns).map { "?\(base + $0)" }
            values.append("(\(p[0]), \(p[1]), \(p[2]), \(p[3]), \(p[4]), \(p[5]), \(p[6]), \(p[7]), \(p[8]), \(p[9]), "
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
        pending.append((expense, line, fingerprint))
        let before = newRows
        try flush()
        return newRows > before
    }

    /// Queues `expense` for insertion; `newRows` and `duplicateRows` count it after `flush`.
    public func append(_ expense: Expense, line: Int, fingerprint: ImportFingerprint) throws {
        pending.append((expense, line, fingerprint))
        if pending.count == rowsPerStatement { try flush() }
    }

    /// Writes the queued rows.
    public func flush() throws {
        guard !pending.isEmpty else { return }
        let statement: Statement
        if let known = statements[pending.count] {
            statement = known
        } else {
            statement = try Statement(database: db, sql: Self.sql(rows: pending.count))
            statements[pending.count] = statement
        }
        let handle = statement.handle
        sqlite3_reset(handle)
        bind(handle, 1, stamp)
        sqlite3_bind_int64(handle, 2, batchID)
        for (row, item) in pending.enumerated() {
            bind(row: row, item.expense, line: item.line, fingerprint: item.fingerprint, to: handle)
        }
        let code = sqlite3_step(handle)
        guard code == SQLITE_DONE else {
            let error = DatabaseError(connection: db.handle, code: code, sql: statement.sql)
            sqlite3_reset(handle)
            throw error
        }
        let inserted = Int(sqlite3_changes(db.handle))
        newRows += inserted
        duplicateRows += pending.count - inserted
        if inserted < pending.count { try giveBackUnusedIDs() }
        pending.removeAll(keepingCapacity: true)
        sqlite3_reset(handle)
    }

    /// The ids the batch's new rows were given, once everything is flushed.
    public func insertedIDs() throws -> ClosedRange<Int64>? {
        try flush()
        guard newRows > 0 else { return nil }
        let arguments: [DatabaseValue] = [.integer(firstCandidateID), .integer(batchID)]
        guard let first = try db.queryFirst("SELECT id FROM expenses WHERE id >= ? AND import_batch_id = ? ORDER BY id LIMIT 1",
                                            arguments, { $0.int64(0) }),
              let last = try db.queryFirst("SELECT id FROM expenses WHERE id >= ? AND import_batch_id = ? ORDER BY id DESC LIMIT 1",
                                           arguments, { $0.int64(0) })
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
        try db.execute("UPDATE sqlite_sequence SET seq = max(?, (SELECT coalesce(max(id), 0) FROM expenses)) WHERE name = 'expenses'",
                       [.integer(sequenceBefore)])
    }

    private func bind(row: Int, _ expense: Expense, line: Int, fingerprint: ImportFingerprint, to handle: OpaquePointer) {
        let base = Int32(3 + row * Self.columns)
        if expense.date != lastDate {
            lastDate = expense.date
            lastDateText = expense.date.description
        }
        if let reportID = expense.reportID { sqlite3_bind_int64(handle, base, reportID) } else { sqlite3_bind_null(handle, base) }
        bind(handle, base + 1, lastDateText)
        bind(handle, base + 2, expense.category)
        bind(handle, base + 3, expense.merchant)
        bind(handle, base + 4, expense.description)
        sqlite3_bind_int64(handle, base + 5, expense.amount.minorUnits)
        bind(handle, base + 6, expense.amount.currency.code)
        if let conversion = expense.conversion {
            if conversion.rate != lastRate {
                lastRate = conversion.rate
                lastRateText = conversion.rate.description
            }
            bind(handle, base + 7, lastRateText)
            if let rateDate = conversion.rateDate { bind(handle, base + 8, rateDate.description) } else { sqlite3_bind_null(handle, base + 8) }
            bind(handle, base + 9, conversion.source.rawValue)
            sqlite3_bind_int64(handle, base + 10, conversion.converted.minorUnits)
        } else {
            for offset in Int32(7)...10 { sqlite3_bind_null(handle, base + offset) }
        }
        bind(handle, base + 11, expense.paidBy.rawValue)
        sqlite3_bind_int64(handle, base + 12, Int64(line))
        switch fingerprint {
        case .contentKey(let key):
            sqlite3_bind_int64(handle, base + 13, key)
            sqlite3_bind_null(handle, base + 14)
        case .externalID(let id):
            sqlite3_bind_null(handle, base + 13)
            bind(handle, base + 14, id)
        }
    }

    private func bind(_ handle: OpaquePointer, _ index: Int32, _ text: String) {
        var text = text
        text.withUTF8 { bytes in
            // A NULL pointer would bind SQL NULL, not '': empty text needs a real (empty) string.
            guard let base = bytes.baseAddress, !bytes.isEmpty else {
                _ = sqlite3_bind_text(handle, index, "", 0, csqlite_transient())
                return
            }
            _ = base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                sqlite3_bind_text(handle, index, $0, Int32(bytes.count), csqlite_transient())
            }
        }
    }
}
