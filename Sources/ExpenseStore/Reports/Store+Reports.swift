import ExpenseCore
import ExpenseSupport
import PropertyList

extension Store {
    static let reportColumns: SQL = """
        id, title, purpose, destination, start_date, end_date, currency, status, owner,
        created_at, updated_at, item_count, total_minor, start_time, end_time, country, place, overnight
        """

    /// A report from a row whose first columns are `reportColumns`, read by position: by name,
    /// each column was a lookup in a dictionary, 13 a report (a tenth of `report list --all`).
    static func report(_ row: Row) throws -> Report {
        assert(row.index("id") == 0 && row.index("total_minor") == 12, "a report's query selects reportColumns first")
        let stored = StoredRow(row, table: "reports", key: .column(0))
        let currency = try stored.currency(6)
        return Report(
            id: try stored.integer(0), title: row.string(1), purpose: row.string(2), destination: row.string(3),
            startDate: try stored.optionalDate(4), endDate: try stored.optionalDate(5),
            currency: currency, status: try stored.value(7, as: ReportStatus.self),
            owner: row.string(8), createdAt: row.string(9), updatedAt: row.string(10),
            itemCount: Int(try stored.integer(11)), total: try stored.money(12, in: currency),
            startTime: try stored.optionalMinuteOfDay(13), endTime: try stored.optionalMinuteOfDay(14),
            country: try stored.optionalCountry(15), place: row.optionalString(16),
            overnight: try stored.integer(17, as: Int64.self, in: 0...1) != 0)
    }

    /// A report's trip as its columns store it: the times of day (`HH:MM`), the country, the
    /// place and whether it has nights away, for the `start_time, end_time, country, place,
    /// overnight` of an INSERT.
    static func tripValues(_ report: Report) -> SQL {
        "\(report.startTime.map(TripTime.clock)), \(report.endTime.map(TripTime.clock)), \(report.country?.code), \(report.place), \(report.overnight)"
    }

    /// Inserts a new report and returns it with its id and stamps. Its owner is stored normalised
    /// (`UserName`), or refused.
    public func insertReport(_ report: Report) throws -> Report {
        try report.validate()
        let owner = try UserName(validating: report.owner)
        return try self.report(try writes.reports.insertReport(report, owner: owner, at: now()))
    }

    /// The report with `id`, or an "unknown report" error.
    public func report(_ id: Int64) throws -> Report {
        guard let report = try db.queryFirst("SELECT \(Self.reportColumns) FROM reports WHERE id = \(id)" as SQL, Self.report)
        else {
            throw ExpenseError(.notFound, .unknownReport(id), "unknown report \(id)")
        }
        return report
    }

    /// Reports, open ones first (not yet reimbursed), then the most recent trip first.
    /// (A trip without dates comes after the dated ones, as SQLite sorts NULL; PostgreSQL is told to.)
    public func reports(limit: Int?, offset: Int = 0) throws -> [Report] {
        try db.query(
            """
            SELECT \(Self.reportColumns) FROM reports
            ORDER BY status = 'reimbursed', start_date DESC\(db.dialect.nullsLast), id DESC
            LIMIT \(Int64(limit ?? Int.max)) OFFSET \(Int64(offset))
            """ as SQL, Self.report)
    }

    public func reportCount() throws -> Int { Int(try db.scalar("SELECT count(*) FROM reports" as SQL)) }

    /// The id of the most recently created report, if any.
    public func latestReportID() throws -> Int64? {
        try db.queryFirst("SELECT id FROM reports ORDER BY id DESC LIMIT 1" as SQL) { $0.int64(0) }
    }

    /// Saves the header fields of `report`, its trip's times and country among them (not its
    /// status, items or totals); refused unless the report, as stored, is editable, and when a
    /// stop or meals it has would fall outside its new dates.
    public func updateReport(_ report: Report) throws {
        try write {
            try requireEditable(report: report.id, for: .edit)
            try report.validate()
            try requireTripDaysInside(report)
            try writes.reports.updateReport(report)
        }
    }

    /// Deletes a report, refused unless it is editable. Its items are deleted with it, or kept
    /// as unassigned items.
    /// - Returns: how many items it held.
    @discardableResult
    public func deleteReport(_ id: Int64, deletingItems: Bool) throws -> Int {
        try write {
            _ = try report(id, for: .delete)  // an unknown report is an error here: nothing would be deleted
            return try writes.reports.deleteReport(id, deletingItems: deletingItems)
        }
    }
}
