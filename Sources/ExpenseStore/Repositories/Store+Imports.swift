import CSQLite
import ExpenseCore
import ExpenseSupport
import PropertyList

/// One imported file: where it came from, what became of its rows, and whether it was undone.
public struct ImportBatch: Sendable, Equatable {
    public var id: Int64
    public var file: String
    public var rules: String
    public var reportID: Int64?
    public var importedAt: String
    public var counts: ImportCounts
    /// The ids its new expenses were given (nil when it added none).
    public var expenseIDs: ClosedRange<Int64>?
    public var undoneAt: String?
}

/// What became of the rows of one import.
public struct ImportCounts: Sendable, Equatable {
    public var new = 0
    public var duplicate = 0
    public var invalid = 0
    /// Rows a rule said to skip.
    public var skipped = 0

    public init(new: Int = 0, duplicate: Int = 0, invalid: Int = 0, skipped: Int = 0) {
        self.new = new
        self.duplicate = duplicate
        self.invalid = invalid
        self.skipped = skipped
    }

    public static func + (lhs: ImportCounts, rhs: ImportCounts) -> ImportCounts {
        ImportCounts(new: lhs.new + rhs.new, duplicate: lhs.duplicate + rhs.duplicate, invalid: lhs.invalid + rhs.invalid,
                     skipped: lhs.skipped + rhs.skipped)
    }
}

/// How an imported row is recognised when it comes again (see Schema.createImportsAndRates).
public enum ImportFingerprint: Sendable, Equatable {
    /// The statement's own transaction id.
    case externalID(String)
    /// A hash of the row's date, amount, currency, merchant and occurrence; unique per date.
    case contentKey(Int64)
}

extension Store {
    static let batchColumns = """
        id, file, rules, report_id, imported_at, rows_new, rows_duplicate, rows_invalid, rows_skipped,
        first_expense_id, last_expense_id, undone_at
        """

    static func batch(_ row: Row) -> ImportBatch {
        let ids = row.optionalInt64("first_expense_id").flatMap { first in
            row.optionalInt64("last_expense_id").map { first...max(first, $0) }
        }
        return ImportBatch(id: row.int64("id"), file: row.string("file"), rules: row.string("rules"),
                           reportID: row.optionalInt64("report_id"), importedAt: row.string("imported_at"),
                           counts: ImportCounts(new: row.int("rows_new"), duplicate: row.int("rows_duplicate"),
                                                invalid: row.int("rows_invalid"), skipped: row.int("rows_skipped")),
                           expenseIDs: ids, undoneAt: row.optionalString("undone_at"))
    }

    /// Records a new batch and returns its id; call inside `write`, with `finishImportBatch` after its rows.
    /// Refused when `reportID`, which its rows go into, is not editable.
    public func beginImportBatch(file: String, rules: String, reportID: Int64?) throws -> Int64 {
        try write {
            if let reportID { try requireEditable(report: reportID, for: .importItems) }
            let insertedID = try db.insert("INSERT INTO import_batches (file, rules, report_id, imported_at) VALUES (?, ?, ?, ?)",
                           [.text(file), .text(rules), DatabaseValue(reportID), .text(now())])
            return insertedID
        }
    }

    public func finishImportBatch(_ id: Int64, counts: ImportCounts, expenseIDs: ClosedRange<Int64>?) throws {
        try db.execute("""
            UPDATE import_batches SET rows_new = ?, rows_duplicate = ?, rows_invalid = ?, rows_skipped = ?,
                                      first_expense_id = ?, last_expense_id = ?
            WHERE id = ?
            """, [DatabaseValue(counts.new), DatabaseValue(counts.duplicate), DatabaseValue(counts.invalid),
                  DatabaseValue(counts.skipped), DatabaseValue(expenseIDs?.lowerBound), DatabaseValue(expenseIDs?.upperBound),
                  .integer(id)])
    }

    /// Every batch, oldest first.
    public func importBatches() throws -> [ImportBatch] {
        try db.query("SELECT \(Self.batchColumns) FROM import_batches ORDER BY id", [], Self.batch)
    }

    /// The batch with `id`, or an "unknown batch" error.
    public func importBatch(_ id: Int64) throws -> ImportBatch {
        guard let batch = try db.queryFirst("SELECT \(Self.batchColumns) FROM import_batches WHERE id = ?", [.integer(id)],
                                            Self.batch)
        else {
            throw ExpenseError(.notFound, .unknownImportBatch(id), "unknown import batch \(id)")
        }
        return batch
    }

