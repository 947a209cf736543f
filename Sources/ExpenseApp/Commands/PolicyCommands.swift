import ExpenseCore
import ExpenseStore
import ExpenseSupport
import Rendering

/// Policy checks of a report (`report check`, `report acknowledge`) and the policy's settings
/// (`policy list`, `policy set`).
enum PolicyCommands {
    static let all: [CommandSpec] = [check, acknowledge, list, set]

    /// Checks `report` against the policy (or only `rules` of it), gathering what the check
    /// needs from the store and nothing for a rule it does not check.
    /// - Parameter items: the report's items, when the caller has read them already.
    static func violations(
        of report: Report, in store: Store, rules: Set<PolicyRule> = Set(PolicyRule.allCases),
        items: [Expense]? = nil
    ) throws -> [Violation] {
        let items = try items ?? store.expenses(.report(report.id))
        var check = PolicyCheck(report: report, items: items, categories: try store.categories())
        check.rules = rules
        check.severities = try store.policySeverities()
        if check.checks(.duplicate) { check.otherItems = try store.duplicateCandidates(of: items, in: report) }
        check.receipts = try store.receiptHashes(ofItemsIn: report.id)
        if check.checks(.sharedReceipt) { check.receiptUses = try store.receiptUses(of: check.receipts.values.joined()) }
        // Limits are set in one currency (EUR by default); a report in another is checked at the
        // rate of the day when the rate table has one, and not at all rather than at a guess.
        // Limits convert at any earlier rate, as the server's policy does (`limit_in`).
        let rates = store.rateSource(maximumAgeDays: .some(nil))
        check.convertLimit = { limit, currency, date in
            limit.currency == currency
                ? limit
                : try? Expense.Conversion.of(limit, on: date, into: currency, manualRate: nil, rates: rates).converted
        }
        // A rate given by hand is judged against the ECB's of the item's day (or the last
        // earlier one, of any age), as the server's policy judges it (`rate_within`).
        if check.checks(.manualRate) {
            check.referenceRate = { from, to, date in (try? rates.rate(from: from, to: to, on: date)) ?? nil }
            check.manualRateTolerance = try store.manualRateTolerance()
        }
        check.acknowledgements = try store.acknowledgements(report.id)
        // What a team database's server found at the last submission, which the app cannot see.
        let servers = try store.serverFindings(of: report).filter { check.rules.contains($0.rule) }
        return check.violations() + servers
    }

    static let strict = Option.flag("strict", "Fail on warnings not acknowledged too, not only on blocking violations.")

    static let check = CommandSpec(
        ["report", "check"], abstract: "Check a report against the expense policy: limits, receipts, dates, duplicates.",
        discussion: """
            Exits 1 when the report has a blocking violation (it could not be submitted), with --strict \
            also when a warning is not acknowledged, and 0 otherwise: a script or CI can gate on it.
            """,
        arguments: [.report], options: [strict],
        examples: ["expenses report check 1", "expenses report check 1 --strict --format json"]
    ) { invocation, session in
        let store = try session.store()
        let id = try session.reportID(invocation)
        // Read first, as `report show` reads it: never newer than what is checked.
        let version = try store.version(of: id)
        let report = try store.report(id)
        let violations = try violations(of: report, in: store)
        session.seenVersions[report.id] = version
        let row = { (index: Int) -> [Listing.Cell] in
            let violation = violations[index]
            return [
                .text(violation.severity.rawValue), .text(violation.key), .text(violation.message),
                violation.acknowledgement.map { .text($0) } ?? .null, .ids(violation.expenseIDs), .int(version.lastEvent),
            ]
        }
        let blocking = violations.filter(\.blocks).count
        let open = violations.filter { $0.severity == .warning && $0.acknowledgement == nil }.count
        let note =
            violations.isEmpty
            ? "Report \(report.id) (version \(version)) meets the policy."
            : "\(blocking) blocking, \(open) warning\(open == 1 ? "" : "s") not acknowledged (report \(report.id), version \(version))"
        let fails = blocking > 0 || (invocation[strict] && open > 0)
        // A clean report's table is the one line that says so, not an empty table's "(none)"
        // before it; JSON and CSV keep their (empty) rows.
        if violations.isEmpty, invocation.format == .table { return .message(note) }
        return Output.listing(
            Listing(
                columns: [
                    .init("severity", "severity"), .init("key", "violation", fit: .whole), .init("message", "message", fit: .wrap),
                    .init("acknowledged", "acknowledged", fit: .wrap), .init("itemIds", "items", inTable: false),
                    .init("reportVersion", "version", inTable: false),
                ],
                count: violations.count, note: note, row: row)
        )
        .exiting(fails ? .failure : .ok)
    }

