import ExpenseCore
import ExpenseSupport
import PropertyList

extension Store {
    /// Takes a workflow step: checks it, logs it, then moves the report (the schema refuses a
    /// status change that was not logged first). Call inside `write`.
    @discardableResult
    public func apply(_ action: ReportAction, to id: Int64, by user: UserName, reason: String = "") throws -> Report {
        guard let report = try lockedReport(id) else { throw ExpenseError(.notFound, .unknownReport(id), "unknown report \(id)") }
        try action.check(report, by: user)
        // Submitted with its per diems as computed now, or not at all when they cannot be (the
        // server computes and freezes its own; this says why in the app's words first).
        let perDiems = action == .submit ? try perDiemsToFreeze(report) : nil
        if writesThroughFunctions {
            // The server checks the step again, logs it and moves the report, as one. When it
            // refuses, another client's step came first: said in the domain's words, from the
            // report as it is now (after a savepoint, so the transaction can still read).
            do {
                try db.inTransaction { _ = try ServerWrites.reportStep.call(on: db, id, action.rawValue, reason, now()) }
            } catch let error as DatabaseError {
                guard let current = try lockedReport(id) else { throw ExpenseError(.notFound, .unknownReport(id), "unknown report \(id)") }
                try action.check(current, by: user)
                throw error
            }
            return try self.report(id)
        }
        // Frozen while it is still a draft (the triggers allow nothing else), thawed once it is one again.
        if let perDiems { try freeze(perDiems, of: id) }
        try logEvent(report.id, actor: user, action: action.rawValue, from: report.status, to: action.to, reason: reason)
        try db.execute(
            "UPDATE reports SET status = ?, updated_at = ? WHERE id = ?",
            [.text(action.to.rawValue), .text(now()), .integer(id)])
        // A team database's row security may let one see a report and not move it: then
        // nothing moved, and the event logged above goes with the rollback.
        guard db.changes == 1 else {
            throw ExpenseError(.permissionDenied, "report \(id) cannot be moved to \(action.to.rawValue) by \(user.value)")
        }
        if action.to == .draft { try db.execute("DELETE FROM report_allowances WHERE report_id = ?", [.integer(id)]) }
        return try self.report(id)
    }

