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

extension ReceiptCaptureRun {
    /// Which item the receipt is, when it is to be looked for: a capture that says neither where
    /// it goes (`--expense`) nor `--no-match` or `--new`. One clear match is attached (asked first
    /// at a terminal when an expense was to be made: `--create`, the takePhoto form); several are
    /// asked at a terminal, else listed.
    func match(_ prepared: ReceiptCapture.Prepared, store: Store, settings: Settings) throws -> CaptureMatch {
        let options = ReceiptCommands.Options.self
        guard !invocation.gave(options.expense), !invocation[options.noMatch], !invocation[options.new],
            prepared.existing?.expenseIDs.isEmpty ?? true
        else { return .none }
        let preferring = [try invocation[options.report] ?? session.currentReportID].compactMap { $0 }
        let matching = try ReceiptMatching(store: store, settings: settings, preferring: preferring, today: session.environment.today())
        guard let facts = matching.facts(of: prepared.ocr.suggestion, takenAt: prepared.takenAt, capturedAt: session.environment.now())
        else { return .none }
        let reader = session.lineReader
        switch try matching.decide(facts) {
        case .none:
            return try matching.missingRate(for: facts).map { .withoutRate($0) } ?? .none
        case .match(let item, let reason):
            let candidate = ReceiptMatch.Candidate(item: item, reason: reason)
            guard let reader, invocation[options.create] || expenseFormReader != nil else { return .attached(candidate, asked: false) }
            return try MatchQuestion.confirm(candidate, reader: reader) ? .attached(candidate, asked: true) : .none
        case .ambiguous(let candidates):
            guard let reader else { return .listed(candidates) }
            return try MatchQuestion.choose(candidates, reader: reader).map { .attached($0, asked: true) } ?? .none
        }
    }
}
