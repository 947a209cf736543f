import ExpenseCore
import ExpenseSupport

/// A report finance may book, with the days that put its entries into a period: its last
/// approval (its costs) and its last reimbursement (its payment).
public struct BookableReport: Sendable, Equatable {
    public var report: Report
    public var approved: CalendarDate?
    public var reimbursed: CalendarDate?
}

/// An entry some journal export already held.
public struct BookedEntry: Sendable, Hashable {
    public var reportID: Int64
    public var kind: JournalEntry.Kind

    public init(reportID: Int64, kind: JournalEntry.Kind) {
        self.reportID = reportID
        self.kind = kind
    }
}

extension Store {
    /// The chart in use (SKR03 until finance chooses) and its accounts as stored.
    public func bookingAccounts() throws -> BookingAccounts {
        let chart = try bookingChart()
        var accounts = BookingAccounts.shipped(chart)
        let rows = try db.query(
            "SELECT account_key, number, title FROM chart_accounts WHERE chart = \(chart.rawValue) ORDER BY account_key" as SQL
        ) { row in (row.string(0), ChartAccount(number: row.string(1), title: row.string(2))) }
        for (key, account) in rows { accounts.accounts[key] = account }
        return accounts
    }

    public func bookingChart() throws -> AccountChart {
        guard let stored = try db.queryFirst("SELECT chart FROM booking_chart WHERE singleton = 1" as SQL, { $0.string(0) }) else {
            return .skr03
        }
        guard let chart = AccountChart(rawValue: stored) else {
            throw ExpenseError(.invalidData, "booking_chart holds no chart: '\(TerminalText.visible(stored, keepingLineBreaks: false))'")
        }
        return chart
    }

    /// Sets the account of a category or role in `chart`; on a team database finance's alone.
    /// Call inside `write`.
    public func setChartAccount(_ key: String, _ account: ChartAccount, in chart: AccountChart) throws {
        try writes.booking.setChartAccount(key, account, in: chart)
    }

    /// Chooses the chart the journal books to; on a team database finance's alone. Call inside `write`.
    public func setBookingChart(_ chart: AccountChart) throws {
        try writes.booking.setBookingChart(chart)
    }

    /// Every approved or reimbursed report with the UTC day of its last approval and of its
    /// last reimbursement (from its audit log), for the journal to sort into a period.
    public func bookableReports() throws -> [BookableReport] {
        let days = try db.query(
            """
            SELECT report_id, action, max(at) FROM report_events
            WHERE action IN (\(list: [ReportAction.approve, .reimburse].map(\.rawValue)))
            GROUP BY report_id, action
            """ as SQL
        ) { row in (row.int64(0), row.string(1), row.string(2)) }
        var approved: [Int64: CalendarDate] = [:]
        var reimbursed: [Int64: CalendarDate] = [:]
        for (report, action, at) in days {
            guard let day = try? CalendarDate.parse(String(at.prefix(10))) else {
                throw ExpenseError(
                    .invalidData, "report_events of report \(report) holds no time: '\(TerminalText.visible(at, keepingLineBreaks: false))'"
                )
            }
            if action == ReportAction.approve.rawValue { approved[report] = day } else { reimbursed[report] = day }
        }
        return try db.query(
            "SELECT \(Self.reportColumns) FROM reports WHERE status IN ('approved', 'reimbursed') ORDER BY id" as SQL, Self.report
        ).map { BookableReport(report: $0, approved: approved[$0.id], reimbursed: reimbursed[$0.id]) }
    }

    /// The entries earlier exports held (readable by finance alone on a team database).
    public func bookedEntries() throws -> Set<BookedEntry> {
        Set(
            try db.query("SELECT DISTINCT report_id, kind FROM journal_exported" as SQL) { row in
                let stored = StoredRow(row, table: "journal_exported", key: .column(0))
                return BookedEntry(reportID: row.int64(0), kind: try stored.value(1, as: JournalEntry.Kind.self))
            })
    }

    /// Records an export: when, who, the period, the format and its entries. Call inside `write`.
    @discardableResult
    public func recordJournalExport(
        from: CalendarDate, to: CalendarDate, format: String, entries: [BookedEntry], by actor: UserName
    ) throws -> Int64 {
        try writes.booking.recordExport(from: from, to: to, format: format, entries: entries, by: actor, at: now())
    }
}
