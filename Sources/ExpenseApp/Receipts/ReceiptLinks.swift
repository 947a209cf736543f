import ExpenseCore
import ExpenseStore
import ExpenseSupport

/// The rule for changing which receipts an expense has: like its other fields, only while its
/// report is a draft (the schema's triggers hold it too; this says it in words).
enum ReceiptLinks {
    static func requireEditable(expense id: Int64, in store: Store, action: String) throws {
        let item = try store.expense(id)
        guard let reportID = item.reportID else { return }
        let report = try store.report(reportID)
        guard report.status.allowsItemChanges else {
            throw ExpenseError(.refused, "expense \(id) is in report \(reportID), which is \(report.status.rawValue); cannot \(action)",
                               hint: report.status == .submitted ? "recall it first: expenses report recall \(reportID)" : nil)
        }
    }

    /// Says on stderr that a receipt is on more than one expense: Odoo's same-receipt warning,
    /// which `report check` lists as the shared-receipt rule.
    static func warnShared(_ receipt: Receipt, others: [Int64]) {
        let list = (others.count == 1 ? "expense " : "expenses ") + others.map(String.init).joined(separator: ", ")
        Console.error("expenses: warning: receipt \(receipt.id) is also attached to \(list): one receipt on two expenses "
                      + "may be the same expense twice (policy rule shared-receipt)\n")
    }
}
