import ExpenseCore
import ExpenseSupport

extension Store {
    /// `owner`'s spending between two dates, grouped by currency, category and month: items of
    /// their reports in the report currency, and unassigned items in their own currency.
    public func spending(owner: UserName, from: CalendarDate?, to: CalendarDate?) throws -> [SpendingSummary.Row] {
        try db.query("""
            SELECT coalesce(r.currency, e.currency), e.category, substr(e.date, 1, 7),
                   sum(coalesce(e.converted_minor, e.amount_minor)), count(*)
            FROM expenses e LEFT JOIN reports r ON r.id = e.report_id
            WHERE (r.owner = ? OR e.report_id IS NULL) AND e.date >= ? AND e.date <= ?
            GROUP BY 1, 2, 3
            """, [.text(owner.value), .text(from?.description ?? "0000-01-01"), .text(to?.description ?? "9999-12-31")]) { row in
            SpendingSummary.Row(currency: Store.currency(row.string(0)), category: row.string(1), month: row.string(2),
                                minorUnits: row.int64(3), count: row.int(4))
        }
    }
}
