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
        Console.error(
            "expenses: warning: receipt \(receipt.id) is also attached to \(list): one receipt on two expenses "
                + "may be the same expense twice (policy rule shared-receipt)\n")
    }

    /// Says on stderr when the total OCR read on a receipt is not the expense's amount: the wrong
    /// receipt, or a typo in the amount. Said only for a total in the expense's currency (or in
    /// none), which can be compared exactly.
    static func warnIfTotalDiffers(_ receipt: Receipt, from expense: Expense) {
        let read = receipt.ocr.suggestion
        guard let text = read.amount, read.currency == nil || read.currency == expense.amount.currency.code,
            let total = try? Money.parse(text, currency: expense.amount.currency), total.minorUnits != expense.amount.minorUnits.magnitude
        else { return }
        Console.error(
            "expenses: warning: receipt \(receipt.id) reads a total of \(total), but expense \(expense.id) is "
                + "\(expense.amount): is it the right receipt? (change the amount with 'expenses expense edit \(expense.id) --amount ...')\n"
        )
    }
}
