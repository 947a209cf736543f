import ExpenseCore
import ExpenseStore
import ExpenseSupport

/// What an import does with the receipts there before it (issue 30): a payment ends as one
/// expense whether the receipt or the card line came first.
extension ReceiptMatching {
    /// What `afterImport` did.
    struct ImportMatches {
        /// Receipts attached to a new line that took them.
        var attached = 0
        /// Items made from a receipt before their card line came, merged into that line.
        var merged = 0
        /// Receipts that stayed unattached although a new line in another currency is of their
        /// days: their totals could not be converted into it (`ReceiptMatching.missingRate`).
        var withoutRate: [(receipt: Receipt, missing: MissingRate)] = []
    }

    /// After an import, in one transaction after the import's: first each item made from a
    /// receipt (takePhoto, `--create`) whose receipt matches exactly one new line is merged into
    /// it (the line keeps the card's amount, payer and reference, takes the item's category,
    /// description and receipts, and the item goes); then the person's unattached receipts are
    /// matched to the new lines (only to those: a receipt left alone on purpose stays so until a
    /// line of its own arrives).
    static func afterImport(batches: Set<Int64>, reportID: Int64?, session: Session) throws -> ImportMatches {
        guard !batches.isEmpty else { return ImportMatches() }
        let store = try session.store()
        let made = try store.receiptItemsNotImported()
        let receipts = try store.unattachedOwnReceipts()
        guard !made.isEmpty || !receipts.isEmpty else { return ImportMatches() }
        let matching = try ReceiptMatching(
            store: store, settings: try session.settings(), preferring: [reportID].compactMap { $0 }, today: session.environment.today())
        let user = try session.user
        return try store.write {
            var result = ImportMatches()
            var taken: Set<Int64> = []
            for (item, receiptIDs) in made {
                guard let (line, reason) = try matching.line(for: item, receipts: receiptIDs, batches: batches), !taken.contains(line.id)
                else { continue }
                taken.insert(line.id)
                try merge(item, into: line, receipts: receiptIDs, reason: reason, in: store, by: user)
                result.merged += 1
            }
            let decisions = try matching.decideAll(receipts)
            let new = try store.expenseIDs(decisions.compactMap { $0.decision.matched?.id }, inBatches: batches)
            let chosen = decisions.filter { $0.decision.matched.map { new.contains($0.id) && !taken.contains($0.id) } ?? false }
            try attach(chosen, in: store, by: user)
            result.attached = chosen.count
            for (receipt, decision) in decisions where decision == .none {
                guard let missing = try matching.unconverted(receipt, toLinesOf: batches) else { continue }
                result.withoutRate.append((receipt, missing))
            }
            return result
        }
    }

    /// Why `receipt` matched none of the new lines when one of them is in a currency its total
    /// could not be converted into, on a day it could be: the rate it lacks.
    private func unconverted(_ receipt: Receipt, toLinesOf batches: Set<Int64>) throws -> MissingRate? {
        guard let facts = facts(of: receipt), let missing = try missingRate(for: facts) else { return nil }
        let lines = try store.matchCandidates(on: ReceiptMatcher.dates(for: facts)).filter { $0.amount.currency == missing.to }
        return try store.expenseIDs(lines.map(\.id), inBatches: batches).isEmpty ? nil : missing
    }

    /// The one new line an item made from a receipt is the same payment as: its receipt matches
    /// the line (by the matcher's rule, among the new lines only), the line has the item's
    /// amount (or is in another currency, the card's, which the receipt's total converts to),
    /// and both are in the same report or in none.
    private func line(for item: Expense, receipts: [Int64], batches: Set<Int64>) throws -> (Expense, MatchReason)? {
        for id in receipts {
            guard let facts = facts(of: try store.receipt(id)) else { continue }
            let found = try candidates(for: facts)
            let new = try store.expenseIDs(found.map(\.id), inBatches: batches)
            let lines = found.filter {
                new.contains($0.id) && ($0.amount == item.amount || $0.amount.currency != item.amount.currency)
                    && $0.reportID == item.reportID
            }
            if case .match(let line, let reason) = matcher.match(facts, among: lines, preferring: preferring) { return (line, reason) }
        }
        return nil
    }

    /// The line takes the item's category, description and receipts; the item goes. Said in the
    /// report's audit log with each receipt the line takes.
    private static func merge(
        _ item: Expense, into line: Expense, receipts: [Int64], reason: MatchReason, in store: Store, by user: UserName
    ) throws {
        var merged = line
        merged.category = item.category
        if !item.description.isEmpty { merged.description = item.description }
        try store.updateExpense(merged)
        try store.deleteExpense(item.id)
        for receipt in receipts {
            try store.attach(
                receipt: receipt, to: line.id, by: user,
                how: "matched: \(reason); expense \(item.id), made from it before the card line came, merged into it")
        }
    }
}
