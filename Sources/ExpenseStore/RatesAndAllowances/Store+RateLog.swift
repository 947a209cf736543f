import ExpenseCore
import ExpenseSupport

extension Store {
    /// Verifies the rate log's chain (`rate_events`, a team database's: every change of the
    /// per-diem, mileage and exchange-rate tables) and returns how many changes it holds, nil
    /// where there is no such log (a file). A break is a data error (65) naming the first change
    /// altered, added or removed outside the server's triggers.
    ///
    /// Its entries are chained as the audit log's (`AuditChain`), as entries of report 0 whose
    /// action is the table and the row's key and whose statuses are the old and new values.
    @discardableResult
    public func verifyRateLog() throws -> Int? {
        guard try db.hasTable("rate_events") else { return nil }
        let head = try db.queryFirst("SELECT last_id, last_hash FROM rate_events_head WHERE singleton = 1" as SQL) {
            AuditChain.Head(lastID: $0.int64(0), lastHash: $0.string(1))
        }
        var verifier = AuditChain.Verifier(head: head)
        var found: AuditChain.Break?
        try db.forEachRow("SELECT id, at, actor, action, old_values, new_values, hash FROM rate_events ORDER BY id" as SQL) { row in
            guard found == nil else { return }
            found = verifier.check(
                AuditRecord(
                    id: row.int64(0), reportID: 0, at: row.string(1), actor: row.string(2), action: row.string(3),
                    from: row.string(4), to: row.string(5), reason: "", hash: row.optionalString(6)))
        }
        if let found = found ?? verifier.finish() {
            throw ExpenseError(.invalidData, "the rate log was altered outside expenses: " + Self.rateLogBreak(found))
        }
        return verifier.count
    }

    private static func rateLogBreak(_ found: AuditChain.Break) -> String {
        func described(_ record: AuditRecord) -> String { "change \(record.id) (\(record.action) by \(record.actor))" }
        switch found {
        case .changed(let record): return "\(described(record)) was changed"
        case .added(let record): return "\(described(record)) was added"
        case .removed(let from, let through, _):
            return from == through ? "change \(from) was removed" : "changes \(from) to \(through) were removed"
        case .endMissing(let lastID):
            return "the record of its last change was removed, so change \(lastID) and those before it cannot be told complete"
        }
    }
}
