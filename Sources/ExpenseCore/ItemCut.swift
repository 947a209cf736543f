import ExpenseSupport

/// An approver's cut of one item of a report (issue 43): the item approved at a lower amount, or
/// at none, in the report's currency, with the reason its traveller reads. The item keeps its
/// own amount; what the report owes is computed from the approved one (`ReportTotals`).
public struct ItemCut: Sendable, Equatable {
    public var expenseID: Int64
    /// What the item is approved at, in the report's currency: zero up to its amount there.
    public var approved: Money
    public var reason: String
    /// Who cut it, for whom when a delegate did (the approver they act for), and when; empty
    /// until it is stored.
    public var cutBy: String
    public var onBehalfOf: String?
    public var cutAt: String

    public init(
        expenseID: Int64, approved: Money, reason: String, cutBy: String = "", onBehalfOf: String? = nil, cutAt: String = ""
    ) {
        self.expenseID = expenseID
        self.approved = approved
        self.reason = reason
        self.cutBy = cutBy
        self.onBehalfOf = onBehalfOf
        self.cutAt = cutAt
    }

    /// Refuses a cut `report` cannot take: of an item that is not one of its own (`item` is the
    /// item the cut names, nil when there is none), to an amount below zero or above what the
    /// item is approved at so far (`approvedSoFar`: its amount in the report's currency, or an
    /// earlier cut's), or without a reason.
    public func check(_ item: Expense?, of report: Report, approvedSoFar: Money?) throws(ExpenseError) {
        guard let item, item.reportID == report.id, let approvedSoFar else {
            throw ExpenseError(
                .notFound, .itemNotInReport(item: expenseID, report: report.id), "report \(report.id) has no item \(expenseID)")
        }
        guard !reason.trimmingSpaces.isEmpty else {
            throw ExpenseError(.invalidData, "the cut of item \(item.id) needs a reason: the traveller reads it")
        }
        guard approved.currency == approvedSoFar.currency else {
            throw ExpenseError(
                .invalidData,
                "the cut of item \(item.id) is in \(approved.currency.code); report \(report.id) is in \(approvedSoFar.currency.code)")
        }
        guard approved.minorUnits >= 0, approved.minorUnits <= approvedSoFar.minorUnits else {
            throw ExpenseError(
                .refused,
                "item \(item.id) is \(approvedSoFar) in report \(report.id); it can be cut to 0 up to that, not to \(approved)",
                hint: "give an amount from 0 to \(approvedSoFar.decimalString)")
        }
    }

    /// The audit log's words for the cut of an item from `before`: "cut item 12" ("cut item 12 for
    /// bob" by bob's delegate) and, as its
    /// reason, "from 23.50 EUR to 0.00 EUR: minibar is private" (amounts ungrouped, as the team
    /// server's `expense_cut` writes them).
    public func logged(from before: Money) -> (action: String, reason: String) {
        let words = { (money: Money) in "\(money.decimalString) \(money.currency.code)" }
        return ("cut item \(expenseID)" + (onBehalfOf.map { " for \($0)" } ?? ""), "from \(words(before)) to \(words(approved)): \(reason)")
    }
}