    /// Appends an entry to a report's audit log, chained to the last entry the app wrote
    /// (`AuditChain`), and moves the chain's end to it.
    public func logEvent(
        _ reportID: Int64, actor: UserName, action: String, from: ReportStatus, to: ReportStatus,
        reason: String
    ) throws {
        try db.inTransaction(.immediate) {
            let head = try auditHead()
            let last: (id: Int64, hash: String?)?
            let sequence: Int64
            if db.dialect == .sqlite {
                last = try db.queryFirst("SELECT id, hash FROM report_events ORDER BY id DESC LIMIT 1") {
                    (id: $0.int64(0), hash: $0.optionalString(1))
                }
                // AUTOINCREMENT's next id, never one that was used: an entry removed from the end stays a gap.
                sequence = try db.scalar("SELECT seq FROM sqlite_sequence WHERE name = 'report_events'")
            } else {
                // Each role sees only its part of the log: the head, locked until this commits,
                // is where the chain ends, and writers of the log take turns at it. The id comes
                // from the column's own sequence, drawn under that lock, so ids rise along the
                // chain and never meet one the server gave an entry written some other way.
                last = nil
                sequence = try db.scalar("SELECT nextval(pg_get_serial_sequence('report_events', 'id'))") - 1
            }
            // The numbers are the file's: one at the largest id is a damaged end, said so, never a trap.
            let (next, overflow) = max(sequence, last?.id ?? 0, head?.lastID ?? 0).addingReportingOverflow(1)
            guard !overflow else {
                throw ExpenseError(
                    .invalidData, "the audit log's end is damaged (its last id is the largest there is); nothing was written",
                    hint: "'expenses db check' shows where the log was altered")
            }
            var record = AuditRecord(
                id: next, reportID: reportID, at: now(),
                actor: actor.value, action: action, from: from.rawValue, to: to.rawValue, reason: reason)
            let hash = AuditChain.hash(of: record, after: head?.lastHash ?? last?.hash ?? AuditChain.start)
            record.hash = hash
            try db.execute(
                """
                INSERT INTO report_events (id, report_id, at, actor, action, from_status, to_status, reason, hash)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .integer(record.id), .integer(reportID), .text(record.at), .text(record.actor), .text(action),
                    .text(record.from), .text(record.to), .text(reason), .text(hash),
                ])
            // Dropped by another program: made again, and the chain's gaps still show what went.
            if try !hasAuditHeadTable() { try db.execute(Schema.auditHeadTable) }
            try db.execute(
                """
                INSERT INTO report_events_head (singleton, last_id, last_hash) VALUES (1, ?, ?)
                ON CONFLICT (singleton) DO UPDATE SET last_id = excluded.last_id, last_hash = excluded.last_hash
                """, [.integer(record.id), .text(hash)])
        }
    }

    /// A report's audit log, oldest first, once the whole log's chain is verified: an entry changed,
    /// added or removed outside the app is a data error naming it (`AuditChain.Break`).
    public func events(_ reportID: Int64) throws -> [ReportEvent] {
        // A team database's roles each see only part of the log (row-level security), so only
        // its owner can follow the chain end to end ('db check'); the server keeps it append-only.
        if db.dialect == .sqlite { try verifyAuditLog() }
        return try db.query(
            "SELECT \(Self.eventColumns) FROM report_events WHERE report_id = ? ORDER BY id", [.integer(reportID)], Self.event)
    }

    /// The last approval or rejection of a report, which `report show` says (who, when, why);
    /// nil before any. One row by the log's index, not the whole log: a list of a report's
    /// decisions with its chain verified is `events`.
    public func lastDecision(_ reportID: Int64) throws -> ReportEvent? {
        let actions = [ReportAction.approve, .reject].map { "'\($0.rawValue)'" }.joined(separator: ", ")
        return try db.queryFirst(
            """
            SELECT \(Self.eventColumns) FROM report_events
            WHERE report_id = ? AND action IN (\(actions)) ORDER BY id DESC LIMIT 1
            """, [.integer(reportID)], Self.event)
    }

    /// The columns of a log entry as people read it (`event`); the chain's are `auditColumns`.
    static let eventColumns = "id, at, actor, from_status, to_status, action, reason"

    static func event(_ row: Row) throws -> ReportEvent {
        let stored = StoredRow(row, table: "report_events", id: "id")
        return ReportEvent(
            at: row.string("at"), actor: row.string("actor"),
            from: try stored.value("from_status", as: ReportStatus.self),
            to: try stored.value("to_status", as: ReportStatus.self),
            action: row.string("action"), reason: row.string("reason"))
    }

    // MARK: - The chain

    static let auditColumns = "id, report_id, at, actor, action, from_status, to_status, reason, hash"

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
        return try db.queryFirst("SELECT last_id, last_hash FROM report_events_head WHERE singleton = 1") {
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
        try db.forEachRow(SQL(verbatim: "SELECT \(Self.auditColumns) FROM report_events ORDER BY id")) { row in
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
            """
        ) { (report: $0.int64(0), status: $0.string(1), logged: $0.string(2)) }
    }

    /// What SQLite's own check finds wrong with the file ("ok" when nothing). A team database's
    /// pages are the server's to check (data checksums, amcheck): nothing a client can see.
    public func integrityCheck() throws -> [String] {
        guard db.dialect == .sqlite else { return ["ok"] }
        return try db.query("PRAGMA integrity_check") { $0.string(0) }
    }

    /// Refuses a role that sees only part of a team database's audit log (row-level security),
    /// for which the chain would seem broken wherever another's entry is hidden.
    public func requireWholeAuditLog() throws {
        guard db.dialect == .postgresql else { return }
        let seesAll = try db.scalar(PostgresSchema.seesEveryRowSQL)
        guard seesAll > 0 else {
            throw ExpenseError(
                .permissionDenied, "checking a team database's audit log needs a role that sees all of it",
                hint: "run 'db check' as the administrator, or as a member of expenses_auditor (GRANT expenses_auditor TO NAME)")
        }
    }

    /// The protective triggers in place, by name.
    public var protectiveTriggerNames: [String] { Schema.protectiveTriggers.map(\.name) }
}
