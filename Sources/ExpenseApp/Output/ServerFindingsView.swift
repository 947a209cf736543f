import ExpenseCore
import ExpenseSupport
import Rendering

/// How the findings a team database's server kept at a report's submission look where the
/// approver and finance decide (`report show`, `report approve`, `report reimburse`): each with
/// its severity and whether it was accepted, and for a blocking one not accepted how to accept it.
enum ServerFindingsView {
    /// "Found by the server at its submission:" and a line each; empty when there are none.
    static func text(_ findings: [Violation], report: Report) -> String {
        guard !findings.isEmpty else { return "" }
        var text = "Found by the server at its submission:\n"
        for finding in findings {
            let state = finding.acknowledgement.map { "accepted: \($0)" } ?? "not accepted"
            text += "  \(finding.key) (\(finding.severity.rawValue), \(state)): \(finding.message)\n"
            if finding.blocks {
                text +=
                    "    it stops approval and reimbursement until an approver who does not own the report accepts it: "
                    + "expenses report acknowledge \(report.id) \(finding.key) --reason TEXT\n"
            }
        }
        return text
    }

    static func json(_ findings: [Violation]) -> JSONValue {
        .array(
            findings.map { finding in
                .object([
                    ("rule", .string(finding.rule.rawValue)), ("key", .string(finding.key)),
                    ("severity", .string(finding.severity.rawValue)),
                    ("message", .string(finding.message)), ("acknowledged", .string(finding.acknowledgement)),
                    ("blocks", .bool(finding.blocks)),
                ])
            })
    }
}
