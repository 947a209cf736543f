import ExpenseCore
import ExpenseSupport

/// Workflow writes on a team database: each a call of the server's declared function
/// (`ServerWrites`), which checks who may write and logs it itself.
struct ServerWorkflowWrites: WorkflowWrites {
    unowned let store: Store

    // MARK: Status changes and the audit log

    /// The server checks the step again, logs it and moves the report, as one, computing and
    /// freezing its own per diems. When it refuses, another client's step came first: said in
    /// the domain's words, from the report as it is now (after a savepoint, so the transaction
    /// can still read). The step names the version `seen`, which the server compares with the
    /// report's once it holds its lock.
    /// The server routes the report, and finds whom a delegate decides for, itself.
    func apply(
        _ action: ReportAction, to report: Report, by user: UserName, for approver: UserName?, reason: String,
        seen: ReportVersion, freezing perDiems: ReportPerDiems?
    ) throws {
        let id = report.id
        do {
            try store.db.inTransaction {
                _ = try ServerWrites.reportStep.call(on: store.db, id, action.rawValue, reason, seen.lastEvent, store.now())
            }
        } catch let error as DatabaseError {
            guard let current = try store.lockedReport(id) else {
                throw ExpenseError(.notFound, .unknownReport(id), "unknown report \(id)")
            }
            try action.check(current, by: user)
            if action == .approve || action == .reject { try store.requireDecider(current, user) }
            throw error
        }
    }

    /// The server checks the decider, the item and the amount again, writes the cut with its audit
    /// entry, and returns the entry's id: the report's version after it.
    func cut(_ cut: ItemCut, from before: Money, of report: Report, by user: UserName, seen: ReportVersion) throws -> ReportVersion {
        ReportVersion(
            lastEvent: try ServerWrites.expenseCut.call(
                on: store.db, report.id, cut.expenseID, cut.approved.minorUnits, cut.reason, seen.lastEvent))
    }

    /// Each role sees only its part of the log: the server's `log_event` alone finds where the
    /// chain ends (its head, locked until this commits) and moves it.
    func appendAuditEntry(
        _ reportID: Int64, actor: UserName, action: String, from: ReportStatus, to: ReportStatus, reason: String
    ) throws {
        try ServerWrites.logEvent.call(on: store.db, reportID, actor.value, action, from.rawValue, to.rawValue, reason, store.now())
    }

    /// A team database's roles each see only part of the log (row-level security), so only its
    /// owner can follow the chain end to end ('db check'); the server keeps it append-only.
    func verifyAuditLogBeforeReading() throws {}

    /// A team database's pages are the server's to check (data checksums, amcheck): nothing a
    /// client can see.
    func integrityCheck() throws -> [String] { ["ok"] }

    /// The group roles the connection's role is a member of, as the server's checks ask.
    func decidingGroups() throws -> Set<String> {
        let groups = ["approver": PostgresSchema.approverRole, "finance": PostgresSchema.financeRole]
        return Set(
            try groups.filter {
                try store.db.scalar(
                    "SELECT count(*) FROM pg_roles WHERE rolname = \($0.value) AND pg_has_role(session_user, oid, 'MEMBER')" as SQL) > 0
            }.keys)
    }

    func requireWholeAuditLog() throws {
        let seesAll = try store.db.scalar(SQL(verbatim: PostgresSchema.seesEveryRowSQL))
        guard seesAll > 0 else {
            throw ExpenseError(
                .permissionDenied, "checking a team database's audit log needs a role that sees all of it",
                hint: "run 'db check' as the administrator, or as a member of expenses_auditor (GRANT expenses_auditor TO NAME)")
        }
    }

    // MARK: Policy

    func today() throws -> String {
        try ServerWrites.serverToday.call(on: store.db)
    }

    func setApprovalPolicy(_ policy: ApprovalPolicy, by user: UserName) throws {
        try ServerWrites.approvalPolicySet.call(
            on: store.db, policy.order.rawValue, policy.secondAbove?.minorUnits, policy.secondAbove?.currency.code,
            policy.secondApprover.rawValue, store.now())
    }

    /// The server names the caller the approver.
    func addDelegation(to delegate: UserName, from: CalendarDate, until: CalendarDate, by approver: UserName) throws -> Int64 {
        try ServerWrites.delegationAdd.call(on: store.db, delegate.value, from.description, until.description, store.now())
    }

    func removeDelegation(_ id: Int64, by approver: UserName) throws {
        try ServerWrites.delegationRemove.call(on: store.db, id)
    }

    func setSeverity(_ severity: PolicySeverity, of rule: PolicyRule) throws {
        try ServerWrites.policySet.call(on: store.db, rule.rawValue, severity.rawValue)
    }

    /// The server writes both, and only for the owner's draft.
    func acknowledge(_ violation: String, of reportID: Int64, by actor: UserName, reason: String) throws {
        try ServerWrites.reportAcknowledge.call(on: store.db, reportID, violation, reason, store.now())
    }

    func acceptFinding(_ finding: String, of reportID: Int64, reason: String) throws {
        try ServerWrites.findingAccept.call(on: store.db, reportID, finding, reason, store.now())
    }

    // MARK: Advances

    func addAdvance(_ advance: Advance, to report: Report, by actor: UserName) throws -> Int64 {
        let conversion = advance.conversion
        return try ServerWrites.advanceAdd.call(
            on: store.db, advance.reportID, advance.date.description, advance.amount.minorUnits, advance.amount.currency.code,
            conversion.rate.description, conversion.rateDate?.description, conversion.source.rawValue,
            conversion.converted.minorUnits, store.now())
    }

    func removeAdvance(_ id: Int64, from report: Report, by actor: UserName) throws {
        try ServerWrites.advanceRemove.call(on: store.db, id, store.now())
    }
}
