import ExpenseCore
import ExpenseSupport

extension Store {
    /// One step of a report's route as its printable report signs it (`approval_steps`).
    public typealias RouteStep = (
        position: Int, approver: String?, group: String?, why: String, decidedBy: String?, onBehalfOf: String?, decidedAt: String?
    )

    /// Report `reportID`'s route, first step first; none before it is submitted, nor for one
    /// submitted before routes.
    public func routeSteps(_ reportID: Int64) throws -> [RouteStep] {
        try db.query(
            """
            SELECT position, approver, approver_group, why, decided_by, on_behalf_of, decided_at FROM approval_steps
            WHERE report_id = \(reportID) ORDER BY position
            """ as SQL
        ) { row in
            let stored = StoredRow(row, table: "approval_steps", id: "position")
            return (
                position: Int(try stored.integer(0)), approver: row.optionalString(1), group: row.optionalString(2), why: row.string(3),
                decidedBy: row.optionalString(4), onBehalfOf: row.optionalString(5), decidedAt: row.optionalString(6)
            )
        }
    }
}