    /// Deletes the expenses a batch added and marks it undone. Refused when any of them is in a
    /// report whose items may no longer change (the domain's rule, as SQL), since what an
    /// approver saw must not change underneath them.
    /// - Returns: how many expenses were deleted.
    public func undoImportBatch(_ id: Int64) throws -> Int {
        try write { try undoImportBatchNow(id) }
    }

    private func undoImportBatchNow(_ id: Int64) throws -> Int {
        let batch = try importBatch(id)
        if let undoneAt = batch.undoneAt {
            throw ExpenseError(.refused, "import batch \(id) was already undone at \(undoneAt)")
        }
        var deleted = 0
        if let ids = batch.expenseIDs {
            let members: [DatabaseValue] = [.integer(ids.lowerBound), .integer(ids.upperBound), .integer(id)]
            let frozen = try db.queryFirst("""
                SELECT r.id, r.status, count(*) FROM expenses AS e JOIN reports AS r ON r.id = e.report_id
                WHERE e.id BETWEEN ? AND ? AND e.import_batch_id = ? AND r.status NOT IN \(Self.editableStatusesSQL)
                GROUP BY r.id ORDER BY r.id LIMIT 1
                """, members) { (id: $0.int64(0), status: $0.string(1), count: $0.int(2)) }
            if let frozen {
                throw ExpenseError(.refused,
                                   "cannot undo import batch \(id): \(frozen.count) of its expenses \(frozen.count == 1 ? "is" : "are") "
                                       + "in report \(frozen.id), which is \(frozen.status)",
                                   hint: "only items of draft reports can be deleted; bring report \(frozen.id) back to draft first")
            }
            try db.execute("DELETE FROM expenses WHERE id BETWEEN ? AND ? AND import_batch_id = ?", members)
            deleted = db.changes
        }
        try db.execute("UPDATE import_batches SET undone_at = ? WHERE id = ?", [.text(now()), .integer(id)])
        return deleted
    }

    /// Runs `body` (an import) with `temp_store = MEMORY`, then restores the setting.
    ///
    /// The expense triggers (report totals, frozen reports) make every INSERT keep a statement
    /// journal, the before-images of the pages it changes. SQLite keeps one in memory up to
    /// 64 KiB, then moves it to a temporary file for the rest of the transaction; from then on
    /// every statement cost several 4 KiB writes to that file, which made a 100,000-row import a
    /// hundred times slower than the inserts themselves. (A larger page cache, by contrast,
    /// measured no faster: the inserts touch the right edges of the table and indexes only.)
    public func withBulkInsertSettings<T>(_ body: () throws -> T) throws -> T {
        // SQLite may refuse the change inside an open transaction (a script run with
        // --transaction); the import then runs with the setting as it is, only slower.
        guard !db.isInsideTransaction, let tempStore = try? db.scalar("PRAGMA temp_store"),
              (try? db.execute("PRAGMA temp_store = MEMORY")) != nil
        else { return try body() }
        defer { try? db.execute("PRAGMA temp_store = \(tempStore)") }
        return try body()
    }

    /// The INSERT triggers of `expenses` an import knows how to stand in for, by name and exact
    /// text (white space aside): the report totals of v1 and the frozen-report guard of the
    /// workflow. Any other INSERT trigger, or a changed one, keeps the row-by-row path. These are
    /// the shipped migrations' text, to recognise them by, not a statement of the rule: the
    /// stand-in below follows the domain's rule (`editableStatusesSQL`).
    static let replaceableInsertTriggers: [String: String] = [
        "expenses_count_insert": """
            CREATE TRIGGER expenses_count_insert AFTER INSERT ON expenses WHEN NEW.report_id IS NOT NULL BEGIN \
            UPDATE reports SET item_count = item_count + 1, total_minor = total_minor + NEW.converted_minor \
            WHERE id = NEW.report_id; END
            """,
        "expenses_frozen_insert": """
            CREATE TRIGGER expenses_frozen_insert BEFORE INSERT ON expenses \
            WHEN (SELECT status FROM reports WHERE id = NEW.report_id) <> 'draft' \
            BEGIN SELECT RAISE(ABORT, 'the report is not a draft; its items are frozen'); END
            """,
    ]

