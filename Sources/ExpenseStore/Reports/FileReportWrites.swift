import ExpenseCore
import ExpenseSupport

/// Report writes on a file: the SQL itself, and the audit log's entry beside it.
struct FileReportWrites: ReportWrites {
    unowned let store: Store

    func insertReport(_ report: Report, owner: UserName, at stamp: String) throws -> Int64 {
        try store.db.insert(
            """
            INSERT INTO reports (title, purpose, destination, start_date, end_date, currency, status, owner,
                                 created_at, updated_at, start_time, end_time, country, place, overnight)
            VALUES (\(report.title), \(report.purpose), \(report.destination), \(report.startDate), \(report.endDate), \
            \(report.currency), \(report.status), \(owner), \(stamp), \(stamp), \(Store.tripValues(report)))
            """ as SQL)
    }

    func updateReport(_ report: Report) throws {
        let (startTime, endTime) = (report.startTime.map(TripTime.clock), report.endTime.map(TripTime.clock))
        try store.db.execute(
            """
            UPDATE reports SET title = \(report.title), purpose = \(report.purpose), destination = \(report.destination), \
            start_date = \(report.startDate), end_date = \(report.endDate), currency = \(report.currency),
                               updated_at = \(store.now()), start_time = \(startTime), end_time = \(endTime), \
            country = \(report.country?.code), place = \(report.place), overnight = \(report.overnight)
            WHERE id = \(report.id)
            """ as SQL)
    }

    func deleteReport(_ id: Int64, deletingItems: Bool) throws -> Int {
        let db = store.db
        let items = Int(try db.scalar("SELECT count(*) FROM expenses WHERE report_id = \(id)" as SQL))
        if deletingItems {
            try db.execute("DELETE FROM expenses WHERE report_id = \(id)" as SQL)
        } else {
            // An unassigned item keeps its original amount; the conversion belonged to the report.
            try db.execute(
                """
                UPDATE expenses SET report_id = NULL, rate = NULL, rate_date = NULL, rate_source = NULL,
                                    converted_minor = NULL, updated_at = \(store.now())
                WHERE report_id = \(id)
                """ as SQL)
        }
        try db.execute("DELETE FROM report_advances WHERE report_id = \(id)" as SQL)
        try db.execute("DELETE FROM reports WHERE id = \(id)" as SQL)
        return items
    }
}
