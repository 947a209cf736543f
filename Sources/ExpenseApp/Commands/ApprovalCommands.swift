import ExpenseCore
import ExpenseStore
import ExpenseSupport
import Rendering

/// Who decides on a report (issue 43): the approval policy (`policy approval`) and approvers'
/// delegates (`delegate add|list|remove`). A report's route itself is made at its submission and
/// shown by `report show`.
enum ApprovalCommands {
    static let all: [CommandSpec] = [policy, delegateAdd, delegateList, delegateRemove]

    enum Options {
        static let order: Option<ApprovalPolicy.Order?> = .value(
            "order",
            "Who decides first: manager,cost-centre (the traveller's manager, then each cost centre's owner) "
                + "or cost-centre,manager.")
        static let secondAbove = Option.text(
            "second-above", "amount",
            "A report whose total is above this amount, in this currency (e.g. 1000.00EUR), gets a second approval; "
                + "'none' takes it away.")
        static let secondApprover: Option<ApprovalPolicy.SecondApprover?> = .value(
            "second-approver",
            "Who gives the second approval: manager (the manager's manager, finance when there is none) "
                + "or finance.")
        static let to = Option.text("to", "name", "Who decides your steps while you are away.").required()
        static let from = Option<CalendarDate?>.date("from", "The first day of the delegation, YYYY-MM-DD.").required()
        static let until = Option<CalendarDate?>.date("until", "Its last day, YYYY-MM-DD; it ends by itself after it.").required()
    }

    static let policy = CommandSpec(
        ["policy", "approval"], abstract: "Show or set who decides on a report: the order of its steps, the second approval.",
        discussion: """
            A report is routed when it is submitted: to its traveller's manager ('person set') and to the owner of \
            each cost centre it or its items are charged to, in the order set here; a step whose approver is the \
            traveller goes to the traveller's manager, and one person's steps in a row are one. Above the threshold \
            (compared only with reports in its currency) one more step: the manager's manager or finance. A report \
            with no step at all waits for any approver but its owner. Without options it shows the policy; on a team \
            database finance or the administrator sets it.
            """,
        options: [Options.order, Options.secondAbove, Options.secondApprover],
        examples: [
            "expenses policy approval",
            "expenses policy approval --order cost-centre,manager --second-above 1000.00EUR --second-approver finance",
        ]
    ) { invocation, session in
        let store = try session.store()
        var policy = try store.approvalPolicy()
        let order = try invocation[Options.order]
        let above = try invocation[Options.secondAbove]
        let approver = try invocation[Options.secondApprover]
        if order != nil || above != nil || approver != nil {
            if let order { policy.order = order }
            if let above { policy.secondAbove = try threshold(above) }
            if let approver { policy.secondApprover = approver }
            try store.setApprovalPolicy(policy, by: session.user)
        }
        return .message(describe(try store.approvalPolicy()))
    }

    /// `1000.00EUR` or `1000.00 EUR`; nil for `none`.
    static func threshold(_ text: String) throws -> Money? {
        let word = text.trimmingSpaces
        guard word.lowercased() != "none" else { return nil }
        let code = String(word.suffix(3))
        let amount = String(word.dropLast(3)).trimmingSpaces
        guard code.count == 3, code.allSatisfy(\.isLetter), amount.first?.isNumber == true else {
            throw ExpenseError(
                .usage, "--second-above '\(word)' is no amount with its currency", hint: "e.g. --second-above 1000.00EUR, or none")
        }
        let money = try Money.parse(amount, currency: try CurrencyTable.standard.require(code.uppercased()))
        guard money.minorUnits >= 0 else { throw ExpenseError(.invalidData, "--second-above cannot be negative") }
        return money
    }

    static func describe(_ policy: ApprovalPolicy) -> String {
        let second = policy.secondAbove.map { "above \($0) (reports in \($0.currency.code)), by \(policy.secondApprover.rawValue)" }
        return """
            Steps: \(policy.order == .managerFirst ? "the manager, then each cost centre's owner" : "each cost centre's owner, then the manager") (\(policy.order.rawValue))
            Second approval: \(second ?? "none")
            """
    }

    static let delegateAdd = CommandSpec(
        ["delegate", "add"], abstract: "Name someone who decides your steps while you are away, for a period.",
        discussion: """
            From --from to --until (both days included) your delegate approves and rejects the reports that wait \
            for you; the audit log says 'for you'. It ends by itself. Never on a report of the delegate's own, and \
            not passed on: your delegate's own delegate gets none of your steps. On a team database you and your \
            delegate are approvers.
            """,
        options: [Options.to, Options.from, Options.until],
        examples: ["expenses delegate add --to dave --from 2027-01-04 --until 2027-01-15"]
    ) { invocation, session in
        let store = try session.store()
        let delegate = try UserName(validating: try invocation[Options.to])
        let from = try invocation[Options.from]
        let until = try invocation[Options.until]
        let approver = try session.user
        let id = try store.addDelegation(to: delegate, from: from, until: until, by: approver)
        return .message("Delegation \(id): \(delegate) decides for \(approver) from \(from) to \(until)")
    }

    static let delegateList = CommandSpec(
        ["delegate", "list"], abstract: "List the delegations: who decides for whom, and when.",
        examples: ["expenses delegate list"]
    ) { _, session in
        let rows: [[Listing.Cell]] = try session.store().delegations().map {
            [.int($0.id), .text($0.approver), .text($0.delegate), .text($0.from.description), .text($0.until.description)]
        }
        return .listing(
            Listing(
                columns: [
                    .init("id", "id"), .init("approver", "approver"), .init("delegate", "delegate"), .init("from", "from"),
                    .init("until", "until"),
                ], rows: rows))
    }

    static let delegation = Argument<Int64>.value("id", "The delegation, as 'delegate list' shows it.")

    static let delegateRemove = CommandSpec(
        ["delegate", "remove"], abstract: "End one of your delegations now.", arguments: [delegation],
        examples: ["expenses delegate remove 3"]
    ) { invocation, session in
        let id = try invocation[Self.delegation]
        try session.store().removeDelegation(id, by: session.user)
        return .message("Removed delegation \(id)")
    }
}

extension ApprovalPolicy.Order: ExpressibleByArgument {
    public static var valueName: String { "order" }
}

extension ApprovalPolicy.SecondApprover: ExpressibleByArgument {
    public static var valueName: String { "who" }
}
