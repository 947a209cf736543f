/// Where a report is in its life: draft → submitted → approved → reimbursed, with rejected and
/// recall as the ways back to draft. Only the transitions listed here are legal.
public enum ReportStatus: String, CaseIterable, Sendable {
    case draft, submitted, approved, rejected, reimbursed

    /// The states a report may move to from this one.
    public var successors: [ReportStatus] {
        switch self {
        case .draft: return [.submitted]
        case .submitted: return [.approved, .rejected, .draft]  // draft: recalled by the owner
        case .rejected: return [.draft]  // reopened
        case .approved: return [.reimbursed]
        case .reimbursed: return []
        }
    }

    public func canMove(to next: ReportStatus) -> Bool { successors.contains(next) }

    /// Items can be added, changed, moved or deleted — and the report itself edited or
    /// deleted — only while the report is a draft, so that what an approver saw is what gets
    /// paid. `Report.requireEditable` refuses by it; the store's SQL follows it too.
    public var allowsItemChanges: Bool { self == .draft }

    /// Still being worked on, as opposed to closed (paid out).
    public var isOpen: Bool { self != .reimbursed }
}

/// Who paid: the traveller, to be reimbursed, or the company (a company card).
public enum PaidBy: String, CaseIterable, Sendable {
    case personal, company
}
