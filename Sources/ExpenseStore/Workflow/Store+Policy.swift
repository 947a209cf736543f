import ExpenseCore
import ExpenseSupport
import PropertyList

extension Store {
    /// The configured severity of each rule; rules never configured have their default.
    public func policySeverities() throws -> [PolicyRule: PolicySeverity] {
        var severities: [PolicyRule: PolicySeverity] = [:]
        for rule in PolicyRule.allCases { severities[rule] = rule.defaultSeverity }
        try db.forEachRow("SELECT \(Self.severityColumns) FROM policy_rules" as SQL) { row in
            let (rule, severity) = try Self.severity(row)
            severities[rule] = severity
        }
        return severities
    }

    static let severityColumns: SQL = "rule, severity"

    /// A rule's configured severity of its row (`severityColumns`).
    static func severity(_ row: Row) throws -> (rule: PolicyRule, severity: PolicySeverity) {
        let stored = StoredRow(row, table: "policy_rules", key: .column(0))
        return (try stored.value(0, as: PolicyRule.self), try stored.value(1, as: PolicySeverity.self))
    }

    public func setSeverity(_ severity: PolicySeverity, of rule: PolicyRule) throws {
        try writes.workflow.setSeverity(severity, of: rule)
    }

    /// Reasons of acknowledged warnings of a report, by violation key.
    public func acknowledgements(_ reportID: Int64) throws -> [String: String] {
        var reasons: [String: String] = [:]
        try db.forEachRow("SELECT violation, reason FROM policy_acknowledgements WHERE report_id = \(reportID)" as SQL) {
            reasons[$0.string(0)] = $0.string(1)
        }
        return reasons
    }

    /// Accepts a warning of report `reportID` with the reason, and logs it in the report's audit
    /// log (`acknowledge KEY`, the report's status unchanged). Call inside `write`.
    public func acknowledge(_ violation: String, of reportID: Int64, by actor: UserName, reason: String) throws {
        try writes.workflow.acknowledge(violation, of: reportID, by: actor, reason: reason)
    }

    /// An approver accepts one of a team database's findings of the report's submission
    /// (`serverFindings`) with the reason; the server logs it, and a blocking one no longer
    /// stops approval and reimbursement. Call inside `write`.
    public func acceptFinding(_ finding: String, of reportID: Int64, reason: String) throws {
        try writes.workflow.acceptFinding(finding, of: reportID, reason: reason)
    }

    /// The owner's items outside `report` with the same date, amount and currency as one of
    /// `items` (the report's): the candidates for cross-report duplicates.
    ///
    /// One statement reads the items of the report's dates (the date index, each row once),
    /// and a hash set keeps those that match: one query per item made 100,000 queries for a
    /// 100,000-item report, and a join on the date alone is quadratic on a busy day.
    public func duplicateCandidates(of items: [Expense], in report: Report) throws -> [Expense] {
        struct Bucket: Hashable {
            var date: String
            var minorUnits: Int64
            var currency: String
        }
        let buckets = Set(
            items.map { Bucket(date: $0.date.description, minorUnits: $0.amount.minorUnits, currency: $0.amount.currency.code) })
        guard !buckets.isEmpty else { return [] }
        var columns: (date: Int, amount: Int, currency: Int)?
        // Read through the expenses' own reader.
        let candidates: SQL = """
            SELECT \(Self.expenseColumns("e")) FROM expenses e LEFT JOIN reports r ON r.id = e.report_id
            WHERE e.date IN (SELECT DISTINCT date FROM expenses WHERE report_id = \(report.id))
              AND e.report_id IS DISTINCT FROM \(report.id) AND (r.owner = \(report.owner) OR e.report_id IS NULL)
            ORDER BY e.id
            """
        return try expenses(candidates) { row in
            let at = columns ?? (row.index("date"), row.index("amount_minor"), row.index("currency"))
            columns = at
            return buckets.contains(Bucket(date: row.string(at.date), minorUnits: row.int64(at.amount), currency: row.string(at.currency)))
        }
    }
}
