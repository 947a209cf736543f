import ExpenseCore
import ExpenseStore
import ExpenseSupport
import Rendering

/// The report workflow: submit, approve, reject, recall, reopen, reimburse, and the audit log.
enum WorkflowCommands {
    static let all: [CommandSpec] = [submit, approve, reject, recall, reopen, reimburse, history]

    static let submit = CommandSpec(
        ["report", "submit"], abstract: "Submit a draft report for approval (by its owner).",
        discussion: """
            Refused for a report with no items and no per diems, one with a blocking policy violation (see 'expenses \
            report check'), and one whose per diems cannot be computed (a day without a rate). Its per diems are \
            frozen as they are now: a rate imported later does not change them (recalling it thaws them).
            """,
        arguments: [.report], examples: ["expenses report submit 1"]
    ) { invocation, session in
        let store = try session.store()
        var warnings: [Violation] = []
        var frozen: Money?
        let report = try store.write {
            let report = try store.report(try session.reportID(invocation))
            try ReportAction.submit.check(report, by: session.user)
            let perDiems = try store.perDiems(of: report)
            if case .none(.cannotCompute(let error)) = perDiems { throw error }
            frozen = perDiems.perDiems?.total
            guard report.itemCount > 0 || (frozen?.minorUnits ?? 0) > 0 else {
                throw ExpenseError(.refused, "report \(report.id) has no items and no per diems; there is nothing to submit")
            }
            let violations = try PolicyCommands.violations(of: report, in: store)
            let blocking = violations.filter(\.blocks)
            guard blocking.isEmpty else {
                throw ExpenseError(
                    .refused,
                    "report \(report.id) has \(blocking.count) blocking policy violation\(blocking.count == 1 ? "" : "s"):\n"
                        + blocking.map { "  \($0.key): \($0.message)" }.joined(separator: "\n"),
                    hint: "fix the items or attach receipts; 'expenses policy list' shows which rules block")
            }
            warnings = violations.filter { $0.severity == .warning && $0.acknowledgement == nil }
            return try store.apply(.submit, to: report.id, by: session.user)
        }
        var message = "Submitted report \(report.id): \(report.title)" + (frozen.map { " (per diems \($0), frozen with it)" } ?? "")
        if !warnings.isEmpty {
            message +=
                "\n\(warnings.count) warning\(warnings.count == 1 ? "" : "s") for the approver:\n"
                + warnings.map { "  \($0.key): \($0.message)" }.joined(separator: "\n")
        }
        message += try findingsNotice(report, in: store)
        return ReportResult(message: message, report: report).output.touching(report.id)
    }

    static let approve = transition(
        .approve, abstract: "Approve the step a submitted report waits for (by its approver or their delegate, never the owner).",
        note: Option.text("note", "text", "A note for the audit log."), cuts: cuts)
    static let reject = transition(
        .reject, abstract: "Reject a submitted report at the step it waits for, with the reason (never by its owner).",
        reason: Option<String?>.value("reason", "Why it is rejected: the owner sees it.").required())
    static let recall = transition(.recall, abstract: "Take a submitted report back to draft (by its owner).")
    static let reopen = transition(.reopen, abstract: "Reopen a rejected report as a draft to fix it (by its owner).")
    static let reimburse = transition(
        .reimburse, abstract: "Mark an approved report as paid out, with the payment's reference.",
        reason: Option<String?>.value("reference", "The payment's reference, e.g. a bank transfer id.").required())

    /// Items the approver cuts as she approves (`ItemCut`), each `ITEM=AMOUNT:REASON`.
    static let cuts = Option<[CutArgument]>.values(
        "cut",
        "An item approved at a lower amount, or at none: ITEM=AMOUNT:REASON, the amount in the report's currency (0 up to "
            + "the item's amount there), the reason for its traveller.")

    /// What a cut does, for approve's help.
    private static let cutsWhat = """
        With --cut the report is approved with those items cut: each at the amount given instead of its own, with the \
        reason, in the audit log ("cut item 12"). What is due to the traveller (report show, pay, the journal, the \
        printable report) is computed from the approved amounts; the items keep their own amounts, shown beside the \
        approved ones. An item not in the report, an amount below zero or above the item's, or an empty reason refuses \
        the approval and every cut: nothing is written. Whoever may approve the report may cut its items, never its \
        owner; on a team database the server checks it again.
        """

    /// The version of the report a decision is on, as `report show` and `report check` print it.
    static let seen = Option<ReportVersion?>.value(
        "seen", "The version of the report you decided on, as 'report show' prints it: refused when the report changed since.")

    /// What a decision on someone else's report is on, and so what it names to the server: the
    /// version given, else the one this session last showed, else the one it has now, read here
    /// and told with its total, so that the person sees what they decided on.
    private static let decidesOnWhatWasRead = """
        The step names the version of the report it decides on: --seen, else the version this session (the REPL, a \
        script) last showed of it, else the report as it is now, whose total and version it prints. It is refused \
        (exit 75) when the report changed since that version.
        """

    /// Who decides a step of a report's route (`policy approval`).
    private static let decidesTheWaitingStep = """
        Only the step the report waits for is decided ('report show' lists its route): by that step's approver, \
        by their delegate during the delegation ('delegate add'), or, for a group's step, by a member of the \
        group (anyone but the owner on a file). An approval that is not the route's last step leaves the report \
        submitted and says whom it waits for next.
        """

