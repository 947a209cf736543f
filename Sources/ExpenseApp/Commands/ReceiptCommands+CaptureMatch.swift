import ExpenseCore
import ExpenseStore
import ExpenseSupport

/// What matching did for a captured receipt (issue 30).
enum CaptureMatch {
    /// Not looked for (`--expense`, `--no-match`, `--new`, a receipt attached before), or nothing
    /// matched, or the person said no.
    case none
    /// Attached to this item instead of being kept alone or making a second expense; `asked`:
    /// the person said so at the terminal.
    case attached(ReceiptMatch.Candidate, asked: Bool)
    /// Several items could be it and nobody was there to ask: none attached, listed.
    case listed([ReceiptMatch.Candidate])
    /// Nothing matched, and the total was not compared with the items in another currency: no
    /// fresh rate to convert it at.
    case withoutRate(MissingRate)

    var attaches: ReceiptMatch.Candidate? {
        if case .attached(let candidate, _) = self { return candidate }
        return nil
    }

    /// Whether `--create` is held back: several items could be the receipt, and making another
    /// would be a duplicate of one of them (`--new` insists).
    func holdsBack(create: Bool) -> Bool {
        if case .listed = self { return create }
        return false
    }
}
