import ExpenseCore
import ExpenseSupport

/// What a terminal asks when a captured receipt looks like an item already there (issue 30): one
/// clear match is offered to attach to ("This looks like expense 1 (Hotel Astoria, 412.80 EUR,
/// 2026-03-02) — attach it there?"), several are listed best first to choose from. Each answer
/// may be no: the receipt then goes on as if nothing matched.
enum MatchQuestion {
    /// Whether to attach the receipt to the one item it matches.
    static func confirm(_ candidate: ReceiptMatch.Candidate, reader: LineReader) throws -> Bool {
        let item = candidate.item
        let name = item.merchant.isEmpty ? item.category : item.merchant
        let field = Form.Field("attach", "Attach it there (yes/no)", required: true)
            .suggesting { _ in "yes" }
            .checking { text, _ in
                switch text.lowercased() {
                case "y", "yes": return true
                case "n", "no": return false
                default: throw ExpenseError(.usage, "answer yes or no")
                }
            }
        let heading =
            "This looks like expense \(item.id) (\(name), \(item.amount), \(item.date)) — attach it there?\n"
            + "  (\(candidate.reason))"
        return try Form(heading: heading, fields: [field]).ask(reader: reader).value("attach", as: Bool.self) == true
    }

    /// Which of several items the receipt is, best first; nil for none of them.
    static func choose(_ candidates: [ReceiptMatch.Candidate], reader: LineReader) throws -> ReceiptMatch.Candidate? {
        let lines = candidates.enumerated().map { "  \($0.offset + 1)  \(ReceiptMatching.describe($0.element))" }
        let field = Form.Field("which", "Which is it (1-\(candidates.count), or none)", required: true)
            .suggesting { _ in "1" }
            .checking { text, _ in
                let word = text.lowercased()
                if word == "none" || word == "n" || word == "no" { return 0 }
                guard let number = Int(word), (1...candidates.count).contains(number) else {
                    throw ExpenseError(.usage, "answer a number from 1 to \(candidates.count), or none")
                }
                return number
            }
        let heading = "This receipt looks like more than one expense:\n" + lines.joined(separator: "\n")
        let number = try Form(heading: heading, fields: [field]).ask(reader: reader).value("which", as: Int.self) ?? 0
        return number > 0 ? candidates[number - 1] : nil
    }
}
