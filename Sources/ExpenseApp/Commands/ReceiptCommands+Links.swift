import ExpenseCore
import ExpenseStore
import ExpenseSupport

/// `receipt attach|detach`: which expenses a receipt belongs to.
extension ReceiptCommands {
    static let expenseOption = CommonOptions.expense.required()

    static let attach = CommandSpec(
        ["receipt", "attach"], abstract: "Attach a receipt to an expense of a draft report (or an unassigned one).",
        discussion: "A receipt on two expenses is flagged by the shared-receipt policy rule: it may be one expense entered twice.",
        arguments: [idArgument], options: [expenseOption], examples: ["expenses receipt attach 3 --expense 5"]
    ) { invocation, session in
        let store = try session.store()
        let expenseID = try invocation[expenseOption]
        let (receipt, added) = try store.write {
            let receipt = try store.receipt(try invocation[idArgument])
            let added = try store.attach(receipt: receipt.id, to: expenseID, by: session.user)
            return (try store.receipt(receipt.id), added)
        }
        let others = receipt.expenseIDs.filter { $0 != expenseID }
        if added, !others.isEmpty { ReceiptLinks.warnShared(receipt, others: others) }
        if added { ReceiptLinks.warnIfTotalDiffers(receipt, from: try store.expense(expenseID)) }
        let message =
            added
            ? "Attached receipt \(receipt.id) to expense \(expenseID)"
            : "Receipt \(receipt.id) was attached to expense \(expenseID) already"
        return ReceiptResult(message: message, receipt: receipt, path: store.receiptStorage?.localPath(of: receipt.sha256)).output
    }

    static let detach = CommandSpec(
        ["receipt", "detach"], abstract: "Take a receipt off an expense of a draft report; the receipt itself stays.",
        arguments: [idArgument], options: [expenseOption], examples: ["expenses receipt detach 3 --expense 5"]
    ) { invocation, session in
        let store = try session.store()
        let expenseID = try invocation[expenseOption]
        let receipt = try store.write {
            let receipt = try store.receipt(try invocation[idArgument])
            _ = try store.expense(expenseID)
            guard receipt.expenseIDs.contains(expenseID) else {
                throw ExpenseError(
                    .invalidData, "receipt \(receipt.id) is not attached to expense \(expenseID)",
                    hint: receipt.expenseIDs.isEmpty
                        ? "it is attached to no expense"
                        : "it is attached to " + receipt.expenseIDs.map { "expense \($0)" }.joined(separator: ", "))
            }
            try store.detach(receipt: receipt.id, from: expenseID, by: session.user)
            return try store.receipt(receipt.id)
        }
        return ReceiptResult(
            message: "Detached receipt \(receipt.id) from expense \(expenseID)", receipt: receipt,
            path: store.receiptStorage?.localPath(of: receipt.sha256)
        ).output
    }
}
