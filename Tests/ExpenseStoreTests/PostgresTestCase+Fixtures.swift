import ExpenseCore
import ExpenseStore
import XCTest

/// Rows made the way the app makes them, each as the role that would: a report, an item, a
/// workflow step (the event logged first, then the status, in one transaction).
extension PostgresTestCase {
    /// A 64-hex hash: the server checks an entry's hash has the form; the app checks the chain.
    static let hash = String(repeating: "a", count: 64)

    /// A new draft of `owner`'s; its id.
    func newReport(_ owner: String, _ title: String = "Trip") throws -> Int64 {
        try returnedID(owner, """
            INSERT INTO reports (title, currency, owner, created_at, updated_at)
            VALUES ('\(title.replacingOccurrences(of: "'", with: "''"))', 'EUR', '\(owner)', '2026-05-01T10:00:00Z', '2026-05-01T10:00:00Z') RETURNING id;
            """)
    }

    /// `INSERT INTO expenses` of an item worth `minor` cents, in `report` or outside any (nil).
    func itemInsert(_ report: Int64?, _ minor: Int64) -> String {
        let conversion = report == nil ? "NULL, NULL, NULL" : "'1', 'same', \(minor)"
        return """
            INSERT INTO expenses (report_id, date, category, amount_minor, currency, rate, rate_source, converted_minor,
                                  created_at, updated_at)
            VALUES (\(report.map(String.init) ?? "NULL"), '2026-05-04', 'meals', \(minor), 'EUR', \(conversion),
                    '2026-05-04T12:00:00Z', '2026-05-04T12:00:00Z') RETURNING id;
            """
    }

    /// A new item of `owner`'s; its id.
    func newItem(_ owner: String, in report: Int64?, _ minor: Int64 = 1_500) throws -> Int64 {
        try returnedID(owner, itemInsert(report, minor))
    }

    /// Logs `action` on `report` in `actor`'s name, then moves the report, in one transaction.
    func stepSQL(_ actor: String, _ action: ReportAction, _ report: Int64) -> String {
        """
        BEGIN;
        \(eventInsert(actor, report, from: action.from, to: action.to, action: action.rawValue))
        UPDATE reports SET status = '\(action.to.rawValue)', updated_at = '2026-05-06T09:00:00Z' WHERE id = \(report);
        COMMIT;
        """
    }

    /// `step` that must succeed and move the report.
    func take(_ actor: String, _ action: ReportAction, _ report: Int64, file: StaticString = #filePath, line: UInt = #line) throws {
        let lines = try expectSuccess(sql(actor, stepSQL(actor, action, report)), "\(actor) \(action.rawValue) report \(report)")
        XCTAssertEqual(lines, ["BEGIN", "INSERT 0 1", "UPDATE 1", "COMMIT"], file: file, line: line)
    }

    func eventInsert(_ actor: String, _ report: Int64, from: ReportStatus, to: ReportStatus, action: String,
                     hash: String = PostgresTestCase.hash) -> String {
        """
        INSERT INTO report_events (report_id, at, actor, action, from_status, to_status, hash)
        VALUES (\(report), '2026-05-06T09:00:00Z', '\(actor)', '\(action)', '\(from.rawValue)', '\(to.rawValue)', '\(hash)');
        """
    }

    /// The status of `report` as the superuser sees it (row security does not apply to it).
    func status(_ report: Int64) throws -> String {
        try expectSuccess(cluster.psql("SELECT status FROM reports WHERE id = \(report);", database: database)).joined()
    }

    private func returnedID(_ role: String, _ text: String) throws -> Int64 {
        let lines = try rows(role, text)
        guard lines.count == 2, let id = Int64(lines[0]) else { throw PsqlFailed(description: "no id returned: \(lines)") }
        return id
    }
}
