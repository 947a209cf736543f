import ExpenseSupport

/// A step of the report workflow: who may take it, from which state, to which.
/// Separation of duties: the owner submits, recalls and reopens; someone else approves,
/// rejects and reimburses.
public enum ReportAction: String, CaseIterable, Sendable {
    case submit, approve, reject, recall, reopen, reimburse

    public enum Actor: Sendable { case owner, notOwner }

    public var from: ReportStatus {
        switch self {
        case .submit: return .draft
        case .approve, .reject, .recall: return .submitted
        case .reopen: return .rejected
        case .reimburse: return .approved
        }
    }

    public var to: ReportStatus {
        switch self {
        case .submit: return .submitted
        case .approve: return .approved
        case .reject: return .rejected
        case .recall, .reopen: return .draft
        case .reimburse: return .reimbursed
        }
    }

    public var actor: Actor {
        switch self {
        case .submit, .recall, .reopen: return .owner
        case .approve, .reject, .reimburse: return .notOwner
        }
    }

    /// The past tense, for messages: "Approved report 3".
    public var done: String {
        switch self {
        case .submit: return "Submitted"
        case .approve: return "Approved"
        case .reject: return "Rejected"
        case .recall: return "Recalled"
        case .reopen: return "Reopened"
        case .reimburse: return "Reimbursed"
        }
    }

    /// Refuses the action when the report is not in the state it starts from, or when `user` may
    /// not take it. The owner compares as a name (`UserName`): `Alice` is `alice`.
    public func check(_ report: Report, by user: UserName) throws(ExpenseError) {
        guard report.status == from else {
            let possible = ReportAction.allCases.filter { $0.from == report.status }.map { $0.done.lowercased() }
            let status = Self.withArticle(report.status.rawValue)
            throw ExpenseError(
                .refused,
                "report \(report.id) is \(report.status.rawValue); only \(Self.withArticle(from.rawValue)) report can be \(done.lowercased())",
                hint: possible.isEmpty ? "\(status) report is final" : "\(status) report can be \(WordList.joined(possible, "or"))")
        }
        switch actor {
        case .owner where !user.isSame(as: report.owner):
            throw ExpenseError(
                .permissionDenied, .notReportOwner(user: user.value),
                "report \(report.id) belongs to \(report.owner); only they can \(rawValue) it")
        case .notOwner where user.isSame(as: report.owner):
            throw ExpenseError(
                .permissionDenied, .ownerCannotAct,
                "\(user) owns report \(report.id) and cannot \(rawValue) it: someone else must (separation of duties)")
        default:
            break
        }
    }

    /// "an approved", "a submitted": the article a status needs.
    static func withArticle(_ word: String) -> String {
        ("aeiou".contains(word.first ?? "x") ? "an " : "a ") + word
    }
}

/// One entry of a report's audit log.
public struct ReportEvent: Sendable, Equatable {
    public var at: String
    public var actor: String
    /// The transition's states; equal for a note that changes no state (an acknowledged warning).
    public var from: ReportStatus
    public var to: ReportStatus
    public var action: String
    public var reason: String

    public init(at: String, actor: String, from: ReportStatus, to: ReportStatus, action: String, reason: String) {
        self.at = at
        self.actor = actor
        self.from = from
        self.to = to
        self.action = action
        self.reason = reason
    }

}