    /// Runs `body`, which inserts many expenses, with the per-row INSERT triggers set aside and
    /// their effect applied once for all new rows afterwards; call inside `write`.
    ///
    /// Measured on a million-row import: the triggers took a third of the time — not their
    /// few lookups, but the statement journal SQLite keeps for every INSERT that fires a
    /// trigger which might abort. Dropping and re-creating a trigger is transactional, so a
    /// crash or an error anywhere leaves them as they were; no other connection can see the
    /// table without them, since this one holds the write lock throughout.
    /// - Returns: `body`'s result, and whether the triggers were set aside.
    public func withInsertTriggersInBulk<T>(_ body: () throws -> T) throws -> (result: T, inBulk: Bool) {
        let triggers = try db.query("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'expenses'") {
            (name: $0.string(0), sql: $0.string(1))
        }
        let onInsert = triggers.filter { Self.normalizedSQL($0.sql).uppercased().contains(" INSERT ON EXPENSES ") }
        let known = onInsert.allSatisfy { trigger in
            Self.replaceableInsertTriggers[trigger.name].map { Self.normalizedSQL($0) == Self.normalizedSQL(trigger.sql) } ?? false
        }
        let firstNewID = try db.scalar("SELECT coalesce(max(id), 0) + 1 FROM expenses")
        guard known, !onInsert.isEmpty else {
            let result = try body()
            try requireTotalsFit(ofReportsWithItemsFrom: firstNewID)
            return (result, false)
        }
        for trigger in onInsert { try db.execute("DROP TRIGGER \(trigger.name)") }
        let result = try body()
        // expenses_frozen_insert: no new row may sit in a report that is not a draft.
        if try db.scalar("""
            SELECT count(*) FROM expenses WHERE id >= ? AND report_id IN (SELECT id FROM reports WHERE status NOT IN \(Self.editableStatusesSQL))
            """, [.integer(firstNewID)]) > 0 {
            throw ExpenseError(.refused, "the report is not a draft; its items are frozen")
        }
        // expenses_count_insert: each report counts its new items and adds their converted amounts,
        // refused when its total would go beyond the largest (`Report.requireTotalFits`). SQLite's
        // sum() fails on an Int64 overflow with SQL text for a message: the amounts are summed
        // in two parts that cannot overflow (each is at most 10^15), and added up here.
        let added = try db.query("""
            SELECT report_id, count(*), sum(converted_minor / 1000000000), sum(converted_minor % 1000000000) FROM expenses
            WHERE id >= ? AND report_id IS NOT NULL GROUP BY report_id
            """, [.integer(firstNewID)]) { row in
            (report: row.int64(0), items: row.int64(1), total: Int64(clamping: Int128(row.int64(2)) * 1_000_000_000 + Int128(row.int64(3))))
        }
        for report in added {
            try requireTotalFits(report: report.report, adding: report.total)
            try db.execute("UPDATE reports SET item_count = item_count + ?, total_minor = total_minor + ? WHERE id = ?",
                           [.integer(report.items), .integer(report.total), .integer(report.report)])
        }
        for trigger in onInsert { try db.execute(trigger.sql) }
        return (result, true)
    }

    /// After rows inserted with the triggers in place (which add up a report's total row by row,
    /// in SQL, where an overflow silently becomes a float): refuses a total of a report that got
    /// rows from `firstNewID` on that is beyond the largest total.
    private func requireTotalsFit(ofReportsWithItemsFrom firstNewID: Int64) throws {
        let limit = Money.maximumTotalMinorUnits
        guard let report = try db.queryFirst("""
            SELECT \(Self.reportColumns) FROM reports
            WHERE id IN (SELECT report_id FROM expenses WHERE id >= ? AND report_id IS NOT NULL)
              AND (typeof(total_minor) <> 'integer' OR total_minor > ? OR total_minor < ?)
            ORDER BY id LIMIT 1
            """, [.integer(firstNewID), .integer(limit), .integer(-limit)], Self.report) else { return }
        throw report.totalTooLarge
    }

    static func normalizedSQL(_ sql: String) -> String {
        sql.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
    }

    /// A writer for the rows of batch `batchID`; use it inside the `write` that began the batch.
    /// - Parameter rowsPerStatement: 1 to learn each row's fate at once (a dry run).
    public func importWriter(batch batchID: Int64, rowsPerStatement: Int = 100) throws -> ImportWriter {
        guard let file = db as? SQLiteDatabase else {
            throw ExpenseError(.unavailable, "importing a statement into a PostgreSQL database is not built yet",
                               hint: "import into a local file, then copy it to the team database")
        }
        return try ImportWriter(db: file, batchID: batchID, stamp: now(), rowsPerStatement: rowsPerStatement)
    }
}

/// Inserts the rows of one import batch, fast: rows are bound column by column into a prepared
/// statement (no argument arrays), many rows to one INSERT (SQLite's per-statement work —
/// AUTOINCREMENT bookkeeping, the statement journal the triggers need — then happens once per
/// hundred rows), and `ON CONFLICT DO NOTHING` lets the unique fingerprint indexes answer
/// "duplicate?" in the same B-tree descent that inserts a new row.
public final class ImportWriter {
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
