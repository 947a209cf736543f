import ExpenseCore
import ExpenseSupport

/// The writes of the charts of accounts and of the journal exports' record, as each engine
/// makes them: a file's SQL (`FileBookingWrites`) or the team server's declared functions
/// (`ServerBookingWrites`), which let finance alone.
protocol BookingWrites {
    func setChartAccount(_ key: String, _ account: ChartAccount, in chart: AccountChart) throws
    func setBookingChart(_ chart: AccountChart) throws
    /// - Returns: the export's id.
    func recordExport(
        from: CalendarDate, to: CalendarDate, format: String, entries: [BookedEntry], by actor: UserName, at: String
    ) throws -> Int64
}
