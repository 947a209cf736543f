import ExpenseCore
import ExpenseStore
import ExpenseSupport

/// A receipt capture's questions asked on a terminal: the match to confirm or choose
/// (`MatchQuestion`), the takePhoto form (`ReceiptForm`), `--create`'s confirmation
/// (`DraftConfirmation`). The web asks none: its pages show the outcome instead.
struct TerminalCaptureQuestions: ReceiptCaptureFlow.Questions {
    let reader: LineReader

    func confirmMatch(_ candidate: ReceiptMatch.Candidate) throws -> Bool {
        try MatchQuestion.confirm(candidate, reader: reader)
    }

    func chooseMatch(_ candidates: [ReceiptMatch.Candidate]) throws -> ReceiptMatch.Candidate? {
        try MatchQuestion.choose(candidates, reader: reader)
    }

    func expense(from proposal: ReceiptExpenseDraft, label: String, store: Store) throws -> ReceiptExpenseDraft? {
        try ReceiptForm.expense(from: proposal, label: label, store: store, reader: reader)
    }

    func confirm(_ draft: inout ReceiptExpenseDraft, label: String, store: Store) throws -> DraftConfirmation.Decision {
        try DraftConfirmation(reader: reader, store: store).confirm(&draft, receiptLabel: label)
    }
}
