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
        ImportCounts(
            new: lhs.new + rhs.new, duplicate: lhs.duplicate + rhs.duplicate, invalid: lhs.invalid + rhs.invalid,
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
    static let batchColumns: SQL = """
        id, file, rules, report_id, imported_at, rows_new, rows_duplicate, rows_invalid, rows_skipped,
        first_expense_id, last_expense_id, undone_at
        """

    static func batch(_ row: Row) throws -> ImportBatch {
        let stored = StoredRow(row, table: "import_batches", id: "id")
        let first = try stored.optionalInteger("first_expense_id")
        let last = try stored.optionalInteger("last_expense_id")
        let ids = first.flatMap { first in last.map { first...max(first, $0) } }
        func count(_ column: String) throws -> Int { try stored.integer(column, as: Int.self, in: 0...Int.max) }
        return ImportBatch(
            id: try stored.integer("id"), file: row.string("file"), rules: row.string("rules"),
            reportID: try stored.optionalInteger("report_id"), importedAt: row.string("imported_at"),
            counts: ImportCounts(
                new: try count("rows_new"), duplicate: try count("rows_duplicate"),
                invalid: try count("rows_invalid"), skipped: try count("rows_skipped")),
            expenseIDs: ids, undoneAt: row.optionalString("undone_at"))
    }

    /// The statuses whose items may change (`editableStatusesSQL`), as a fragment of a statement.
    private static let editableStatuses = SQL(verbatim: editableStatusesSQL)

    /// Records a new batch and returns its id; call inside `write`, with `finishImportBatch` after its rows.
    /// Refused when `reportID`, which its rows go into, is not editable.
    public func beginImportBatch(file: String, rules: String, reportID: Int64?) throws -> Int64 {
        try write {
            if let reportID { try requireEditable(report: reportID, for: .importItems) }
            return try writes.imports.beginBatch(file: file, rules: rules, reportID: reportID, stamp: now())
        }
    }

    public func finishImportBatch(_ id: Int64, counts: ImportCounts, expenseIDs: ClosedRange<Int64>?) throws {
        try writes.imports.finishBatch(id, counts: counts, expenseIDs: expenseIDs)
    }

    /// Every batch, oldest first.
    public func importBatches() throws -> [ImportBatch] {
        try db.query("SELECT \(Self.batchColumns) FROM import_batches ORDER BY id", Self.batch)
    }

    /// The batch with `id`, or an "unknown batch" error.
    public func importBatch(_ id: Int64) throws -> ImportBatch {
        guard
            let batch = try db.queryFirst(
                "SELECT \(Self.batchColumns) FROM import_batches WHERE id = \(id)", Self.batch)
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
        try requireUndoable(batch)
        return try writes.imports.undoBatch(batch, stamp: now())
    }

    /// Refuses to undo `batch` when any of its expenses is in a report whose items may no longer
    /// change: the domain's rule, as SQL.
    private func requireUndoable(_ batch: ImportBatch) throws {
        guard let ids = batch.expenseIDs else { return }
        let frozen = try db.queryFirst(
            SQL(
                """
                SELECT r.id, r.status, count(*) FROM expenses AS e JOIN reports AS r ON r.id = e.report_id
                WHERE e.id BETWEEN \(ids.lowerBound) AND \(ids.upperBound) AND e.import_batch_id = \(batch.id) \
                AND r.status NOT IN \(Self.editableStatuses)
                GROUP BY r.id ORDER BY r.id LIMIT 1
                """)
        ) {
            (id: $0.int64(0), status: $0.string(1), count: $0.int(2))
        }
        if let frozen {
            throw ExpenseError(
                .refused,
                "cannot undo import batch \(batch.id): \(frozen.count) of its expenses \(frozen.count == 1 ? "is" : "are") "
                    + "in report \(frozen.id), which is \(frozen.status)",
                hint: "only items of draft reports can be deleted; bring report \(frozen.id) back to draft first")
        }
    }

    /// Runs `body` (an import) with the engine's settings for many inserts, then restores them: on
    /// a file, `temp_store = MEMORY`, without which an import's statement journal went to a
    /// temporary file and made it a hundred times slower (`FileImportWrites`).
    public func withBulkInsertSettings<T>(_ body: () throws -> T) throws -> T {
        try writes.imports.withBulkInsertSettings(body)
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
        // A team database's triggers stay: other clients write beside this one. (Its ids come from
        // a sequence, so there too this connection's new rows are those past its largest id.)
        let triggers = try writes.imports.expensesTriggersThatMayBeSetAside()
        let onInsert = triggers.filter { SQL.collapsingWhitespace($0.sql).uppercased().contains(" INSERT ON EXPENSES ") }
        let known = onInsert.allSatisfy { trigger in
            Self.replaceableInsertTriggers[trigger.name].map { SQL.collapsingWhitespace($0) == SQL.collapsingWhitespace(trigger.sql) }
                ?? false
        }
        let firstNewID = try db.scalar(SQL("SELECT coalesce(max(id), 0) + 1 FROM expenses"))
        let firstNewBatch = try db.scalar(SQL("SELECT coalesce(max(id), 0) + 1 FROM import_batches"))
        guard known, !onInsert.isEmpty else {
            let result = try body()
            try requireParents(ofRowsFrom: firstNewID, batchesFrom: firstNewBatch, named: nil)
            try requireTotalsFit(ofReportsWithItemsFrom: firstNewID)
            return (result, false)
        }
        for trigger in onInsert { try db.execute(SQL(verbatim: "DROP TRIGGER \(trigger.name)")) }
        // Not nested: inside another bulk insert the triggers are gone, and the path above is taken.
        let tally = BulkInsertTally()
        bulkTally = tally
        defer { bulkTally = nil }
        let result = try body()
        // expenses_count_insert: each report counts its new items and adds their converted amounts,
        // refused when its total would go beyond the largest (`Report.requireTotalFits`). The
        // writers' tally when it accounts for every new row; else they are read back.
        let newRows = try db.scalar(SQL("SELECT count(*) FROM expenses WHERE id >= \(firstNewID)"))
        try requireParents(ofRowsFrom: firstNewID, batchesFrom: firstNewBatch, named: newRows == tally.rows ? tally : nil)
        let added = newRows == tally.rows ? tally.additions : try itemsAdded(from: firstNewID)
        // expenses_frozen_insert: no new row may sit in a report that is not a draft.
        for report in added
        where try db.scalar(
            SQL("SELECT count(*) FROM reports WHERE id = \(report.report) AND status NOT IN \(Self.editableStatuses)")) > 0
        {
            throw ExpenseError(.refused, "the report is not a draft; its items are frozen")
        }
        for report in added {
            try requireTotalFits(report: report.report, adding: report.total)
            try db.execute(
                SQL(
                    """
                    UPDATE reports SET item_count = item_count + \(report.items), total_minor = total_minor + \(report.total) \
                    WHERE id = \(report.report)
                    """))
        }
        for trigger in onInsert { try db.execute(SQL(verbatim: trigger.sql)) }
        return (result, true)
    }

    /// Where the import set the foreign keys aside (`ImportWrites.parentsSetAside`): refuses the
    /// rows from `firstNewID` on, and the batches from `firstNewBatch` on, when one names a
    /// category, report or batch that does not exist, as SQLite would have for each row. With a
    /// tally of every new row, each parent is looked up once; else the rows are read back.
    private func requireParents(ofRowsFrom firstNewID: Int64, batchesFrom firstNewBatch: Int64, named tally: BulkInsertTally?) throws {
        guard try writes.imports.parentsSetAside() else { return }
        var orphans: Int64
        if let tally {
            let categories = Set(try db.query("SELECT code FROM categories" as SQL) { $0.string(0) })
            orphans = Int64(tally.categories.subtracting(categories).count)
            for report in tally.additions.map(\.report) {
                orphans += try db.scalar(SQL("SELECT count(*) = 0 FROM reports WHERE id = \(report)"))
            }
            for batch in tally.batches {
                orphans += try db.scalar(SQL("SELECT count(*) = 0 FROM import_batches WHERE id = \(batch)"))
            }
        } else {
            orphans = try db.scalar(
                """
                SELECT count(*) FROM expenses e WHERE e.id >= \(firstNewID)
                  AND (NOT EXISTS (SELECT 1 FROM categories c WHERE c.code = e.category)
                       OR (e.report_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM reports r WHERE r.id = e.report_id))
                       OR (e.import_batch_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM import_batches b WHERE b.id = e.import_batch_id)))
                """)
        }
        orphans += try db.scalar(
            """
            SELECT count(*) FROM import_batches b WHERE b.id >= \(firstNewBatch)
              AND b.report_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM reports r WHERE r.id = b.report_id)
            """)
        guard orphans == 0 else {
            // SQLITE_CONSTRAINT_FOREIGNKEY, as SQLite says it when it checks a row itself.
            throw DatabaseError(extendedResultCode: SQLITE_CONSTRAINT | (3 << 8), message: "FOREIGN KEY constraint failed")
        }
    }

    /// The reports that expenses from `firstNewID` on went into, with how many and the sum of their
    /// converted amounts. Only the new rows are read, by id: grouped by report, SQLite chose to
    /// walk the report index over every item of every report, and the cost grew with the
    /// database (0.43 s after a million-row import even into an empty one). One pass answers an
    /// import's case, which fills one report or none; only rows spread over several are grouped,
    /// and sorted for it. SQLite's sum() fails on an Int64 overflow with SQL text for a message:
    /// the amounts are summed in two parts that cannot overflow (each is at most 10^15), and
    /// added up here.
    private func itemsAdded(from firstNewID: Int64) throws -> [(report: Int64, items: Int64, total: Int64)] {
        func total(_ row: Row, _ high: Int, _ low: Int) -> Int64 {
            Int64(clamping: Int128(row.int64(high)) * 1_000_000_000 + Int128(row.int64(low)))
        }
        let parts: SQL = "sum(converted_minor / 1000000000), sum(converted_minor % 1000000000)"
        guard
            let span = try db.queryFirst(
                """
                SELECT min(report_id), max(report_id), count(report_id), \(parts) FROM expenses WHERE id >= \(firstNewID) AND report_id IS NOT NULL
                """,
                { row in
                    row.isNull(0) ? nil : (first: row.int64(0), last: row.int64(1), items: row.int64(2), total: total(row, 3, 4))
                }), let span
        else { return [] }
        if span.first == span.last { return [(span.first, span.items, span.total)] }
        return try db.query(
            """
            SELECT report_id, count(*), \(parts) FROM expenses NOT INDEXED WHERE id >= \(firstNewID) AND report_id IS NOT NULL GROUP BY report_id
            """
        ) { row in (report: row.int64(0), items: row.int64(1), total: total(row, 2, 3)) }
    }

    /// After rows inserted with the triggers in place (which add up a report's total in SQL, where
    /// an overflow silently becomes a float on a file, and stays at bigint's end on a server):
    /// refuses a total of a report that got rows from `firstNewID` on that is beyond the largest total.
    private func requireTotalsFit(ofReportsWithItemsFrom firstNewID: Int64) throws {
        let limit = Money.maximumTotalMinorUnits
        let notAnInteger = writes.imports.totalIsNotAnInteger
        // Not the whole report: a total SQLite overflowed into a real is no integer to decode.
        guard
            let (id, currency) = try db.queryFirst(
                """
                SELECT id, currency FROM reports
                WHERE id IN (SELECT report_id FROM expenses WHERE id >= \(firstNewID) AND report_id IS NOT NULL)
                  AND (\(notAnInteger)total_minor > \(limit) OR total_minor < \(-limit))
                ORDER BY id LIMIT 1
                """,
                { ($0.int64(0), try StoredRow($0, table: "reports", key: .column(0)).currency(1)) })
        else { return }
        throw Report.totalTooLarge(id: id, currency: currency)
    }

    /// A writer for the rows of batch `batchID`; use it inside the `write` that began the batch.
    /// - Parameters:
    ///   - rowsPerStatement: 1 to learn each row's fate at once (a dry run).
    ///   - rowsPerCall: on a team database, the rows copied and inserted by one call of the
    ///     server's `import_rows`; nil for `ServerImportWrites.rowsPerCall`.
    public func importWriter(batch batchID: Int64, rowsPerStatement: Int = 100, rowsPerCall: Int? = nil) throws -> any ImportWriter {
        try writes.imports.writer(batch: batchID, stamp: now(), rowsPerStatement: rowsPerStatement, rowsPerCall: rowsPerCall)
    }
}
