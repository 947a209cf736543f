import ExpenseCore
import ExpenseStore
import ExpenseSupport

/// The rule for changing which receipts an expense has: like its other fields, only while its
/// report is a draft, as the domain says (`Report.requireEditable`); the store holds it too.
enum ReceiptLinks {
    static func requireEditable(expense id: Int64, in store: Store, for change: ReportChange) throws {
        guard let reportID = try store.expense(id).reportID else { return }
        try store.report(reportID).requireEditable(change)
    }

    /// Says on stderr that a receipt is on more than one expense: Odoo's same-receipt warning,
    /// which `report check` lists as the shared-receipt rule.
    static func warnShared(_ receipt: Receipt, others: [Int64]) {
        let list = (others.count == 1 ? "expense " : "expenses ") + others.map(String.init).joined(separator: ", ")
        Console.error("expenses: warning: receipt \(receipt.id) is also attached to \(list): one receipt on two expenses "
                      + "may be the same expense twice (policy rule shared-receipt)\n")
    }
}
