import ExpenseCore
import ExpenseStore
import ExpenseSupport

/// What is said about an expense's receipts besides their rule (which receipts an expense may
/// change is the domain's `Report.requireEditable`, held by the store's attach and detach).
enum ReceiptLinks {
    /// Says on stderr that a receipt is on more than one expense: Odoo's same-receipt warning,
    /// which `report check` lists as the shared-receipt rule.
    static func warnShared(_ receipt: Receipt, others: [Int64]) {
        let list = (others.count == 1 ? "expense " : "expenses ") + others.map(String.init).joined(separator: ", ")
        Console.error("expenses: warning: receipt \(receipt.id) is also attached to \(list): one receipt on two expenses "
                      + "may be the same expense twice (policy rule shared-receipt)\n")
    }
}
