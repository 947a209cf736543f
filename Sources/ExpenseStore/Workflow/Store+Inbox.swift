import ExpenseCore
import ExpenseSupport

/// A submitted report and whom its decision waits for, since when: a line of `inbox` and of
/// `report overdue`.
public struct WaitingReport: Sendable, Equatable {
    public var report: Report
    /// A person, or a group when any of its members may decide ("approver", "finance").
    public var waitsFor: String
    public var isGroup: Bool
    /// When the report came to its waiting step: its submission, or the step decided before it.
    public var since: String
    /// In the inbox, the approver the reader decides for as their active delegate; else nil.
    public var forWhom: String?

    public init(report: Report, waitsFor: String, isGroup: Bool, since: String, forWhom: String? = nil) {
        self.report = report
        self.waitsFor = waitsFor
        self.isGroup = isGroup
        self.since = since
        self.forWhom = forWhom
    }
}

/// What waits for someone (`expenses inbox`): the reports waiting for their decision, their own
/// reports sent back, and for finance the approved ones not yet paid.
public struct Inbox: Sendable, Equatable {
    public var toDecide: [WaitingReport]
    /// Their own rejected reports, with the rejection (who, when, why).
    public var rejected: [(report: Report, decision: ReportEvent?)]
    /// Approved reports of others not yet reimbursed; nil for someone who may not reimburse.
    public var toPay: [Report]?

    public static func == (lhs: Inbox, rhs: Inbox) -> Bool {
        lhs.toDecide == rhs.toDecide && lhs.rejected.map(\.report) == rhs.rejected.map(\.report)
            && lhs.rejected.map(\.decision) == rhs.rejected.map(\.decision) && lhs.toPay == rhs.toPay
    }
}

extension Store {
    /// The groups whose steps `user` may decide: on a file every group (it has no roles), on a
    /// team database those whose role the connection is a member of.
    public func decidingGroups() throws -> Set<String> {
        try writes.workflow.decidingGroups()
    }

    /// Every submitted report the reader sees, with whom it waits for and since when, longest
    /// waiting first.
    public func waitingReports() throws -> [WaitingReport] {
        try db.query(
            """
            SELECT \(Self.reportColumns),
                   (SELECT e.at FROM report_events e
                    WHERE e.report_id = r.id AND e.to_status = 'submitted' AND e.action IN ('submit', 'approve')
                    ORDER BY e.id DESC LIMIT 1) AS since
            FROM reports r WHERE r.status = 'submitted'
            ORDER BY since, r.id
            """ as SQL
        ) { row in
            WaitingReport(
                report: try Self.report(row), waitsFor: "approver", isGroup: true, since: row.optionalString("since") ?? "")
        }
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
        return Inbox(toDecide: toDecide, rejected: rejected, toPay: toPay)
    }

    /// The submitted reports of others whose waiting step is `user`'s or one of their `groups`'.
    public func waitingForDecision(by user: UserName, groups: Set<String>? = nil) throws -> [WaitingReport] {
        let groups = try groups ?? decidingGroups()
        return try waitingReports().filter { waiting in
            !user.isSame(as: waiting.report.owner)
                && (waiting.isGroup ? groups.contains(waiting.waitsFor) : user.isSame(as: waiting.waitsFor))
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
