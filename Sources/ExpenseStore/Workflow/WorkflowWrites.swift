import ExpenseCore
import ExpenseSupport

/// The writes of the workflow: status changes, the audit log, advances, policy, as each engine makes them: a file's SQL
/// (`FileWorkflowWrites`) or the team server's declared functions (`ServerWorkflowWrites`). The store
/// picks one set when it opens a database (`Writes`); nothing else asks which engine it is.
protocol WorkflowWrites {
    // MARK: Status changes and the audit log

    /// Takes `action` on `report` (as it is now, the step checked): logs it and moves the report,
    /// freezing `perDiems` when it is submitted with them. `seen` is the version the step was
    /// decided on, already compared with the report's by the store; the server compares again.
    /// A submitted report gets its route (`ApprovalRoute`); an approval that is not its route's
    /// last step is logged and leaves the report submitted. `approver` is whom a delegate decides
    /// for (`Store.requireDecider`; the server finds it again itself).
    func apply(
        _ action: ReportAction, to report: Report, by user: UserName, for approver: UserName?, reason: String,
        seen: ReportVersion, freezing perDiems: ReportPerDiems?) throws

    /// Today as the engine keeps it, YYYY-MM-DD: the app's (`EXPENSES_NOW` may pin it), or the
    /// server's, which decides whether a delegation is in force.
    func today() throws -> String

    /// Sets the approval policy.
    func setApprovalPolicy(_ policy: ApprovalPolicy, by user: UserName) throws

    /// `approver` names `delegate` for a period (checked by the store); returns its id.
    func addDelegation(to delegate: UserName, from: CalendarDate, until: CalendarDate, by approver: UserName) throws -> Int64

    /// Removes delegation `id` of `approver`'s (the store found it).
    func removeDelegation(_ id: Int64, by approver: UserName) throws

    /// Cuts an item of `report` (submitted, as it is now, the cut checked) from `before` (what it
    /// was approved at so far) to `cut.approved`, and logs it; returns the report's version then.
    /// `seen` is the version the cut was decided on, already compared by the store; the server compares again.
    func cut(_ cut: ItemCut, from before: Money, of report: Report, by user: UserName, seen: ReportVersion) throws -> ReportVersion

    /// Appends an entry to report `reportID`'s audit log, chained to the last, and moves the chain's end to it.
    func appendAuditEntry(
        _ reportID: Int64, actor: UserName, action: String, from: ReportStatus, to: ReportStatus, reason: String) throws

    /// Verifies the audit log's chain before a report's entries are read, where the reader sees all of it.
    func verifyAuditLogBeforeReading() throws

    /// What the engine's own check finds wrong with the database's pages (`["ok"]` when nothing).
    func integrityCheck() throws -> [String]

    /// Refuses a role that sees only part of the audit log, for which the chain would seem broken.
    func requireWholeAuditLog() throws

    /// The groups ("approver", "finance") whose steps the reader may decide on others' reports.
    func decidingGroups() throws -> Set<String>

    // MARK: Policy

    /// Configures `rule`'s severity.
    func setSeverity(_ severity: PolicySeverity, of rule: PolicyRule) throws

    /// Accepts warning `violation` of report `reportID` with `reason`, and logs it.
    func acknowledge(_ violation: String, of reportID: Int64, by actor: UserName, reason: String) throws

    /// An approver accepts `finding`, one of the server's findings of report `reportID`'s
    /// submission (`Store.serverFindings`), with `reason`, and it is logged.
    func acceptFinding(_ finding: String, of reportID: Int64, reason: String) throws

    // MARK: Advances

    /// Records `advance` on `report` (a draft, as it is now) and logs it; returns its id.
    func addAdvance(_ advance: Advance, to report: Report, by actor: UserName) throws -> Int64

    /// Removes advance `id` from `report` (a draft, as it is now) and logs it.
    func removeAdvance(_ id: Int64, from report: Report, by actor: UserName) throws
}
