import ExpenseCore
import ExpenseSupport

/// The audit log's head, what is checked before the commit, and the engines' id counters.
extension Copier {
    // MARK: - The audit log's head

    func head(of db: Database) throws -> AuditChain.Head? {
        guard try db.hasTable(CopiedTable.auditHead) else { return nil }
        return try db.queryFirst("SELECT last_id, last_hash FROM report_events_head WHERE singleton = 1" as SQL) {
            AuditChain.Head(lastID: $0.int64(0), lastHash: $0.string(1))
        }
    }

    /// The chain's end moves to the source's when the target's is the start of a chain (a new
    /// database) or an entry both have (a previous copy): the entries between are the ones just
    /// copied. Any other end is another chain's.
    func copyAuditHead() throws -> DatabaseCopy.Tally {
        var tally = DatabaseCopy.Tally(CopiedTable.auditHead)
        sourceHead = try head(of: from)
        guard let sourceHead else { return tally }
        let targetHead = try head(of: to)
        if targetHead == sourceHead {
            tally.present = 1
            return tally
        }
        if let targetHead, targetHead != AuditChain.Head(lastID: 0, lastHash: AuditChain.start) {
            let onChain =
                try to.scalar(
                    "SELECT count(*) FROM report_events WHERE id = \(targetHead.lastID) AND hash = \(targetHead.lastHash)" as SQL) > 0
            guard onChain else {
                throw ExpenseError(
                    .invalidData,
                    "the audit log of \(place.name) ends at event \(targetHead.lastID), which is not an "
                        + "entry of \(from.path)'s: it is another database's log; nothing was copied",
                    hint: "copy into a new file, or into a team database just set up")
            }
        }
        try to.execute(
            """
            INSERT INTO report_events_head (singleton, last_id, last_hash) VALUES (1, \(sourceHead.lastID), \(sourceHead.lastHash))
            ON CONFLICT (singleton) DO UPDATE SET last_id = excluded.last_id, last_hash = excluded.last_hash
            """ as SQL)
        tally.copied = 1
        return tally
    }

    /// Where the chain of `store`'s log breaks, verified against `head` (read without a lock: a
    /// read-only snapshot may not lock).
    func auditLogBreak(_ store: Store, head: AuditChain.Head?) throws -> (AuditChain.Break?, Int) {
        var verifier = AuditChain.Verifier(head: head)
        var found: AuditChain.Break?
        try store.db.forEachRow(SQL(verbatim: "SELECT \(Store.auditColumns) FROM report_events ORDER BY id")) { row in
            guard found == nil else { return }
            found = verifier.check(Store.auditRecord(row))
        }
        return (found ?? verifier.finish(), verifier.count)
    }

    // MARK: - Verification

    /// Before the commit: each table holds exactly the source's rows; the references hold; on a
    /// server each item and receipt is its report's and items' owner's; the chain verifies.
    func verify(_ tallies: inout [DatabaseCopy.Tally]) throws {
        for plan in plans {
            try Cancellation.check()
            let expected = sourceDigests[plan.table.name] ?? TableDigest(totals: plan.table.totals.count)
            let found = try targetDigest(plan)
            guard found == expected else {
                let extra = found.rows > expected.rows ? " (it holds rows \(from.path) does not have: it is not a copy of it)" : ""
                throw ExpenseError(
                    .invalidData,
                    "the copy of \(plan.table.name) does not match: \(from.path) has "
                        + "\(expected.described(plan.table.totals)), \(place.name) would hold "
                        + "\(found.described(plan.table.totals))\(extra); nothing was copied",
                    hint: "copy into a new file, or into a team database just set up")
            }
            if let index = tallies.firstIndex(where: { $0.name == plan.table.name }) { tallies[index].rows = found.rows }
        }
        let targetHead = try head(of: to)
        if let sourceHead {
            guard targetHead == sourceHead else {
                throw ExpenseError(.invalidData, "the audit log's head of \(place.name) is not \(from.path)'s; nothing was copied")
            }
            if let index = tallies.firstIndex(where: { $0.name == CopiedTable.auditHead }) { tallies[index].rows = 1 }
        }
        try checkReferences()
        if to.dialect == .postgresql { try checkOwners() }
        let (found, _) = try auditLogBreak(target, head: targetHead)
        if let found {
            throw ExpenseError(
                .invalidData, .auditLogAltered(event: found.eventID),
                "the audit log would not verify in \(place.name): \(found.message); nothing was copied")
        }
    }

