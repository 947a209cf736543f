import ExpenseCore
import ExpenseSupport

extension Store {
    static let cutColumns: SQL = "expense_id, report_id, approved_minor, reason, cut_by, on_behalf_of, cut_at"

    static func cut(_ row: Row, reportCurrency: Currency) throws -> ItemCut {
        let stored = StoredRow(row, table: "expense_cuts", key: .column(0))
        return ItemCut(
            expenseID: try stored.integer(0), approved: try stored.money(2, in: reportCurrency), reason: row.string(3),
            cutBy: row.string(4), onBehalfOf: row.optionalString(5), cutAt: row.string(6))
    }

    /// The cuts of report `reportID`'s items (`ItemCut`), by item.
    public func cuts(of reportID: Int64) throws -> [ItemCut] {
        let currency = try report(reportID).currency
        return try db.query("SELECT \(Self.cutColumns) FROM expense_cuts WHERE report_id = \(reportID) ORDER BY expense_id" as SQL) {
            try Self.cut($0, reportCurrency: currency)
        }
    }

    /// Cuts items of submitted report `id` (`ItemCut`), each logged in its audit chain ("cut item
    /// 12"), by `user`, who may decide on it now (`requireDecider`), on the version `seen`.
    /// Refuses them all when one is refused: an item not in the report, an amount below zero or
    /// above what it is approved at, a reason missing, an item twice. Call inside `write`, before
    /// the step that approves the report: returns the version the cuts leave, which that step names.
    public func cut(_ cuts: [ItemCut], of id: Int64, by user: UserName, seen: ReportVersion) throws -> ReportVersion {
        guard let report = try lockedReport(id) else { throw ExpenseError(.notFound, .unknownReport(id), "unknown report \(id)") }
        // A cut is part of an approval: of a submitted report, not the cutter's own, by its waiting step's decider.
        try ReportAction.approve.check(report, by: user)
        let onBehalfOf = try requireDecider(report, user)
        try version(of: id).requireSeen(seen, of: report)
        let items = Dictionary(try expenses(.report(id)).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let earlier = Dictionary(try self.cuts(of: id).map { ($0.expenseID, $0.approved) }, uniquingKeysWith: { first, _ in first })
        var version = seen
        var done = Set<Int64>()
        for var cut in cuts {
            guard done.insert(cut.expenseID).inserted else {
                throw ExpenseError(.invalidData, "item \(cut.expenseID) is cut twice; give one --cut for it")
            }
            let item = items[cut.expenseID]
            let before = earlier[cut.expenseID] ?? item?.conversion?.converted
            try cut.check(item, of: report, approvedSoFar: before)
            cut.onBehalfOf = onBehalfOf?.value
            version = try writes.workflow.cut(cut, from: before ?? cut.approved, of: report, by: user, seen: version)
        }
        return version
    }
}
