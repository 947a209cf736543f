import ExpenseCore
import ExpenseSupport

/// A submitted report and whom its decision waits for, since when: a line of `inbox` and of
/// `report overdue`.
public struct WaitingReport: Sendable, Equatable {
    public var report: Report
    /// A person, or a group when any of its members may decide ("approver", "finance").
    public var waitsFor: String
    public var isGroup: Bool
    /// Why the step is there ("manager", "cost centre 4711", "second approval"); nil for a
    /// report submitted before routes, which any approver decides.
    public var why: String?
    /// When the report came to its waiting step: its submission, or the step decided before it.
    public var since: String
    /// In the inbox, the approver the reader decides for as their active delegate; else nil.
    public var forWhom: String?

    public init(report: Report, waitsFor: String, isGroup: Bool, why: String? = nil, since: String, forWhom: String? = nil) {
        self.report = report
        self.waitsFor = waitsFor
        self.isGroup = isGroup
        self.why = why
        self.since = since
        self.forWhom = forWhom
    }
}

/// An item of a report cut by its approver, as its traveller reads it in the inbox: from what (in
/// the report's currency) to what, by whom (for whom, by a delegate) and why.
public struct CutLine: Sendable, Equatable {
    public var expenseID: Int64
    public var category: String
    public var original: Money
    public var approved: Money
    public var reason: String
    public var cutBy: String
    public var onBehalfOf: String?
}

/// What waits for someone (`expenses inbox`): the reports waiting for their decision, their own
/// reports sent back or cut, and for finance the approved ones not yet paid.
public struct Inbox: Sendable {
    public var toDecide: [WaitingReport]
    /// Their own rejected reports, with the rejection (who, when, why).
    public var rejected: [(report: Report, decision: ReportEvent?)]
    /// Their own approved reports (not yet paid) with items an approver cut, and the cuts.
    public var cut: [(report: Report, cuts: [CutLine])]
    /// Approved reports of others not yet reimbursed; nil for someone who may not reimburse.
    public var toPay: [Report]?
}

extension Store {
    /// The groups whose steps the reader may decide on others' reports: on a file every group (it
    /// has no roles), on a team database those whose role the connection is a member of.
    public func decidingGroups() throws -> Set<String> {
        try writes.workflow.decidingGroups()
    }

    /// Every submitted report the reader sees, with whom it waits for (its route's first step
    /// not decided; any approver for one without a route) and since when (its submission or its
    /// last step, both in its audit log), longest waiting first.
    public func waitingReports() throws -> [WaitingReport] {
        try db.query(
            """
            SELECT \(Self.reportColumns), s.approver, s.approver_group, s.why,
                   (SELECT e.at FROM report_events e
                    WHERE e.report_id = r.id AND e.to_status = 'submitted' AND e.action IN ('submit', 'approve')
                    ORDER BY e.id DESC LIMIT 1) AS since
            FROM reports r
            LEFT JOIN approval_steps s ON s.report_id = r.id
                AND s.position = (SELECT min(w.position) FROM approval_steps w WHERE w.report_id = r.id AND w.decided_by IS NULL)
            WHERE r.status = 'submitted'
            ORDER BY since, r.id
            """ as SQL
        ) { row in
            let person = row.optionalString("approver")
            return WaitingReport(
                report: try Self.report(row), waitsFor: person ?? row.optionalString("approver_group") ?? "approver",
                isGroup: person == nil, why: row.optionalString("why"), since: row.optionalString("since") ?? "")
        }
    }

    /// The approvers whose delegate `user` is on `day` (YYYY-MM-DD, both ends of a delegation
    /// included), each once.
    public func delegators(of user: UserName, on day: String) throws -> Set<String> {
        Set(
            try db.query(
                """
                SELECT approver FROM delegations WHERE delegate = \(user.value) AND from_date <= \(day) AND until_date >= \(day)
                """ as SQL
            ) { $0.string(0) })
    }

    /// What waits for `user`: the submitted reports of others whose waiting step is theirs (or
    /// their group's), their own rejected reports, and for a member of finance the approved
    /// reports of others not yet paid.
    public func inbox(of user: UserName) throws -> Inbox {
        let groups = try decidingGroups()
        let toDecide = try waitingForDecision(by: user, groups: groups)
        let rejected = try reports(status: .rejected).filter { user.isSame(as: $0.owner) }
            .map { (report: $0, decision: try lastDecision($0.id)) }
        let toPay = groups.contains("finance") ? try reports(status: .approved).filter { !user.isSame(as: $0.owner) } : nil
        let cut = try reports(status: .approved).filter { user.isSame(as: $0.owner) }
            .map { (report: $0, cuts: try cutLines(of: $0)) }.filter { !$0.cuts.isEmpty }
        return Inbox(toDecide: toDecide, rejected: rejected, cut: cut, toPay: toPay)
    }

    /// The submitted reports of others whose waiting step is `user`'s, one of their `groups`',
    /// or of an approver whose active delegate they are (`forWhom`). A delegate decides only for
    /// the approver who named them: not for that approver's own delegators.
    public func waitingForDecision(by user: UserName, groups: Set<String>? = nil) throws -> [WaitingReport] {
        let groups = try groups ?? decidingGroups()
        // Today by the store's clock: the inbox is what the reader sees, the decision is the server's.
        let delegators = try self.delegators(of: user, on: String(now().prefix(10)))
        return try waitingReports().compactMap { waiting in
            var waiting = waiting
            guard !user.isSame(as: waiting.report.owner) else { return nil }
            if waiting.isGroup { return groups.contains(waiting.waitsFor) ? waiting : nil }
            if user.isSame(as: waiting.waitsFor) { return waiting }
            guard delegators.contains(waiting.waitsFor) else { return nil }
            waiting.forWhom = waiting.waitsFor
            return waiting
        }
    }

    /// The cut items of `report`, by item.
    func cutLines(of report: Report) throws -> [CutLine] {
        try db.query(
            """
            SELECT c.expense_id, e.category, coalesce(e.converted_minor, e.amount_minor), c.approved_minor, c.reason, c.cut_by, c.on_behalf_of
            FROM expense_cuts c JOIN expenses e ON e.id = c.expense_id
            WHERE c.report_id = \(report.id) ORDER BY c.expense_id
            """ as SQL
        ) { row in
            let stored = StoredRow(row, table: "expense_cuts", key: .column(0))
            return CutLine(
                expenseID: try stored.integer(0), category: row.string(1), original: try stored.money(2, in: report.currency),
                approved: try stored.money(3, in: report.currency), reason: row.string(4), cutBy: row.string(5),
                onBehalfOf: row.optionalString(6))
        }
    }

    /// The reports the reader sees in `status`, oldest first.
    func reports(status: ReportStatus) throws -> [Report] {
        try db.query("SELECT \(Self.reportColumns) FROM reports WHERE status = \(status.rawValue) ORDER BY id" as SQL, Self.report)
    }

    /// The submitted reports waiting at their step for longer than `days` days before now.
    public func overdueReports(days: Int) throws -> [WaitingReport] {
        let now = self.now()
        guard let today = try? CalendarDate.parse(String(now.prefix(10))) else {
            throw ExpenseError(.internal, "the clock's time '\(now)' is not YYYY-MM-DDTHH:MM:SSZ")
        }
        let cutoff = today.adding(days: -days).description + now.dropFirst(10)
        return try waitingReports().filter { $0.since < cutoff }
    }
}
