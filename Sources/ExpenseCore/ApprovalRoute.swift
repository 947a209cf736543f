import ExpenseSupport

/// The company's approval policy (issue 43): which comes first, the traveller's manager or the
/// owners of the cost centres a report is charged to, and above which total one more person
/// decides. The threshold is in one currency and compares only reports in it.
public struct ApprovalPolicy: Sendable, Equatable {
    public enum Order: String, CaseIterable, Sendable {
        case managerFirst = "manager,cost-centre"
        case costCentreFirst = "cost-centre,manager"
    }

    /// Who takes the second approval above the threshold: the manager's manager (finance when
    /// there is none), or any member of finance.
    public enum SecondApprover: String, CaseIterable, Sendable {
        case manager, finance
    }

    public var order: Order
    /// A report in this currency whose total is above it gets one more step.
    public var secondAbove: Money?
    public var secondApprover: SecondApprover

    public init(order: Order = .managerFirst, secondAbove: Money? = nil, secondApprover: SecondApprover = .manager) {
        self.order = order
        self.secondAbove = secondAbove
        self.secondApprover = secondApprover
    }
}

/// One step of a report's route: a person's, or any member of a group's; decided by whom (for
/// whom, when a delegate decided) and when, once it is.
public struct ApprovalStep: Sendable, Equatable {
    /// The groups a step may be for: any approver, or any member of finance.
    public enum Group: String, CaseIterable, Sendable {
        case approver, finance
    }

    public var position: Int
    /// The person who decides; nil when the step is the group's.
    public var approver: String?
    public var group: Group?
    /// Why this step: "manager", "cost centre 4711", "second approval", "approver".
    public var why: String
    public var decidedBy: String?
    /// The approver a delegate decided for.
    public var onBehalfOf: String?
    public var decidedAt: String?

    public init(
        position: Int, approver: String? = nil, group: Group? = nil, why: String, decidedBy: String? = nil,
        onBehalfOf: String? = nil, decidedAt: String? = nil
    ) {
        self.position = position
        self.approver = approver
        self.group = group
        self.why = why
        self.decidedBy = decidedBy
        self.onBehalfOf = onBehalfOf
        self.decidedAt = decidedAt
    }

    /// Who decides, as people read it: "bob", "any approver", "finance".
    public var decider: String {
        if let approver { return approver }
        return group == .finance ? "finance" : "any approver"
    }
}

/// Who decides on a report, computed when it is submitted (the server's `route_steps` is the
/// same rule in SQL): the owner's manager, and the owners of the cost centres the report and its
/// items are charged to, in the policy's order; a step whose approver is the report's owner goes
/// to the next one up (the owner's manager, or any approver when there is none); consecutive steps
/// of one person are one. Above the policy's threshold one more step: the manager's manager, or
/// finance. A route with no step at all is one step for any approver, as before routes.
public enum ApprovalRoute {
    /// - Parameters:
    ///   - managers: each person's manager, by normalised name.
    ///   - costCentres: the cost centres the report or its items are charged to, each with its
    ///     owner, in the order they are to decide (by code).
    public static func steps(
        owner: String, total: Money, managers: [String: String], costCentres: [(code: String, owner: String)],
        policy: ApprovalPolicy
    ) -> [ApprovalStep] {
        let manager = managers[owner]
        // A step of the owner's own goes to their manager, or to any approver.
        func step(_ approver: String?, _ why: String) -> ApprovalStep {
            let decider = approver == owner ? manager : approver
            return decider.map { ApprovalStep(position: 0, approver: $0, why: why) }
                ?? ApprovalStep(position: 0, group: .approver, why: why)
        }
        let managerSteps = manager.map { [step($0, "manager")] } ?? []
        let centreSteps = costCentres.map { step($0.owner, "cost centre \($0.code)") }
        var steps = policy.order == .managerFirst ? managerSteps + centreSteps : centreSteps + managerSteps
        if let threshold = policy.secondAbove, threshold.currency == total.currency, total.minorUnits > threshold.minorUnits {
            let second = policy.secondApprover == .manager ? manager.flatMap { managers[$0] } : nil
            steps.append(
                second.map { step($0, "second approval") } ?? ApprovalStep(position: 0, group: .finance, why: "second approval"))
        }
        var route: [ApprovalStep] = []
        for next in steps {
            if let last = route.last, last.approver != nil, last.approver == next.approver {
                route[route.count - 1].why += ", " + next.why
            } else {
                route.append(next)
            }
        }
        if route.isEmpty { route = [ApprovalStep(position: 0, group: .approver, why: "approver")] }
        for index in route.indices { route[index].position = index + 1 }
        return route
    }

    /// The step a report waits for: the first not decided; nil when every one is.
    public static func waiting(_ steps: [ApprovalStep]) -> ApprovalStep? {
        steps.first { $0.decidedBy == nil }
    }

    /// The reason an approval of `step` (of `count`) is logged with: "step 1 of 2 (manager)",
    /// "for bob" when a delegate decides, then the decider's own reason. A route of one step
    /// logs the reason alone, as before routes.
    public static func loggedReason(of step: ApprovalStep, count: Int, for approver: String?, reason: String) -> String {
        var parts: [String] = []
        if count > 1 { parts.append("step \(step.position) of \(count) (\(step.why))") }
        if let approver { parts.append("for \(approver)") }
        if !reason.isEmpty { parts.append(reason) }
        return parts.joined(separator: "; ")
    }
}
