import ExpenseCore
import ExpenseSupport

extension Store {
    /// `owner`'s spending between two dates, grouped by currency, category and month: items of
    /// their reports in the report currency, and unassigned items in their own.
    ///
    /// SQLite's sum() fails on an Int64 overflow with SQL text for a message, so the amounts are
    /// summed in two parts that cannot overflow (each amount is at most 10^15) and put together
    /// here; a sum beyond the largest total is bad data (`Money.maximumTotalMinorUnits`).
    public func spending(owner: UserName, from: CalendarDate?, to: CalendarDate?) throws -> [SpendingSummary.Row] {
        try db.query(
            """
            SELECT coalesce(r.currency, e.currency), e.category, substr(e.date, 1, 7),
                   sum(coalesce(e.converted_minor, e.amount_minor) / 1000000000),
                   sum(coalesce(e.converted_minor, e.amount_minor) % 1000000000), count(*)
            FROM expenses e LEFT JOIN reports r ON r.id = e.report_id
            WHERE (r.owner = \(owner) OR e.report_id IS NULL) AND e.date >= \(from?.description ?? "0000-01-01") \
            AND e.date <= \(to?.description ?? "9999-12-31")
            GROUP BY 1, 2, 3
            """ as SQL
        ) { row in
            let currency = Store.currency(row.string(0))
            let category = row.string(1)
            let month = row.string(2)
            let sum = Int128(row.int64(3)) * 1_000_000_000 + Int128(row.int64(4))
            guard let minorUnits = Int64(exactly: sum), Money.adding(minorUnits, to: 0) != nil else {
                throw Money.totalTooLarge(
                    "the spending in \(currency.code) on \(category) in \(month)", currency: currency,
                    hint: "choose a shorter period")
            }
            return SpendingSummary.Row(currency: currency, category: category, month: month, minorUnits: minorUnits, count: row.int(5))
        }
    }
}
