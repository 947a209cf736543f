import ExpenseCore
import ExpenseStore
import ExpenseSupport

/// What is said about an expense's receipts besides their rule (which receipts an expense may
/// change is the domain's `Report.requireEditable`, held by the store's attach and detach).
enum ReceiptLinks {
    /// Says on stderr that a receipt is on more than one expense: Odoo's same-receipt warning,
    /// which `report check` lists as the shared-receipt rule.
    static func warnShared(_ receipt: Receipt, others: [Int64]) {
        Console.error(sharedWarning(receipt, others: others))
    }

    /// The shared-receipt warning's line, for whoever shows it (stderr, or a page).
    static func sharedWarning(_ receipt: Receipt, others: [Int64]) -> String {
        let list = (others.count == 1 ? "expense " : "expenses ") + others.map(String.init).joined(separator: ", ")
        return "expenses: warning: receipt \(receipt.id) is also attached to \(list): one receipt on two expenses "
            + "may be the same expense twice (policy rule shared-receipt)\n"
    }

    /// Says on stderr when the total OCR read on a receipt is not the expense's amount: the wrong
    /// receipt, or a typo in the amount.
    static func warnIfTotalDiffers(_ receipt: Receipt, from expense: Expense) {
        if let warning = totalWarning(receipt, from: expense) { Console.error(warning) }
    }

    /// The line saying the receipt's total differs from the expense's amount; nil when it does
    /// not. Said only for a total in the expense's currency (or in none), which can be compared
    /// exactly.
    static func totalWarning(_ receipt: Receipt, from expense: Expense) -> String? {
        let read = receipt.ocr.suggestion
        guard let text = read.amount, read.currency == nil || read.currency == expense.amount.currency.code,
            let total = try? Money.parse(text, currency: expense.amount.currency), total.minorUnits != expense.amount.minorUnits.magnitude
        else { return nil }
        return "expenses: warning: receipt \(receipt.id) reads a total of \(total), but expense \(expense.id) is "
            + "\(expense.amount): is it the right receipt? (change the amount with 'expenses expense edit \(expense.id) --amount ...')\n"
    }
}
