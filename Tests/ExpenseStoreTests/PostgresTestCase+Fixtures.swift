import ExpenseCore
import ExpenseStore
import ExpenseSupport
import Foundation
import XCTest

/// Rows made the way the app makes them, each as the role that would: a report, an item, a
/// workflow step (the event logged first, then the status, in one transaction).
extension PostgresTestCase {
    /// A 64-hex hash: the server checks an entry's hash has the form; the app checks the chain.
    static let hash = String(repeating: "a", count: 64)

    /// A new draft of `owner`'s, made by the server's function as the app makes one; its id.
    func newReport(_ owner: String, _ title: String = "Trip") throws -> Int64 {
        try returnedID(
            owner,
            """
            SELECT expenses.report_new('\(title.replacingOccurrences(of: "'", with: "''"))', '', '', NULL, NULL, 'EUR',
                                       '2026-05-01T10:00:00Z');
            """)
    }

    /// The call that adds an item worth `minor` cents, in `report` or outside any (nil): a per diem,
    /// which needs no receipt, so that a report of them may be submitted.
    func itemInsert(_ report: Int64?, _ minor: Int64) -> String {
        let conversion = report == nil ? "NULL, NULL, NULL, NULL" : "'1', NULL, 'same', \(minor)"
        return """
            SELECT expenses.expense_add(\(report.map(String.init) ?? "NULL"), '2026-05-04', 'per_diem', '', '', \(minor), 'EUR',
                                        \(conversion), 'personal', '2026-05-04T12:00:00Z');
            """
    }

    /// A new item of `owner`'s; its id.
    func newItem(_ owner: String, in report: Int64?, _ minor: Int64 = 1_500) throws -> Int64 {
        try returnedID(owner, itemInsert(report, minor))
    }

    /// Takes `action` on `report` as `actor`, through the server's function, naming the version
    /// `seen` (SQL), or the report's version as `actor` reads it in the same statement.
    func stepSQL(_ actor: String, _ action: ReportAction, _ report: Int64, seen: String? = nil) -> String {
        let version = seen ?? stepSQLVersion(report)
        return "SELECT expenses.report_step(\(report), '\(action.rawValue)', '', \(version), '2026-05-06T09:00:00Z');"
    }

    /// The version of `report` as whoever runs the statement reads it (`ReportVersion`), as SQL.
    func stepSQLVersion(_ report: Int64) -> String {
        "(SELECT coalesce(max(id), 0) FROM report_events WHERE report_id = \(report))"
    }

    /// `step` that must succeed and move the report.
    func take(_ actor: String, _ action: ReportAction, _ report: Int64, file: StaticString = #filePath, line: UInt = #line) throws {
        let before = try status(report)
        try expectSuccess(sql(actor, stepSQL(actor, action, report)), "\(actor) \(action.rawValue) report \(report)")
        XCTAssertEqual(before, action.from.rawValue, file: file, line: line)
        XCTAssertEqual(try status(report), action.to.rawValue, file: file, line: line)
    }

    /// An audit entry written straight into the log, as no member may.
    func eventInsert(
        _ actor: String, _ report: Int64, from: ReportStatus, to: ReportStatus, action: String,
        hash: String = PostgresTestCase.hash
    ) -> String {
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
        guard lines.count == 1, let id = Int64(lines[0]) else { throw PsqlFailed(description: "no id returned: \(lines)") }
        return id
    }

    func denied(_ table: String) -> String { "permission denied for table \(table)" }

    /// A receipt of `owner`'s of `bytes`, sent and made as the app does; its id.
    func newReceipt(_ owner: String, _ bytes: [UInt8]) throws -> Int64 {
        let sha = SHA256.hex(bytes)
        let hex = bytes.map { String(format: "%02x", $0) }.joined()
        let lines = try rows(
            owner,
            """
            BEGIN;
            SELECT expenses.receipt_chunk('\(sha)', 0, '\\x\(hex)');
            SELECT expenses.receipt_content_finish('\(sha)');
            \(receiptSQL(sha, size: bytes.count))
            COMMIT;
            """)
        guard let id = lines.compactMap({ Int64($0) }).last else { throw PsqlFailed(description: "no receipt id: \(lines)") }
        return id
    }

    func receiptSQL(_ sha: String, size: Int) -> String {
        """
        SELECT expenses.receipt_new('\(sha)', 'image/jpeg', \(size), 'r.jpg', 'file', 'now', NULL, NULL, NULL,
                                    'skipped', '', '', NULL, NULL, NULL, NULL, NULL);
        """
    }
}
