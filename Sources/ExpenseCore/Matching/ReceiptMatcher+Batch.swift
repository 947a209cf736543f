import ExpenseSupport

/// Many receipts at once: `receipt match` over a pile of photos, and an import's new lines
/// against the receipts captured before it. Each receipt is decided as alone (`match`), and
/// then no item goes to two receipts: when two receipts match the same item, neither is
/// attached and both are ambiguous, listing that item. The result is the same in whatever order
/// the receipts come, so an import does not attach by which receipt it happened to read first.
extension ReceiptMatcher {
    /// One receipt's decision among many.
    public struct BatchDecision: Sendable, Equatable {
        public var receiptID: Int64
        public var decision: ReceiptMatch

        public init(receiptID: Int64, decision: ReceiptMatch) {
            self.receiptID = receiptID
            self.decision = decision
        }
    }

    /// The decision for each receipt, in the order given.
    /// - Parameters:
    ///   - receipts: the unattached receipts, by id.
    ///   - candidates: the items without a receipt that any of them can match (each receipt's,
    ///     looked up by the store, together).
    public func matchAll(
        _ receipts: [(id: Int64, facts: ReceiptFacts)], among candidates: [Expense], preferring: [Int64] = []
    ) -> [BatchDecision] {
        let decisions = receipts.map {
            BatchDecision(receiptID: $0.id, decision: match($0.facts, among: candidates, preferring: preferring))
        }
        var claims: [Int64: Int] = [:]
        for decision in decisions {
            if let item = decision.decision.matched { claims[item.id, default: 0] += 1 }
        }
        return decisions.map { decision in
            guard case .match(let item, let reason) = decision.decision, claims[item.id, default: 0] > 1 else { return decision }
            return BatchDecision(receiptID: decision.receiptID, decision: .ambiguous([ReceiptMatch.Candidate(item: item, reason: reason)]))
        }
    }
}
