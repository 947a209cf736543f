import ExpenseCore
import ExpenseSupport

/// Workflow writes on a file: the SQL itself, and the audit log's entry beside it.
struct FileWorkflowWrites: WorkflowWrites {
    unowned let store: Store

    // MARK: Status changes and the audit log

    /// `seen` was compared by the store in this transaction, which no other writer of the file interleaves.
    func apply(
        _ action: ReportAction, to report: Report, by user: UserName, for approver: UserName?, reason: String,
        seen: ReportVersion, freezing perDiems: ReportPerDiems?
    ) throws {
        let db = store.db
        // Frozen while it is still a draft (the triggers allow nothing else), thawed once it is one again.
        if let perDiems { try store.freeze(perDiems, of: report.id) }
        var reason = reason
        switch action {
        case .submit:
            for step in try store.route(of: report) {
                try db.execute(
                    """
                    INSERT INTO approval_steps (report_id, position, approver, approver_group, why)
                    VALUES (\(report.id), \(step.position), \(step.approver), \(step.group?.rawValue), \(step.why))
                    """ as SQL)
            }
        case .approve, .reject:
            let steps = try store.approvalSteps(report.id)
            guard let waiting = ApprovalRoute.waiting(steps) else { break }
            try db.execute(
                """
                UPDATE approval_steps SET decided_by = \(user.value), on_behalf_of = \(approver?.value), decided_at = \(store.now())
                WHERE report_id = \(report.id) AND position = \(waiting.position)
                """ as SQL)
            reason = ApprovalRoute.loggedReason(of: waiting, count: steps.count, for: approver?.value, reason: reason)
            // Not the route's last step: logged, and the report waits for the next.
            if action == .approve, waiting.position < steps.count {
                try store.logEvent(report.id, actor: user, action: action.rawValue, from: report.status, to: report.status, reason: reason)
                return
            }
        case .recall, .reopen, .reimburse:
            break
        }
        try store.logEvent(report.id, actor: user, action: action.rawValue, from: report.status, to: action.to, reason: reason)
        try db.execute("UPDATE reports SET status = \(action.to), updated_at = \(store.now()) WHERE id = \(report.id)" as SQL)
        // A team database's row security may let one see a report and not move it: then
        // nothing moved, and the event logged above goes with the rollback.
        guard db.changes == 1 else {
            throw ExpenseError(.permissionDenied, "report \(report.id) cannot be moved to \(action.to.rawValue) by \(user.value)")
        }
        if action.to == .draft {
            try db.execute("DELETE FROM report_allowances WHERE report_id = \(report.id)" as SQL)
            // The approvers' cuts were of the report as submitted: the next submission is decided anew.
            try db.execute("DELETE FROM expense_cuts WHERE report_id = \(report.id)" as SQL)
            // Routed again at the next submission, as people and cost centres are then.
            try db.execute("DELETE FROM approval_steps WHERE report_id = \(report.id)" as SQL)
        }
    }

    func cut(_ cut: ItemCut, from before: Money, of report: Report, by user: UserName, seen: ReportVersion) throws -> ReportVersion {
        try store.db.execute(
            """
            INSERT INTO expense_cuts (expense_id, report_id, approved_minor, reason, cut_by, on_behalf_of, cut_at)
            VALUES (\(cut.expenseID), \(report.id), \(cut.approved.minorUnits), \(cut.reason), \(user.value), \(cut.onBehalfOf), \(store.now()))
            ON CONFLICT (expense_id) DO UPDATE SET approved_minor = excluded.approved_minor, reason = excluded.reason,
                cut_by = excluded.cut_by, on_behalf_of = excluded.on_behalf_of, cut_at = excluded.cut_at
            """ as SQL)
        let logged = cut.logged(from: before)
        try store.logEvent(report.id, actor: user, action: logged.action, from: report.status, to: report.status, reason: logged.reason)
        return try store.version(of: report.id)
    }

    func appendAuditEntry(
        _ reportID: Int64, actor: UserName, action: String, from: ReportStatus, to: ReportStatus, reason: String
    ) throws {
        let db = store.db
        try db.inTransaction(.immediate) {
            let head = try store.auditHead()
            let last = try db.queryFirst("SELECT id, hash FROM report_events ORDER BY id DESC LIMIT 1" as SQL) {
                (id: $0.int64(0), hash: $0.optionalString(1))
            }
            // AUTOINCREMENT's next id, never one that was used: an entry removed from the end stays a gap.
            let sequence = try db.scalar("SELECT seq FROM sqlite_sequence WHERE name = 'report_events'" as SQL)
            // The numbers are the file's: one at the largest id is a damaged end, said so, never a trap.
            let (next, overflow) = max(sequence, last?.id ?? 0, head?.lastID ?? 0).addingReportingOverflow(1)
            guard !overflow else {
                throw ExpenseError(
                    .invalidData, "the audit log's end is damaged (its last id is the largest there is); nothing was written",
                    hint: "'expenses db check' shows where the log was altered")
            }
            var record = AuditRecord(
                id: next, reportID: reportID, at: store.now(),
                actor: actor.value, action: action, from: from.rawValue, to: to.rawValue, reason: reason)
            let hash = AuditChain.hash(of: record, after: head?.lastHash ?? last?.hash ?? AuditChain.start)
            record.hash = hash
            try db.execute(
                """
                INSERT INTO report_events (id, report_id, at, actor, action, from_status, to_status, reason, hash)
                VALUES (\(record.id), \(reportID), \(record.at), \(record.actor), \(action), \(record.from), \(record.to), \(reason), \(hash))
                """ as SQL)
            // Dropped by another program: made again, and the chain's gaps still show what went.
            if try !db.hasTable("report_events_head") { try db.execute(SQL(verbatim: Schema.auditHeadTable)) }
            try db.execute(
                """
                INSERT INTO report_events_head (singleton, last_id, last_hash) VALUES (1, \(record.id), \(hash))
                ON CONFLICT (singleton) DO UPDATE SET last_id = excluded.last_id, last_hash = excluded.last_hash
                """ as SQL)
        }
    }

