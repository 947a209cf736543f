import ExpenseCore
import ExpenseSupport

/// The store's side of the domain's one rule, `Report.requireEditable`: every write that changes
/// a report or its items asks it here, inside its own transaction and with the report's status as
/// it is there, so no caller can forget it and nothing can change between the check and the
/// write. The schema's triggers stay behind it as the last line of defence.
extension Store {
    /// The statuses whose items may change, as an SQL list built from the domain's rule
    /// (`ReportStatus.allowsItemChanges`): `('draft')`. For the SQL that must follow the rule.
    static let editableStatusesSQL =
        "("
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

    /// Report `id` as it is now. A SQLite write transaction holds the whole file already, so
    /// nothing comes between this check and the write; on a team database the server's function
    /// that writes locks the report and checks it again (members may not lock rows themselves).
    func lockedReport(_ id: Int64) throws -> Report? {
        try db.queryFirst("SELECT \(Self.reportColumns) FROM reports WHERE id = \(id)" as SQL, Self.report)
    }

    /// Refuses a write that would take report `id`'s total, as stored, beyond the largest
    /// total (`Report.requireTotalFits`). An unknown report passes, as in `requireEditable`.
    func requireTotalFits(report id: Int64, adding change: Int64) throws {
        guard change != 0 else { return }
        let report = try db.queryFirst("SELECT \(Self.reportColumns) FROM reports WHERE id = \(id)" as SQL, Self.report)
        try report?.requireTotalFits(adding: change)
    }

    /// The report expense `id` is in now and its converted amount there (nil, 0 when it is
    /// unassigned or unknown).
    func placeOfExpense(_ id: Int64) throws -> (reportID: Int64?, converted: Int64) {
        try db.queryFirst("SELECT report_id, converted_minor FROM expenses WHERE id = \(id)" as SQL) {
            ($0.optionalInt64(0), $0.optionalInt64(1) ?? 0)
        } ?? (nil, 0)
    }
}
