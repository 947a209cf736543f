import ExpenseCore
import ExpenseSupport
import Rendering

/// A report's route as `report show` shows it: each step, who decided it (for whom) and when,
/// the one it waits for, the ones to come.
enum ApprovalRouteView {
    /// "decided", "waiting" or "to come"; every undecided step of a report no longer submitted is "not decided".
    static func state(of step: ApprovalStep, in steps: [ApprovalStep], status: ReportStatus) -> String {
        if step.decidedBy != nil { return "decided" }
        guard status == .submitted else { return "not decided" }
        return ApprovalRoute.waiting(steps)?.position == step.position ? "waiting" : "to come"
    }

    /// The lines under `report show`'s header; nothing for a report without a route.
    static func text(_ steps: [ApprovalStep], status: ReportStatus) -> String {
        steps.enumerated().map { index, step in
            let label = index == 0 ? "Route:" : ""
            let decided = step.decidedBy.map { by in
                "decided by \(by)" + (step.onBehalfOf.map { " for \($0)" } ?? "")
                    + (step.decidedAt.map { " at \(LocalTime.forPeople($0))" } ?? "")
            }
            return "  " + label.padding(13) + "\(step.position). \(step.decider) (\(step.why)): "
                + (decided ?? state(of: step, in: steps, status: status)) + "\n"
        }.joined()
    }

    static func json(_ steps: [ApprovalStep], status: ReportStatus) -> JSONValue {
        .array(
            steps.map { step in
                .object([
                    ("position", .int(Int64(step.position))), ("approver", .string(step.approver)),
                    ("group", .string(step.group?.rawValue)), ("why", .string(step.why)),
                    ("state", .string(state(of: step, in: steps, status: status))), ("decidedBy", .string(step.decidedBy)),
                    ("onBehalfOf", .string(step.onBehalfOf)), ("decidedAt", .string(step.decidedAt)),
                ])
            })
    }
}
