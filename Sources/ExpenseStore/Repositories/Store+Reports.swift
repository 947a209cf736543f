import ExpenseCore
import ExpenseSupport
import PropertyList

extension Store {
    static let reportColumns = """
        id, title, purpose, destination, start_date, end_date, currency, status, owner,
        created_at, updated_at, item_count, total_minor
        """

    static func report(_ row: Row) -> Report {
        let currency = currency(row.string("currency"))
        return Report(id: row.int64("id"), title: row.string("title"), purpose: row.string("purpose"),
                      destination: row.string("destination"),
                      startDate: date(row.optionalString("start_date")), endDate: date(row.optionalString("end_date")),
                      currency: currency, status: ReportStatus(rawValue: row.string("status")) ?? .draft,
                      owner: row.string("owner"), createdAt: row.string("created_at"), updatedAt: row.string("updated_at"),
                      itemCount: row.int("item_count"), total: Money(minorUnits: row.int64("total_minor"), currency: currency))
    }

    /// Inserts a new report and returns it with its id and stamps. Its owner is stored normalised
    /// (`UserName`), or refused.
    public func insertReport(_ report: Report) throws -> Report {
        try report.validate()
        let owner = try UserName(validating: report.owner)
        let stamp = now()
        let insertedID = try db.insert("""
            INSERT INTO reports (title, purpose, destination, start_date, end_date, currency, status, owner,
                                 created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [.text(report.title), .text(report.purpose), .text(report.destination),
                  DatabaseValue(report.startDate?.description), DatabaseValue(report.endDate?.description),
                  .text(report.currency.code), .text(report.status.rawValue), .text(owner.value),
                  .text(stamp), .text(stamp)])
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
        return try db.query("""
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

    /// Saves the header fields of `report` (not its status, items or totals); refused unless
    /// the report, as stored, is editable.
    public func updateReport(_ report: Report) throws {
        try write {
            try requireEditable(report: report.id, for: .edit)
            try report.validate()
            try db.execute("""
                UPDATE reports SET title = ?, purpose = ?, destination = ?, start_date = ?, end_date = ?, currency = ?,
                                   updated_at = ?
                WHERE id = ?
                """, [.text(report.title), .text(report.purpose), .text(report.destination),
                      DatabaseValue(report.startDate?.description), DatabaseValue(report.endDate?.description),
                      .text(report.currency.code), .text(now()), .integer(report.id)])
        }
    }

    /// Deletes a report, refused unless it is editable. Its items are deleted with it, or kept
    /// as unassigned items.
    /// - Returns: how many items it held.
    @discardableResult
    public func deleteReport(_ id: Int64, deletingItems: Bool) throws -> Int {
        try write {
            _ = try report(id, for: .delete)   // an unknown report is an error here: nothing would be deleted
            let items = Int(try db.scalar("SELECT count(*) FROM expenses WHERE report_id = ?", [.integer(id)]))
            if deletingItems {
                try db.execute("DELETE FROM expenses WHERE report_id = ?", [.integer(id)])
            } else {
                // An unassigned item keeps its original amount; the conversion belonged to the report.
                try db.execute("""
                    UPDATE expenses SET report_id = NULL, rate = NULL, rate_date = NULL, rate_source = NULL,
                                        converted_minor = NULL, updated_at = ?
                    WHERE report_id = ?
                    """, [.text(now()), .integer(id)])
            }
            try db.execute("DELETE FROM reports WHERE id = ?", [.integer(id)])
            return items
        }
    }
}
