import ExpenseCore
import ExpenseSupport

/// Who decides on a report (issue 43): the company's approval policy, the route a report is given
/// when it is submitted (`ApprovalRoute`; on a team database the server's `route_steps` computes
/// it), and who may decide on its waiting step now, an approver's delegate included.
extension Store {
    /// The approval policy; the defaults when nobody set one.
    public func approvalPolicy() throws -> ApprovalPolicy {
        try db.queryFirst(
            "SELECT step_order, second_above_minor, second_above_currency, second_approver FROM approval_policy WHERE singleton = 1"
                as SQL
        ) { row in
            let stored = StoredRow(row, table: "approval_policy", id: "step_order")
            let threshold = row.isNull(2) ? nil : try stored.money(1, in: try stored.currency(2))
            return ApprovalPolicy(
                order: try stored.value(0, as: ApprovalPolicy.Order.self), secondAbove: threshold,
                secondApprover: try stored.value(3, as: ApprovalPolicy.SecondApprover.self))
        } ?? ApprovalPolicy()
    }

    /// Sets the approval policy, as `user` (on a team database, finance or the administrator).
    public func setApprovalPolicy(_ policy: ApprovalPolicy, by user: UserName) throws {
        try write { try writes.workflow.setApprovalPolicy(policy, by: user) }
    }

    /// Report `reportID`'s route, first step first; none before it is submitted.
    public func approvalSteps(_ reportID: Int64) throws -> [ApprovalStep] {
        try db.query(
            """
            SELECT position, approver, approver_group, why, decided_by, on_behalf_of, decided_at FROM approval_steps
            WHERE report_id = \(reportID) ORDER BY position
            """ as SQL
        ) { row in
            let stored = StoredRow(row, table: "approval_steps", id: "position")
            return ApprovalStep(
                position: try stored.integer(0, as: Int.self, in: 1...Int.max), approver: row.optionalString(1),
                group: try stored.optionalValue(2, as: ApprovalStep.Group.self), why: row.string(3),
                decidedBy: row.optionalString(4), onBehalfOf: row.optionalString(5), decidedAt: row.optionalString(6))
        }
    }

    /// The route `report` gets when it is submitted now, from the people's managers, the
    /// owners of the cost centres it and its items are charged to, its total and the policy.
    func route(of report: Report) throws -> [ApprovalStep] {
        var managers: [String: String] = [:]
        try db.forEachRow("SELECT name, manager FROM people WHERE manager IS NOT NULL" as SQL) {
            managers[$0.string(0)] = $0.string(1)
        }
        let centres = try db.query(
            """
            SELECT c.code, c.owner FROM cost_centres c
            WHERE c.code IN (SELECT rc.cost_centre FROM report_cost_centres rc WHERE rc.report_id = \(report.id))
               OR c.code IN (SELECT ec.cost_centre FROM expense_cost_centres ec JOIN expenses e ON e.id = ec.expense_id
                             WHERE e.report_id = \(report.id))
            ORDER BY c.code
            """ as SQL
        ) { (code: $0.string(0), owner: $0.string(1)) }
        return ApprovalRoute.steps(
            owner: UserName(normalizing: report.owner).value, total: report.total, managers: managers, costCentres: centres,
            policy: try approvalPolicy())
    }

    /// Refuses `user` a decision on `report` (submitted, as it is now) unless its waiting step is
    /// theirs, their group's, or theirs as the delegate of its approver today; never its owner's.
    /// Returns the approver a delegate acts for; nil when `user` decides in their own right. A
    /// report submitted before routes has none: anyone but its owner decides, as then. On a team
    /// database the server's `require_decider` checks it again, with group membership.
    @discardableResult
    public func requireDecider(_ report: Report, _ user: UserName) throws -> UserName? {
        guard !user.isSame(as: report.owner) else {
            throw ExpenseError(
                .permissionDenied, .ownerCannotAct,
                "\(user) owns report \(report.id) and cannot decide on it: someone else must (separation of duties)")
        }
        let steps = try approvalSteps(report.id)
        guard let waiting = ApprovalRoute.waiting(steps), let approver = waiting.approver else { return nil }
        if user.isSame(as: approver) { return nil }
        // The day is the server's on a team database, which decides it there too.
        if try delegators(of: user, on: try writes.workflow.today()).contains(approver) { return UserName(normalizing: approver) }
        throw ExpenseError(
            .permissionDenied,
            "report \(report.id) waits for \(approver) (step \(waiting.position) of \(steps.count): \(waiting.why)); "
                + "\(user) cannot decide on it",
            hint: "only \(approver), or \(approver)'s delegate during the delegation ('expenses delegate list'), decides this step")
    }
}
