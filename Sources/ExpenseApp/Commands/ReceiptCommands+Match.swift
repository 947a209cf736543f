import ExpenseCore
import ExpenseStore
import ExpenseSupport
import Rendering

/// `receipt match`: the receipts of a pile of photos, each attached to the expense it pays for,
/// for a person who captured them before the card lines came; and the same after an import.
extension ReceiptCommands {
    static let match = CommandSpec(
        ["receipt", "match"], abstract: "Attach each unattached receipt to the expense it pays for, where that is clear.",
        discussion: """
            Each of your receipts attached to nothing is matched as 'receipt capture' matches one: to an expense of \
            yours without a receipt, in a draft or in no report, of its amount (or converted within 3 %), from a day \
            before the receipt's to three after, a merchant alike before a nearer day. One clear match is attached and \
            logged in the report's history with what it went by ('receipt detach' undoes it); a receipt that could be \
            several expenses, or two receipts that match the same one, are listed and none attached.
            """,
        options: [
            Options.report.described("The report whose items are matched first (default: the one opened in the REPL)."),
            Options.dryRun.described("Only say what would be attached."),
        ],
        examples: ["expenses receipt match --dry-run", "expenses receipt match --report 1"]
    ) { invocation, session in
        let store = try session.store()
        let reportID = try invocation[Options.report]
        if let reportID { _ = try store.report(reportID) }
        let matching = try ReceiptMatching(
            store: store, settings: try session.settings(), preferring: [reportID ?? session.currentReportID].compactMap { $0 },
            today: session.environment.today())
        let dryRun = invocation[Options.dryRun]
        let user = try session.user
        let decisions =
            dryRun
            ? try matching.decideAll(try store.unattachedOwnReceipts())
            : try store.write {
                let decisions = try matching.decideAll(try store.unattachedOwnReceipts())
                try ReceiptMatching.attach(decisions, in: store, by: user)
                return decisions
            }
        var withoutRate: [Int64: MissingRate] = [:]
        for (receipt, decision) in decisions where decision == .none {
            guard let facts = matching.facts(of: receipt), let missing = try matching.missingRate(for: facts) else { continue }
            withoutRate[receipt.id] = missing
        }
        let touched = Set(decisions.compactMap { $0.decision.matched?.reportID })
        let document = ReceiptMatchResult(decisions: decisions, withoutRate: withoutRate, dryRun: dryRun).output
        return dryRun ? document : touched.reduce(document) { $0.touching($1) }
    }
}

extension ReceiptMatching {
    /// Attaches each clear match, logged with what it went by. Call inside `write`.
    static func attach(_ decisions: [(receipt: Receipt, decision: ReceiptMatch)], in store: Store, by user: UserName) throws {
        for case (let receipt, .match(let item, let reason)) in decisions {
            try store.attach(receipt: receipt.id, to: item.id, by: user, how: "matched: \(reason)")
        }
    }
}

/// What `receipt match` did (or would do): each receipt looked at, and a count of each outcome.
struct ReceiptMatchResult: Document {
    let decisions: [(receipt: Receipt, decision: ReceiptMatch)]
    /// Why a receipt that matched none was not compared with the items in another currency.
    let withoutRate: [Int64: MissingRate]
    let dryRun: Bool

    private var attached: Int { decisions.filter { $0.decision.matched != nil }.count }

    var text: String {
        var lines: [String] = []
        for (receipt, decision) in decisions {
            let name = "receipt \(receipt.id) (\(ReceiptView.name(receipt)))"
            switch decision {
            case .match(let item, let reason):
                let candidate = ReceiptMatch.Candidate(item: item, reason: reason)
                lines.append("\(dryRun ? "Would attach" : "Attached") \(name) to \(ReceiptMatching.describe(candidate))")
            case .ambiguous(let candidates):
                lines.append("Left \(name): it could be " + candidates.map { "expense \($0.item.id)" }.joined(separator: " or "))
            case .none:
                guard let missing = withoutRate[receipt.id] else { continue }
                lines.append("Left \(name): not compared with your items in \(missing.to.code): \(missing)")
            }
        }
        let ambiguous = decisions.count { if case .ambiguous = $0.decision { true } else { false } }
        let unmatched = decisions.count - attached - ambiguous
        lines.append(
            "\(dryRun ? "Would attach" : "Attached") \(attached) receipt\(attached == 1 ? "" : "s"); "
                + "\(ambiguous) could be more than one expense, \(unmatched) matched none")
        if ambiguous > 0 { lines.append("Attach those yourself: expenses receipt attach ID --expense ID") }
        if !withoutRate.isEmpty { lines.append("Load newer rates (\(ErrorPresenter.ratesImport)), then: expenses receipt match") }
        return lines.joined(separator: "\n")
    }

    var json: JSONValue {
        .object([
            ("dryRun", .bool(dryRun)), ("attached", .int(Int64(attached))),
            (
                "receipts",
                .array(
                    decisions.map { receipt, decision in
                        var members: [(String, JSONValue)] = [("receipt", .int(receipt.id))]
                        switch decision {
                        case .match(let item, let reason):
                            members += [("expense", .int(item.id)), ("reason", .string(reason.description)), ("candidates", .array([]))]
                        case .ambiguous(let candidates):
                            members += [
                                ("expense", .null), ("reason", .null),
                                ("candidates", .array(candidates.map { .int($0.item.id) })),
                            ]
                        case .none:
                            members += [("expense", .null), ("reason", .null), ("candidates", .array([]))]
                        }
                        members.append(("unconverted", withoutRate[receipt.id].map { .string($0.description) } ?? .null))
                        return .object(members)
                    })
            ),
        ])
    }
}