    private func targetDigest(_ plan: TablePlan) throws -> TableDigest {
        var digest = TableDigest(totals: plan.table.totals.count)
        var after: [DatabaseValue]?
        while true {
            try Cancellation.check()
            let page = try readPage(
                plan, from: to, select: plan.targetColumns.joined(separator: ", "), arguments: [],
                filter: nil, filterArguments: [], key: plan.lookupKey, after: after)
            for row in page { digest.add(row, totalIndexes: plan.totalIndexes) }
            guard page.count == DatabaseCopy.pageSize, let last = page.last else { break }
            after = plan.lookupKey(of: last)
        }
        return digest
    }

    /// What the foreign keys hold; a server's are triggers, off during the copy.
    private func checkReferences() throws {
        for reference in CopiedTable.references {
            let dangling = try to.queryFirst(
                SQL(
                    verbatim: """
                        SELECT c.\(reference.column) FROM \(reference.table) c
                        WHERE c.\(reference.column) IS NOT NULL
                          AND NOT EXISTS (SELECT 1 FROM \(reference.parent) p WHERE p.\(reference.parentKey) = c.\(reference.column))
                        LIMIT 1
                        """)
            ) { $0.string(0) }
            if let dangling {
                throw ExpenseError(
                    .invalidData,
                    "the copy would leave \(reference.table).\(reference.column) referring to "
                        + "\(reference.parent) \(TerminalText.visible(dangling)), which is not there; nothing was copied")
            }
        }
    }

    /// What the server's policies and triggers hold for everyone else: an item is in a report of
    /// its owner's, a receipt is attached to its owner's items.
    private func checkOwners() throws {
        if let item = try to.queryFirst(
            """
            SELECT e.id FROM expenses e JOIN reports r ON r.id = e.report_id WHERE e.owner <> r.owner ORDER BY e.id LIMIT 1
            """ as SQL, { $0.int64(0) })
        {
            throw ExpenseError(.invalidData, "expense \(item) would not belong to its report's owner; nothing was copied")
        }
        if let link = try to.queryFirst(
            """
            SELECT l.receipt_id FROM expense_receipts l JOIN receipts c ON c.id = l.receipt_id JOIN expenses e ON e.id = l.expense_id
            WHERE c.owner <> e.owner ORDER BY l.receipt_id LIMIT 1
            """ as SQL, { $0.int64(0) })
        {
            throw ExpenseError(.invalidData, "receipt \(link) would be attached to another person's item; nothing was copied")
        }
    }

    // MARK: - Counters

    /// The engines number new rows past the highest id they gave (SQLite's sqlite_sequence, the
    /// server's identity sequences), and a copy gave them none: each counter moves to the
    /// source's, or past the highest id, so that the next row neither collides with a copied one
    /// nor takes the id of one the source deleted (the audit log outlives a deleted draft, by its
    /// id). Last before the commit: a server's sequences do not roll back.
    func moveCounters() throws {
        for plan in plans where plan.table.numbered {
            let table = plan.table.name
            let high = max(try sourceCounter(table), try to.scalar(SQL(verbatim: "SELECT coalesce(max(id), 0) FROM \(table)")))
            guard high > 0 else { continue }
            if to.dialect == .sqlite {
                if try to.scalar("SELECT count(*) FROM sqlite_sequence WHERE name = \(table)" as SQL) == 0 {
                    try to.execute(
                        "INSERT INTO sqlite_sequence (name, seq) VALUES (\(table), \(high))" as SQL)
                } else {
                    try to.execute(
                        "UPDATE sqlite_sequence SET seq = \(high) WHERE name = \(table) AND seq < \(high)" as SQL)
                }
            } else {
                let current = try to.scalar(
                    "SELECT coalesce(pg_sequence_last_value(pg_get_serial_sequence(\(table), 'id')::regclass), 0)" as SQL)
                if high > current {
                    _ = try to.scalar(
                        "SELECT setval(pg_get_serial_sequence(\(table), 'id'), \(high))" as SQL)
                }
            }
        }
    }

    /// The highest id the source's engine gave in `table`, deleted rows' included.
    private func sourceCounter(_ table: String) throws -> Int64 {
        if from.dialect == .sqlite {
            guard try from.hasTable("sqlite_sequence") else { return 0 }
            return try from.scalar(
                "SELECT coalesce(max(seq), 0) FROM sqlite_sequence WHERE name = \(table)" as SQL)
        }
        return try from.scalar(
            "SELECT coalesce(pg_sequence_last_value(pg_get_serial_sequence(\(table), 'id')::regclass), 0)" as SQL)
    }
}
