import ExpenseCore
import ExpenseSupport
import PropertyList

extension Store {
    /// Takes a workflow step: checks it, logs it, then moves the report (the schema refuses a
    /// status change that was not logged first). Call inside `write`.
    @discardableResult
    public func apply(_ action: ReportAction, to id: Int64, by user: UserName, reason: String = "") throws -> Report {
        let report = try report(id)
        try action.check(report, by: user)
        try logEvent(report.id, actor: user, action: action.rawValue, from: report.status, to: action.to, reason: reason)
        try db.execute("UPDATE reports SET status = ?, updated_at = ? WHERE id = ?",
                       [.text(action.to.rawValue), .text(now()), .integer(id)])
        return try self.report(id)
    }

    /// Appends an entry to a report's audit log.
    public func logEvent(_ reportID: Int64, actor: UserName, action: String, from: ReportStatus, to: ReportStatus,
                         reason: String) throws {
        try db.execute("""
            INSERT INTO report_events (report_id, at, actor, action, from_status, to_status, reason)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """, [.integer(reportID), .text(now()), .text(actor.value), .text(action), .text(from.rawValue), .text(to.rawValue),
                  .text(reason)])
    }

    /// A report's audit log, oldest first.
    public func events(_ reportID: Int64) throws -> [ReportEvent] {
        try db.query("""
            SELECT at, actor, from_status, to_status, action, reason FROM report_events WHERE report_id = ? ORDER BY id
            """, [.integer(reportID)]) { row in
            ReportEvent(at: row.string("at"), actor: row.string("actor"),
                        from: ReportStatus(rawValue: row.string("from_status")) ?? .draft,
                        to: ReportStatus(rawValue: row.string("to_status")) ?? .draft,
                        action: row.string("action"), reason: row.string("reason"))
        }
    }
}