    static let reason = Option<String?>.value("reason", "Why it is fine.").required()

    static let violation = Argument<String>.value("violation", "The violation's key, as 'report check' prints it (e.g. duplicate:4:9).")

    static let acknowledge = CommandSpec(
        ["report", "acknowledge"], abstract: "Accept a policy warning of a report, with the reason; it is logged.",
        discussion: """
            The traveller acknowledges a warning of her draft. On a team database the server adds findings at a \
            submission (a rate the report used changed by its owner or shortly before, or marked taxable; a receipt's \
            file or a card transaction also in another traveller's report, which blocks approval and reimbursement): \
            an approver who does not own the report accepts those of a submitted report, with the reason.
            """,
        arguments: [
            CommonArguments.report,
            violation,
        ],
        options: [reason],
        examples: [
            "expenses report acknowledge 1 duplicate:4:9 --reason \"two colleagues, two lunches\"",
            "expenses report acknowledge 2 receipt-elsewhere:3 --reason \"one hotel bill for both\"",
        ]
    ) { invocation, session in
        let store = try session.store()
        let key = try invocation[Self.violation]
        let reason = try invocation[Self.reason]
        guard !reason.trimmingSpaces.isEmpty else { throw ExpenseError(.invalidData, "--reason cannot be empty") }
        try store.write {
            let report = try store.report(try invocation[CommonArguments.report])
            let violations = try violations(of: report, in: store)
            guard let violation = violations.first(where: { $0.key == key }) else {
                let keys = violations.map(\.key)
                throw ExpenseError(
                    .notFound, "report \(report.id) has no violation '\(key)'",
                    hint: Suggestion.closest(to: key, among: keys).map { "did you mean '\($0)'?" }
                        ?? "see 'expenses report check \(report.id)'")
            }
            if violation.rule.isServers {
                try store.acceptFinding(key, of: report.id, reason: reason)
                return
            }
            guard violation.severity == .warning else {
                throw ExpenseError(.refused, "\(key) is blocking; a blocking violation cannot be acknowledged, only fixed")
            }
            try store.acknowledge(key, of: report.id, by: session.user, reason: reason)
        }
        return .message("Acknowledged \(key): \(reason)")
    }

    static let list = CommandSpec(["policy", "list"], abstract: "List the policy rules and how much each counts.") { _, session in
        let severities = try session.store().policySeverities()
        let rows: [[Listing.Cell]] = PolicyRule.allCases.map { rule in
            [.text(rule.rawValue), .text((severities[rule] ?? rule.defaultSeverity).rawValue), .text(rule.summary)]
        }
        return .listing(
            Listing(
                columns: [.init("rule", "rule"), .init("severity", "severity"), .init("description", "description", fit: .wrap)],
                rows: rows))
    }

    static let rule = Argument<PolicyRule>.value("rule", "The rule.")
    static let severity = Argument<PolicySeverity>.value("severity", "warning, blocking or off.")

    static let set = CommandSpec(
        ["policy", "set"], abstract: "Make a rule warn, block submission, or be off.",
        arguments: [rule, severity],
        examples: ["expenses policy set duplicate blocking", "expenses policy set missing-receipt warning"]
    ) { invocation, session in
        let rule = try invocation[Self.rule]
        let severity = try invocation[Self.severity]
        let store = try session.store()
        try store.write { try store.setSeverity(severity, of: rule) }
        return .message("\(rule.rawValue) is now \(severity.rawValue)")
    }
}
