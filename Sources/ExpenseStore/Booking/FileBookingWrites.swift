import ExpenseCore
import ExpenseSupport

/// Booking writes on a file: the SQL itself (its one person is finance too).
struct FileBookingWrites: BookingWrites {
    unowned let store: Store

    func setChartAccount(_ key: String, _ account: ChartAccount, in chart: AccountChart) throws {
        try store.db.execute(
            """
            INSERT INTO chart_accounts (chart, account_key, number, title) VALUES (\(chart.rawValue), \(key), \(account.number), \(account.title))
            ON CONFLICT (chart, account_key) DO UPDATE SET number = excluded.number, title = excluded.title
            """ as SQL)
    }

    func setBookingChart(_ chart: AccountChart) throws {
        try store.db.execute(
            """
            INSERT INTO booking_chart (singleton, chart) VALUES (1, \(chart.rawValue))
            ON CONFLICT (singleton) DO UPDATE SET chart = excluded.chart
            """ as SQL)
    }

    func recordExport(
        from: CalendarDate, to: CalendarDate, format: String, entries: [BookedEntry], by actor: UserName, at: String
    ) throws -> Int64 {
        let id = try store.db.insert(
            """
            INSERT INTO journal_exports (at, actor, from_date, to_date, format)
            VALUES (\(at), \(actor.value), \(from.description), \(to.description), \(format))
            """ as SQL)
        for entry in entries {
            try store.db.execute(
                "INSERT INTO journal_exported (export_id, report_id, kind) VALUES (\(id), \(entry.reportID), \(entry.kind.rawValue))"
                    as SQL)
        }
        return id
    }
}