    /// What approval and reimbursement say of the server's findings.
    private static let printsFindings = """
        On a team database it prints what the server found at the report's submission, as 'report check' and 'report \
        show' do: a receipt, card transaction or trip also in another report (of the traveller's, even one you cannot \
        read, or of another traveller's), a rate that changed. A blocking finding (a trip already reimbursed, a receipt \
        another traveller claims) refuses the step until an approver who does not own the report accepts it with a \
        reason: expenses report acknowledge ID KEY --reason TEXT.
        """

    /// - Parameters:
    ///   - note: an option whose text the audit log keeps with the transition, when given.
    ///   - reason: the option whose text it must keep: the transition needs one.
    ///   - cuts: the option of the items cut as the step is taken (`approve --cut`).
    private static func transition(
        _ action: ReportAction, abstract: String, note: Option<String?>? = nil,
        reason: Option<String>? = nil, cuts: Option<[CutArgument]>? = nil
    ) -> CommandSpec {
        let decides = action.actor != .owner
        let options: [any OptionDeclaration] =
            (note.map { [$0] } ?? []) + (reason.map { [$0] } ?? []) + (cuts.map { [$0] } ?? []) + (decides ? [seen] : [])
        let example = "expenses report \(action.rawValue) 1" + (reason.map { " --\($0.spec.name) \"...\"" } ?? "")
        let cutExample =
            cuts.map { _ in
                [example + " --cut 12=0:\"minibar is private\"", example + " --cut 12=0:private --cut 14=40.00:\"limit is 40\""]
            } ?? []
        return CommandSpec(
            ["report", action.rawValue], abstract: abstract,
            discussion: decides
                ? decidesOnWhatWasRead + ([.approve, .reject].contains(action) ? " " + decidesTheWaitingStep : "")
                    + ([.approve, .reimburse].contains(action) ? " " + printsFindings : "")
                    + (cuts == nil ? "" : " " + cutsWhat) : "",
            arguments: [.report], options: options,
            examples: decides ? [example, example + " --seen 17"] + cutExample : [example]
        ) { invocation, session in
            let store = try session.store()
            // The audit log's reason: the one needed, else the note given, else none.
            let text = try reason.map { try invocation[$0] } ?? note.flatMap { try invocation[$0] } ?? ""
            if let reason, text.trimmingSpaces.isEmpty {
                throw ExpenseError(.invalidData, "--\(reason.spec.name) cannot be empty")
            }
            let id = try session.reportID(invocation)
            let given = decides ? try invocation[seen] ?? session.seenVersions[id] : nil
            let cutsGiven = try cuts.map { try invocation[$0] } ?? []
            var cutWords: [String] = []
            let (report, decided) = try store.write {
                let read = try given ?? store.version(of: id)
                let before = try store.report(id)
                // Cut first, on the version read; the step then names the version the cuts left.
                var step = read
                if !cutsGiven.isEmpty {
                    let asked = try cutsGiven.map { try $0.cut(in: before.currency, decimalMark: session.environment.decimalMark) }
                    step = try store.cut(asked, of: id, by: session.user, seen: read)
                    cutWords = try store.events(id).suffix(asked.count).map { "\n  \($0.action) \($0.reason)" }
                }
                return (
                    try store.apply(action, to: id, by: session.user, reason: text, seen: step), (total: before.total, version: read)
                )
            }
            session.seenVersions[id] = nil
            let what = (decides ? ": \(decided.total) as of version \(decided.version)" : "") + cutWords.joined()
            // Approval and reimbursement are where the findings are decided on: said even when they pass.
            let findings = [.approve, .reimburse].contains(action) ? try findingsNotice(report, in: store) : ""
            return ReportResult(
                message: "\(action.done) report \(report.id): \(report.title) (now \(report.status.rawValue))\(what)"
                    + (action == .approve ? try routeNotice(report, in: store) : "") + findings,
                report: report
            )
            .output.touching(report.id)
        }
    }

    /// Whom a report approved at a step that was not its route's last waits for now, as a line
    /// after the step's message; nothing once it is approved.
    private static func routeNotice(_ report: Report, in store: Store) throws -> String {
        let steps = try store.approvalSteps(report.id)
        guard report.status == .submitted, let waiting = ApprovalRoute.waiting(steps) else { return "" }
        return "\nIt waits for \(waiting.decider) now: step \(waiting.position) of \(steps.count) (\(waiting.why))"
    }

    /// What a team database's server found at the report's latest submission, as lines after a
    /// step's message; nothing when it found nothing (and always on a file).
    private static func findingsNotice(_ report: Report, in store: Store) throws -> String {
        let text = ServerFindingsView.text(try store.serverFindings(of: report), report: report)
        return text.isEmpty ? "" : "\n" + text.dropLast()
    }

    static let history = CommandSpec(
        ["report", "history"], abstract: "Show a report's audit log: who moved it when, from what to what, and why.",
        arguments: [.report], examples: ["expenses report history 1"]
    ) { invocation, session in
        let store = try session.store()
        let report = try store.report(try session.reportID(invocation))
        let rows: [[Listing.Cell]] = try store.events(report.id).map { event in
            [
                .time(event.at), .text(event.actor), .text(event.action),
                .text(event.from.rawValue), .text(event.to.rawValue),
                .text(event.reason),
            ]
        }
        return .listing(
            Listing(
                columns: [
                    .init("at", "at", fit: .whole), .init("actor", "by"), .init("action", "action", fit: .wrap),
                    .init("from", "from"), .init("to", "to"), .init("reason", "reason", fit: .wrap),
                ], rows: rows))
    }
}
