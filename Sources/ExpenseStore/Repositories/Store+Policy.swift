import ExpenseCore
import ExpenseSupport
import PropertyList

extension Store {
    /// The configured severity of each rule; rules never configured have their default.
    public func policySeverities() throws -> [PolicyRule: PolicySeverity] {
        var severities: [PolicyRule: PolicySeverity] = [:]
        for rule in PolicyRule.allCases { severities[rule] = rule.defaultSeverity }
        try db.forEachRow("SELECT rule, severity FROM policy_rules") { row in
            if let rule = PolicyRule(rawValue: row.string(0)), let severity = PolicySeverity(rawValue: row.string(1)) {
                severities[rule] = severity
            }
        }
        return severities
    }

    public func setSeverity(_ severity: PolicySeverity, of rule: PolicyRule) throws {
        try db.execute("INSERT INTO policy_rules (rule, severity) VALUES (?, ?) ON CONFLICT (rule) DO UPDATE SET severity = excluded.severity",
                       [.text(rule.rawValue), .text(severity.rawValue)])
    }

    /// Reasons of acknowledged warnings of a report, by violation key.
    public func acknowledgements(_ reportID: Int64) throws -> [String: String] {
        var reasons: [String: String] = [:]
        try db.forEachRow("SELECT violation, reason FROM policy_acknowledgements WHERE report_id = ?", [.integer(reportID)]) {
            reasons[$0.string(0)] = $0.string(1)
        }
        return reasons
    }

    public func acknowledge(_ violation: String, of reportID: Int64, by actor: UserName, reason: String) throws {
        try db.execute("""
            INSERT INTO policy_acknowledgements (report_id, violation, actor, at, reason) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (report_id, violation) DO UPDATE SET actor = excluded.actor, at = excluded.at, reason = excluded.reason
            """, [.integer(reportID), .text(violation), .text(actor.value), .text(now()), .text(reason)])
    }

    /// The owner's items outside `report` with the same date, amount and currency as one of
    /// `items`: the candidates for cross-report duplicates (the date index keeps it cheap).
    public func duplicateCandidates(of items: [Expense], in report: Report) throws -> [Expense] {
        var found: [Int64: Expense] = [:]
        for item in items {
            let ids = try db.query("""
                SELECT e.id FROM expenses e LEFT JOIN reports r ON r.id = e.report_id
                WHERE e.date = ? AND e.amount_minor = ? AND e.currency = ? AND e.id <> ?
                  AND e.report_id IS NOT ? AND (r.owner = ? OR e.report_id IS NULL)
                """, [.text(item.date.description), .integer(item.amount.minorUnits), .text(item.amount.currency.code),
                      .integer(item.id), .integer(report.id), .text(report.owner)]) { $0.int64(0) }
            for id in ids where found[id] == nil { found[id] = try expense(id) }
        }
        return found.values.sorted { $0.id < $1.id }
    }
}
