import ExpenseCore
import ExpenseSupport

/// What receipt matching (`ReceiptMatcher`, issue 30) reads: the person's items that still want a
/// receipt, looked up on an index by amount and day, and the person's receipts attached to
/// nothing. On a team database both are the caller's own, whatever else their role may read.
extension Store {
    /// The person's items without a receipt on days `dates` that a receipt may be matched to: in
    /// a draft report or in none, not mileage (a journey has no receipt). With `amounts`, only
    /// those in `currency` whose amount in minor units is in the range; without, every such item
    /// of those days (a receipt whose total was not read). Oldest id first.
    ///
    /// Items without a content key (card lines, typed items) are sought on the index
    /// `expenses_by_date_and_amount`, a seek for each day and amount (named: SQLite's planner
    /// took the content keys' index for `import_key IS NULL` as well, and read every card line of
    /// the days); a bank statement's rows, which that index leaves out (issue 45), on the content
    /// keys' index by their days.
    public func matchCandidates(
        on dates: ClosedRange<CalendarDate>, amounts: ClosedRange<Int64>? = nil, currency: Currency? = nil
    ) throws -> [Expense] {
        try expenses(matchCandidatesQuery(on: dates, amounts: amounts, currency: currency))
    }

    /// `matchCandidates`' query, to be read as it is planned.
    func matchCandidatesQuery(on dates: ClosedRange<CalendarDate>, amounts: ClosedRange<Int64>?, currency: Currency?) -> SQL {
        let days = (dates.lowerBound.dayNumber...min(dates.upperBound.dayNumber, dates.lowerBound.dayNumber + 31)).map {
            CalendarDate(dayNumber: $0)
        }
        var conditions: [SQL] = ["e.date IN (\(list: days))"]
        if let amounts, let currency {
            conditions.append(
                amounts.lowerBound == amounts.upperBound
                    ? "e.amount_minor = \(amounts.lowerBound)" : "e.amount_minor BETWEEN \(amounts.lowerBound) AND \(amounts.upperBound)")
            conditions.append("e.currency = \(currency)")
        }
        if let own = writes.receipts.ownRows("e.owner") { conditions.insert(own, at: 0) }
        let found = SQL.joined(conditions, separator: " AND ")
        return """
            SELECT \(Self.expenseColumns("e")) FROM expenses e
            WHERE e.id IN (SELECT e.id FROM expenses e \(SQL(verbatim: db.dialect.indexedBy("expenses_by_date_and_amount")))
                           WHERE \(found) AND e.import_key IS NULL
                           UNION ALL SELECT e.id FROM expenses e WHERE \(found) AND e.import_key IS NOT NULL)
              AND e.category <> 'mileage'
              AND NOT EXISTS (SELECT 1 FROM expense_receipts l WHERE l.expense_id = e.id)
              AND (e.report_id IS NULL OR EXISTS (SELECT 1 FROM reports r WHERE r.id = e.report_id AND r.status = 'draft'))
            ORDER BY e.id
            """
    }

    /// The person's receipts attached to no expense, oldest first: what `receipt match` and an
    /// import match.
    public func unattachedOwnReceipts() throws -> [Receipt] {
        try db.query(
            """
            SELECT \(receiptColumns) FROM receipts
            WHERE NOT EXISTS (SELECT 1 FROM expense_receipts WHERE receipt_id = receipts.id)\(onlyOwnRows(owner: "owner")) ORDER BY id
            """, Self.receipt)
    }
}

extension Store {
    /// Which of `expenseIDs` came in by one of `batches`: the new lines an import matches its
    /// receipts to.
    public func expenseIDs(_ expenseIDs: some Collection<Int64>, inBatches batches: Set<Int64>) throws -> Set<Int64> {
        guard !expenseIDs.isEmpty, !batches.isEmpty else { return [] }
        var found: Set<Int64> = []
        for id in expenseIDs {
            let batch = try db.queryFirst("SELECT import_batch_id FROM expenses WHERE id = \(id)" as SQL) { $0.optionalInt64(0) }
            if let batch = batch ?? nil, batches.contains(batch) { found.insert(id) }
        }
        return found
    }
}

extension Store {
    /// The person's items that were typed or made from a receipt (not imported) and have a
    /// receipt, in a draft or in no report, with their receipts: what a card line imported later
    /// may be the same payment as. Read from the links, which are as many as the receipts
    /// attached, never from every item.
    public func receiptItemsNotImported() throws -> [(item: Expense, receipts: [Int64])] {
        var receipts: [Int64: [Int64]] = [:]
        try db.forEachRow(
            """
            SELECT l.expense_id, l.receipt_id FROM expense_receipts l JOIN expenses e ON e.id = l.expense_id
            WHERE e.import_batch_id IS NULL AND e.category <> 'mileage'\(onlyOwnRows(owner: "e.owner"))
              AND (e.report_id IS NULL OR EXISTS (SELECT 1 FROM reports r WHERE r.id = e.report_id AND r.status = 'draft'))
            ORDER BY l.expense_id, l.receipt_id
            """ as SQL
        ) { row in receipts[row.int64(0), default: []].append(row.int64(1)) }
        return try receipts.keys.sorted().map { (try expense($0), receipts[$0] ?? []) }
    }
}

extension Store {
    /// ` AND <owner> = session_user` on a team database, where row security lets an approver read
    /// others' rows too; nothing on a file, every row of which is its person's.
    func onlyOwnRows(owner column: SQL) -> SQL {
        guard let own = writes.receipts.ownRows(column) else { return "" }
        return " AND \(own)"
    }
}
