import ExpenseCore
import ExpenseStore
import ExpenseSupport
import Rendering

extension ReceiptCaptureFlow.Outcome {
    /// What the capture-result page says of this outcome: the expense and report it went to
    /// (with the report's title), the expense it proposes prefilled, or the refusal.
    func page(in store: Store) throws -> CaptureResultPage.Outcome {
        switch self {
        case .refused(let error):
            return .refused(message: error.message, hint: error.hint)
        case .captured(let captured):
            let receipt = captured.committed.receipt
            let name = "Receipt \(receipt.id) (\(ReceiptView.name(receipt)))"
            // Attached now, or (the same bytes captured before) on its expense already.
            let attachment =
                try captured.attachment(in: store)
                ?? receipt.expenseIDs.first.map { expense in (expense: expense, report: try store.expense(expense).reportID) }
            if let (expense, report) = attachment {
                let title = try report.map { try store.report($0).title }
                return .attached(receiptName: name, expenseID: expense, reportID: report, reportTitle: title)
            }
            let proposal = captured.proposal
            let fields = ExpenseFormPage.Fields(
                date: proposal?.date.value ?? "", amount: proposal?.amount.value ?? "", currency: proposal?.currency.value ?? "",
                merchant: proposal?.merchant.value ?? "", category: proposal?.category.value ?? "",
                description: proposal?.description ?? "", reportID: proposal?.report?.id, receiptID: receipt.id)
            return .draft(receiptName: name, fields: fields, doubts: proposal?.doubts ?? [])
        }
    }
}
