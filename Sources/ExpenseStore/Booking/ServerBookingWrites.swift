import ExpenseCore
import ExpenseSupport

/// Booking writes on a team database: each a call of the server's declared function
/// (`ServerWrites`), which refuses anyone but finance.
struct ServerBookingWrites: BookingWrites {
    unowned let store: Store

    func setChartAccount(_ key: String, _ account: ChartAccount, in chart: AccountChart) throws {
        _ = try ServerWrites.chartAccountSet.call(on: store.db, chart.rawValue, key, account.number, account.title)
    }

    func setBookingChart(_ chart: AccountChart) throws {
        _ = try ServerWrites.bookingChartSet.call(on: store.db, chart.rawValue)
    }

    func recordExport(
        from: CalendarDate, to: CalendarDate, format: String, entries: [BookedEntry], by actor: UserName, at: String
    ) throws -> Int64 {
        let list = entries.map { "\($0.reportID):\($0.kind.rawValue)" }.joined(separator: ",")
        return try ServerWrites.journalExportRecord.call(on: store.db, from.description, to.description, format, list, at)
    }
}
