import ExpenseCore
import ExpenseSupport
import PropertyList

extension Store {
    static let reportColumns = """
        id, title, purpose, destination, start_date, end_date, currency, status, owner,
        created_at, updated_at, item_count, total_minor, start_time, end_time, country
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
            country: try stored.optionalCountry(15))
    }

    /// Sets the trip of the server's report `id` to `report`'s, as `tripValues` stores it.
    private func setTripOnServer(_ id: Int64, _ report: Report, _ stamp: String) throws {
        try ServerWrites.reportTrip.call(
            on: db, id, report.startTime.map(TripTime.clock), report.endTime.map(TripTime.clock), report.country?.code, stamp)
    }

    /// A report's trip as its columns store it: the times of day (`HH:MM`) and the country.
    static func tripValues(_ report: Report) -> [DatabaseValue] {
        [
            DatabaseValue(report.startTime.map(TripTime.clock)), DatabaseValue(report.endTime.map(TripTime.clock)),
            DatabaseValue(report.country?.code),
        ]
    }

    /// Inserts a new report and returns it with its id and stamps. Its owner is stored normalised
    /// (`UserName`), or refused.
    public func insertReport(_ report: Report) throws -> Report {
        try report.validate()
        let owner = try UserName(validating: report.owner)
        let stamp = now()
        let header: [DatabaseValue] = [
            .text(report.title), .text(report.purpose), .text(report.destination),
            DatabaseValue(report.startDate?.description), DatabaseValue(report.endDate?.description),
            .text(report.currency.code),
        ]
        if writesThroughFunctions {
            // A new report is a draft of whoever the server let in; its trip is set in the same transaction.
            return try write {
                let made = try ServerWrites.reportNew.call(
                    on: db, report.title, report.purpose, report.destination, report.startDate?.description,
                    report.endDate?.description, report.currency.code, stamp)
                try setTripOnServer(made, report, stamp)
                return try self.report(made)
            }
        }
        let insertedID = try db.insert(
            """
            INSERT INTO reports (title, purpose, destination, start_date, end_date, currency, status, owner,
                                 created_at, updated_at, start_time, end_time, country)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, header + [.text(report.status.rawValue), .text(owner.value), .text(stamp), .text(stamp)] + Self.tripValues(report))
        return try self.report(insertedID)
    }

    /// The report with `id`, or an "unknown report" error.
    public func report(_ id: Int64) throws -> Report {
        guard let report = try db.queryFirst("SELECT \(Self.reportColumns) FROM reports WHERE id = ?", [.integer(id)], Self.report)
        else {
            throw ExpenseError(.notFound, .unknownReport(id), "unknown report \(id)")
        }
        return report
    }

    /// Reports, open ones first (not yet reimbursed), then the most recent trip first.
    /// (A trip without dates comes after the dated ones, as SQLite sorts NULL; PostgreSQL is told to.)
    public func reports(limit: Int?, offset: Int = 0) throws -> [Report] {
        let nullsLast = db.dialect == .postgresql ? " NULLS LAST" : ""
        return try db.query(
            """
            SELECT \(Self.reportColumns) FROM reports
            ORDER BY status = 'reimbursed', start_date DESC\(nullsLast), id DESC
            LIMIT ? OFFSET ?
            """, [.integer(Int64(limit ?? Int.max)), .integer(Int64(offset))], Self.report)
    }

    public func reportCount() throws -> Int { Int(try db.scalar("SELECT count(*) FROM reports")) }

    /// The id of the most recently created report, if any.
    public func latestReportID() throws -> Int64? {
        try db.queryFirst("SELECT id FROM reports ORDER BY id DESC LIMIT 1") { $0.int64(0) }
    }

    /// Saves the header fields of `report`, its trip's times and country among them (not its
    /// status, items or totals); refused unless the report, as stored, is editable, and when a
    /// stop or meals it has would fall outside its new dates.
    public func updateReport(_ report: Report) throws {
        try write {
            try requireEditable(report: report.id, for: .edit)
            try report.validate()
            try requireTripDaysInside(report)
            if writesThroughFunctions {
                try ServerWrites.reportEdit.call(
                    on: db, report.id, report.title, report.purpose, report.destination, report.startDate?.description,
                    report.endDate?.description, report.currency.code, now())
                try setTripOnServer(report.id, report, now())
                return
            }
            try db.execute(
                """
                UPDATE reports SET title = ?, purpose = ?, destination = ?, start_date = ?, end_date = ?, currency = ?,
                                   updated_at = ?, start_time = ?, end_time = ?, country = ?
                WHERE id = ?
                """,
                [
                    .text(report.title), .text(report.purpose), .text(report.destination),
                    DatabaseValue(report.startDate?.description), DatabaseValue(report.endDate?.description),
                    .text(report.currency.code), .text(now()),
                ] + Self.tripValues(report) + [.integer(report.id)])
        }
    }

    /// Deletes a report, refused unless it is editable. Its items are deleted with it, or kept
    /// as unassigned items.
    /// - Returns: how many items it held.
    @discardableResult
    public func deleteReport(_ id: Int64, deletingItems: Bool) throws -> Int {
        try write {
            _ = try report(id, for: .delete)  // an unknown report is an error here: nothing would be deleted
            if writesThroughFunctions {
                return Int(try ServerWrites.reportDelete.call(on: db, id, deletingItems ? 1 : 0, now()))
            }
            let items = Int(try db.scalar("SELECT count(*) FROM expenses WHERE report_id = ?", [.integer(id)]))
            if deletingItems {
                try db.execute("DELETE FROM expenses WHERE report_id = ?", [.integer(id)])
            } else {
                // An unassigned item keeps its original amount; the conversion belonged to the report.
                try db.execute(
                    """
                    UPDATE expenses SET report_id = NULL, rate = NULL, rate_date = NULL, rate_source = NULL,
                                        converted_minor = NULL, updated_at = ?
                    WHERE report_id = ?
                    """, [.text(now()), .integer(id)])
            }
            try db.execute("DELETE FROM report_advances WHERE report_id = ?", [.integer(id)])
            try db.execute("DELETE FROM reports WHERE id = ?", [.integer(id)])
            return items
        }
    }
}
