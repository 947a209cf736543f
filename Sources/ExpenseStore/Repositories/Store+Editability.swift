import ExpenseCore
import ExpenseSupport

/// The store's side of the domain's one rule, `Report.requireEditable`: every write that changes
/// a report or its items asks it here, inside its own transaction and with the report's status as
/// it is there, so no caller can forget it and nothing can change between the check and the
/// write. The schema's triggers stay behind it as the last line of defence.
extension Store {
    /// The statuses whose items may change, as an SQL list built from the domain's rule
    /// (`ReportStatus.allowsItemChanges`): `('draft')`. For the SQL that must follow the rule.
    static let editableStatusesSQL = "("
        + ReportStatus.allCases.filter(\.allowsItemChanges).map { "'\($0.rawValue)'" }.joined(separator: ", ") + ")"

    /// The report `id`, as it is now, if the domain allows `change` to it; else the domain's
    /// refusal. Commands call it when the refusal must come before their other checks; the
    /// write functions call it whatever the caller did.
    public func report(_ id: Int64, for change: ReportChange) throws -> Report {
        let report = try report(id)
        try report.requireEditable(change)
        return report
    }

    /// Refuses `change` unless report `id`, as it is now, allows it. An unknown report passes:
    /// the write's foreign key, not this, reports it, as before (and the triggers do the same).
    func requireEditable(report id: Int64, for change: ReportChange) throws {
        try lockedReport(id)?.requireEditable(change)
    }

    /// Report `id` as it is now, and on a team database locked until this transaction ends, so
    /// that no other client's submission or item comes between this check and this write (a
    /// SQLite write transaction holds the whole file already). A report one may see but not
    /// change (an approver's view of an approved one) is read without the lock: the domain's
    /// check then refuses the step with its own words.
    func lockedReport(_ id: Int64) throws -> Report? {
        let sql = "SELECT \(Self.reportColumns) FROM reports WHERE id = ?"
        if db.dialect == .postgresql, let locked = try db.queryFirst(sql + " FOR UPDATE", [.integer(id)], Self.report) {
            return locked
        }
        return try db.queryFirst(sql, [.integer(id)], Self.report)
    }

    /// Refuses a write that would take report `id`'s total, as stored, beyond the largest
    /// total (`Report.requireTotalFits`). An unknown report passes, as in `requireEditable`.
    func requireTotalFits(report id: Int64, adding change: Int64) throws {
        guard change != 0 else { return }
        let report = try db.queryFirst("SELECT \(Self.reportColumns) FROM reports WHERE id = ?", [.integer(id)], Self.report)
        try report?.requireTotalFits(adding: change)
    }

    /// The report expense `id` is in now and its converted amount there (nil, 0 when it is
    /// unassigned or unknown).
    func placeOfExpense(_ id: Int64) throws -> (reportID: Int64?, converted: Int64) {
        try db.queryFirst("SELECT report_id, converted_minor FROM expenses WHERE id = ?", [.integer(id)]) {
            ($0.optionalInt64(0), $0.optionalInt64(1) ?? 0)
        } ?? (nil, 0)
    }
}