    /// The file's whole log is anyone's who can open it: its chain is verified on every read.
    func verifyAuditLogBeforeReading() throws {
        try store.verifyAuditLog()
    }

    func integrityCheck() throws -> [String] {
        try store.db.query("PRAGMA integrity_check" as SQL) { $0.string(0) }
    }

    /// Whoever opens a file sees all of its log.
    func requireWholeAuditLog() throws {}

    /// A file has no roles: whoever is not the owner may decide any step.
    func decidingGroups() throws -> Set<String> { ["approver", "finance"] }

    // MARK: Policy

    func today() throws -> String { String(store.now().prefix(10)) }

    func setApprovalPolicy(_ policy: ApprovalPolicy, by user: UserName) throws {
        try store.db.execute(
            """
            INSERT INTO approval_policy (singleton, step_order, second_above_minor, second_above_currency, second_approver,
                                         changed_by, changed_at)
            VALUES (1, \(policy.order.rawValue), \(policy.secondAbove?.minorUnits), \(policy.secondAbove?.currency.code), \
            \(policy.secondApprover.rawValue), \(user.value), \(store.now()))
            ON CONFLICT (singleton) DO UPDATE SET step_order = excluded.step_order, second_above_minor = excluded.second_above_minor,
                second_above_currency = excluded.second_above_currency, second_approver = excluded.second_approver,
                changed_by = excluded.changed_by, changed_at = excluded.changed_at
            """ as SQL)
    }

    func addDelegation(to delegate: UserName, from: CalendarDate, until: CalendarDate, by approver: UserName) throws -> Int64 {
        try store.db.insert(
            """
            INSERT INTO delegations (approver, delegate, from_date, until_date, created_at)
            VALUES (\(approver.value), \(delegate.value), \(from.description), \(until.description), \(store.now()))
            """ as SQL)
    }

    func removeDelegation(_ id: Int64, by approver: UserName) throws {
        try store.db.execute("DELETE FROM delegations WHERE id = \(id) AND approver = \(approver.value)" as SQL)
    }

    func setSeverity(_ severity: PolicySeverity, of rule: PolicyRule) throws {
        try store.db.execute(
            """
            INSERT INTO policy_rules (rule, severity) VALUES (\(rule.rawValue), \(severity.rawValue)) \
            ON CONFLICT (rule) DO UPDATE SET severity = excluded.severity
            """ as SQL)
    }

    func acknowledge(_ violation: String, of reportID: Int64, by actor: UserName, reason: String) throws {
        let status = try store.report(reportID).status
        try store.db.execute(
            """
            INSERT INTO policy_acknowledgements (report_id, violation, actor, at, reason) \
            VALUES (\(reportID), \(violation), \(actor), \(store.now()), \(reason))
            ON CONFLICT (report_id, violation) DO UPDATE SET actor = excluded.actor, at = excluded.at, reason = excluded.reason
            """ as SQL)
        try store.logEvent(reportID, actor: actor, action: "acknowledge \(violation)", from: status, to: status, reason: reason)
    }

    /// A file has no server to find anything at a submission: there is no such finding to accept.
    func acceptFinding(_ finding: String, of reportID: Int64, reason: String) throws {
        throw ExpenseError(.notFound, "report \(reportID) has no finding '\(finding)' of a team database's server")
    }

    // MARK: Advances

    func addAdvance(_ advance: Advance, to report: Report, by actor: UserName) throws -> Int64 {
        let conversion = advance.conversion
        let id = try store.db.insert(
            """
            INSERT INTO report_advances (report_id, date, amount_minor, currency, rate, rate_date, rate_source, converted_minor,
                                         created_at)
            VALUES (\(advance.reportID), \(advance.date), \(advance.amount.minorUnits), \(advance.amount.currency), \
            \(conversion.rate), \(conversion.rateDate), \(conversion.source.rawValue), \(conversion.converted.minorUnits), \
            \(store.now()))
            """ as SQL)
        try store.logEvent(report.id, actor: actor, action: "advance \(id) added", from: report.status, to: report.status, reason: "")
        return id
    }

    func removeAdvance(_ id: Int64, from report: Report, by actor: UserName) throws {
        try store.db.execute("DELETE FROM report_advances WHERE id = \(id)" as SQL)
        try store.logEvent(report.id, actor: actor, action: "advance \(id) removed", from: report.status, to: report.status, reason: "")
    }
}
