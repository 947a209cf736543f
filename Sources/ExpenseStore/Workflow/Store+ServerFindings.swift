import ExpenseCore
import ExpenseSupport

extension Store {
    /// The findings a team database's server kept at the report's latest submission
    /// (`report_findings`, issue 40): what the app cannot compute itself, as it reads neither the
    /// rate log's authors nor other travellers' reports. Each carries the reason an approver
    /// accepted it with, if one did. None on a file, which keeps no such table, and none for a
    /// draft: they are about a submission, and the next one is checked anew.
    public func serverFindings(of report: Report) throws -> [Violation] {
        guard report.status != .draft, try db.hasTable("report_findings") else { return [] }
        let accepted = try acknowledgements(report.id)
        return try db.query(
            """
            SELECT rule, finding_key, severity, message FROM report_findings
            WHERE report_id = \(report.id)
              AND event_id >= (SELECT max(id) FROM report_events WHERE report_id = \(report.id) AND action = 'submit')
            ORDER BY rule, finding_key
            """ as SQL
        ) { row in
            let stored = StoredRow(row, table: "report_findings", key: .column(1))
            let key = row.string(1)
            return Violation(
                rule: try stored.value(0, as: PolicyRule.self), key: key, expenseIDs: [], message: row.string(3),
                severity: try stored.value(2, as: PolicySeverity.self), acknowledgement: accepted[key])
        }
    }
}
