import ExpenseCore
import ExpenseSupport

/// Approvers' delegates (issue 43): who decides an approver's steps while they are away.
extension Store {
    /// Every delegation, the latest ending first.
    public func delegations() throws -> [Delegation] {
        try db.query(
            "SELECT id, approver, delegate, from_date, until_date FROM delegations ORDER BY until_date DESC, id DESC" as SQL
        ) { row in
            let stored = StoredRow(row, table: "delegations", id: "id")
            return Delegation(
                id: row.int64(0), approver: row.string(1), delegate: row.string(2), from: try stored.date(3),
                until: try stored.date(4))
        }
    }

    /// `approver` names `delegate` from `from` to `until` (both included); returns its id. On a
    /// team database the approver is whoever connects, an approver, and so is the delegate.
    @discardableResult
    public func addDelegation(to delegate: UserName, from: CalendarDate, until: CalendarDate, by approver: UserName) throws -> Int64 {
        let today = try CalendarDate.parse(try writes.workflow.today())
        try Delegation.validate(approver: approver, delegate: delegate, from: from, until: until, today: today)
        return try write { try writes.workflow.addDelegation(to: delegate, from: from, until: until, by: approver) }
    }

    /// Removes delegation `id`, one of `approver`'s own; another's, or none, is not found.
    public func removeDelegation(_ id: Int64, by approver: UserName) throws {
        try write {
            let own = try db.scalar("SELECT count(*) FROM delegations WHERE id = \(id) AND approver = \(approver.value)" as SQL)
            guard own == 1 else {
                throw ExpenseError(.notFound, "unknown delegation \(id) of \(approver)", hint: "'expenses delegate list' shows them")
            }
            try writes.workflow.removeDelegation(id, by: approver)
        }
    }
}
