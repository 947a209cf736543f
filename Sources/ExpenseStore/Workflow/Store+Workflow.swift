import ExpenseCore
import ExpenseSupport
import PropertyList

extension Store {
    /// Takes a workflow step: checks it, logs it, then moves the report (the schema refuses a
    /// status change that was not logged first). Call inside `write`.
    /// - Parameter seen: the version of the report the step was decided on; refused when the
    ///   report has another now. Without one, the version it has now, read here: the caller
    ///   reads it first (`version(of:)`) to tell the person what they decided on.
    @discardableResult
    public func apply(
        _ action: ReportAction, to id: Int64, by user: UserName, reason: String = "", seen: ReportVersion? = nil
    ) throws -> Report {
        guard let report = try lockedReport(id) else { throw ExpenseError(.notFound, .unknownReport(id), "unknown report \(id)") }
        try action.check(report, by: user)
        let approver = action == .approve || action == .reject ? try requireDecider(report, user) : nil
        let current = try version(of: id)
        if let seen { try current.requireSeen(seen, of: report) }
        // Submitted with its per diems as computed now, or not at all when they cannot be (the
        // server computes and freezes its own; this says why in the app's words first).
        let perDiems = action == .submit ? try perDiemsToFreeze(report) : nil
        try writes.workflow.apply(
            action, to: report, by: user, for: approver, reason: reason, seen: seen ?? current, freezing: perDiems)
        return try self.report(id)
    }

    /// The version of report `id` as the caller reads it now (`ReportVersion`: its audit log's
    /// last entry, 0 before any); a payment run reads each of its reports' with it.
    public func version(of id: Int64) throws -> ReportVersion {
        ReportVersion(lastEvent: try db.scalar("SELECT coalesce(max(id), 0) FROM report_events WHERE report_id = \(id)" as SQL))
    }

    /// Appends an entry to a report's audit log, chained to the last entry the app wrote
    /// (`AuditChain`), and moves the chain's end to it.
    public func logEvent(
        _ reportID: Int64, actor: UserName, action: String, from: ReportStatus, to: ReportStatus,
        reason: String
    ) throws {
        try writes.workflow.appendAuditEntry(reportID, actor: actor, action: action, from: from, to: to, reason: reason)
    }

    /// A report's audit log, oldest first, once the whole log's chain is verified: an entry changed,
    /// added or removed outside the app is a data error naming it (`AuditChain.Break`).
    public func events(_ reportID: Int64) throws -> [ReportEvent] {
        // A team database's roles each see only part of the log (row-level security), so only
        // its owner can follow the chain end to end ('db check'); the server keeps it append-only.
        try writes.workflow.verifyAuditLogBeforeReading()
        return try db.query("SELECT \(Self.eventColumns) FROM report_events WHERE report_id = \(reportID) ORDER BY id" as SQL, Self.event)
    }

    /// The last approval or rejection of a report, which `report show` says (who, when, why);
    /// nil before any. One row by the log's index, not the whole log: a list of a report's
    /// decisions with its chain verified is `events`.
    public func lastDecision(_ reportID: Int64) throws -> ReportEvent? {
        try db.queryFirst(
            """
            SELECT \(Self.eventColumns) FROM report_events
            WHERE report_id = \(reportID) AND action IN (\(list: [ReportAction.approve, .reject].map(\.rawValue))) ORDER BY id DESC LIMIT 1
            """ as SQL, Self.event)
    }

    /// The columns of a log entry as people read it (`event`); the chain's are `auditColumns`.
    static let eventColumns: SQL = "id, at, actor, from_status, to_status, action, reason"

    static func event(_ row: Row) throws -> ReportEvent {
        let stored = StoredRow(row, table: "report_events", id: "id")
        return ReportEvent(
            at: row.string("at"), actor: row.string("actor"),
            from: try stored.value("from_status", as: ReportStatus.self),
            to: try stored.value("to_status", as: ReportStatus.self),
            action: row.string("action"), reason: row.string("reason"))
    }

    // MARK: - The chain

    static let auditColumns: SQL = "id, report_id, at, actor, action, from_status, to_status, reason, hash"

    static func auditRecord(_ row: Row) -> AuditRecord {
        AuditRecord(
            id: row.int64("id"), reportID: row.int64("report_id"), at: row.string("at"), actor: row.string("actor"),
            action: row.string("action"), from: row.string("from_status"), to: row.string("to_status"),
            reason: row.string("reason"), hash: row.optionalString("hash"))
    }

    /// The last entry the app wrote, and its hash; nil when that record (or its table) is gone.
    func auditHead() throws -> AuditChain.Head? {
        guard try hasAuditHeadTable() else { return nil }
        // Only read: on a team database the server's `log_event` alone moves the end.
        return try db.queryFirst("SELECT last_id, last_hash FROM report_events_head WHERE singleton = 1" as SQL) {
            AuditChain.Head(lastID: $0.int64(0), lastHash: $0.string(1))
        }
    }

    private func hasAuditHeadTable() throws -> Bool {
        try db.hasTable("report_events_head")
    }

    /// Where the audit log's chain first breaks, and how many entries it holds.
    public func auditLogBreak() throws -> (break: AuditChain.Break?, count: Int) {
        var verifier = AuditChain.Verifier(head: try auditHead())
        var found: AuditChain.Break?
        try db.forEachRow("SELECT \(Self.auditColumns) FROM report_events ORDER BY id" as SQL) { row in
            guard found == nil else { return }
            found = verifier.check(Self.auditRecord(row))
        }
        return (found ?? verifier.finish(), verifier.count)
    }

    /// Verifies the audit log's chain and returns how many entries it holds; a break is a data
    /// error (65) naming the first entry changed, added or removed outside the app.
    @discardableResult
    public func verifyAuditLog() throws -> Int {
        let (found, count) = try auditLogBreak()
        if let found {
            throw ExpenseError(.invalidData, .auditLogAltered(event: found.eventID), found.message)
        }
        return count
    }

    /// Reports whose status is not the one their audit log ends with (draft when it has none):
    /// a status changed outside the app, past its trigger.
    public func unloggedStatuses() throws -> [(report: Int64, status: String, logged: String)] {
        try db.query(
            """
            SELECT id, status, logged FROM (
                SELECT r.id, r.status,
                       coalesce((SELECT e.to_status FROM report_events e WHERE e.report_id = r.id ORDER BY e.id DESC LIMIT 1),
                                'draft') AS logged
                FROM reports r) AS checked
            WHERE status IS DISTINCT FROM logged ORDER BY id
            """ as SQL
        ) { (report: $0.int64(0), status: $0.string(1), logged: $0.string(2)) }
    }

    /// What SQLite's own check finds wrong with the file ("ok" when nothing). A team database's
    /// pages are the server's to check (data checksums, amcheck): nothing a client can see.
    public func integrityCheck() throws -> [String] {
        try writes.workflow.integrityCheck()
    }

    /// Refuses a role that sees only part of a team database's audit log (row-level security),
    /// for which the chain would seem broken wherever another's entry is hidden.
    public func requireWholeAuditLog() throws {
        try writes.workflow.requireWholeAuditLog()
    }

    /// The protective triggers in place, by name.
    public var protectiveTriggerNames: [String] { Schema.protectiveTriggers.map(\.name) }
}
