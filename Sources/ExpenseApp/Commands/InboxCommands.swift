import ExpenseCore
import ExpenseStore
import ExpenseSupport

/// What waits for whom: `inbox` for the person, `report overdue` for a scheduled reminder.
enum InboxCommands {
    enum Options {
        static let days = Option.number("days", "n", "List the reports that have waited longer than this many days.").required()
    }

    static let all: [CommandSpec] = [inbox, overdue]

    static let inbox = CommandSpec(
        ["inbox"], abstract: "What waits for you: reports to decide, your reports sent back or cut, approved ones to pay.",
        discussion: """
            Lists the submitted reports of others whose waiting step of the route is yours, your group's (any \
            approver, finance), or that of an approver whose delegate you are today ("for bob"), longest waiting \
            first, with the day each came to its step; your own reports that were rejected, with who rejected them \
            and why; your own approved reports, until they are paid, whose items an approver cut, each with what it \
            was, what it is now, by whom and why; and for finance (on a file database, anyone) the approved reports \
            of others not yet reimbursed. A section with nothing in it says so. On a file database there are no \
            groups: every step of a group is anyone's but the owner's.
            """,
        examples: ["expenses inbox", "expenses inbox --format json"]
    ) { invocation, session in
        let store = try session.store()
        let inbox = try store.inbox(of: try session.user)
        // What is due, for what is cut and what waits to be paid: the amount a payment run pays.
        let dues = try Dictionary(
            ((inbox.toPay ?? []) + inbox.cut.map(\.report)).map { ($0.id, try PayCommands.totals(of: $0, in: store).dueToEmployee) },
            uniquingKeysWith: { first, _ in first })
        return InboxView(inbox: inbox, today: session.today(store), dues: dues).output
    }

    static let overdue = CommandSpec(
        ["report", "overdue"], abstract: "List submitted reports that have waited longer than N days for a decision.",
        discussion: """
            A report waits from its submission, or from the step decided before the one it waits at now. Each row \
            says whom it waits for ("any approver" when any approver but its owner may decide), why (the step: \
            manager, cost centre, second approval) and since when. The \
            exit status is 0 whether or not any is overdue, so that a scheduled reminder job mails what it prints \
            (docs/TEAM.md, "What waits for whom", has a cron line and a systemd timer).
            """,
        options: [Options.days],
        examples: ["expenses report overdue --days 3", "expenses report overdue --days 3 --format json"]
    ) { invocation, session in
        let store = try session.store()
        let reports = try store.overdueReports(days: try invocation[Options.days])
        return .listing(InboxView.overdue(reports, today: session.today(store)))
    }
}

extension Session {
    /// The store's today (EXPENSES_NOW pins it), in UTC as the audit log's times are.
    func today(_ store: Store) -> CalendarDate? {
        try? CalendarDate.parse(String(store.now().prefix(10)))
    }
}
