import ExpenseCore

/// `expenses help policy` (after the policy group's commands) and the POLICY section of
/// expenses-policy(1): what a report is checked against, and what a finding does.
extension HelpTopics {
    public static let policy = HelpTopic(
        "policy", abstract: "The expense policy: what 'report check' finds, and what blocks a submission.",
        blocks: [
            .paragraph(
                """
                'expenses report check ID' lists what in a report breaks the expense policy and why, each finding with \
                a key (duplicate:4:9, daily-limit:meals:2026-03-03) that stays the same from run to run. 'report submit' \
                checks again: a blocking finding refuses the submission (exit 1) until the items are fixed or receipts \
                attached; warnings do not stop it and are shown to the approver.
                """),
            .heading("Rules"),
            .terms(
                PolicyRule.allCases.map { rule in
                    HelpTerm(rule.rawValue, "\(rule.summary) Default: \(rule.defaultSeverity.rawValue).")
                }),
            .paragraph(
                """
                The limits are the categories' ('expenses category list'): a daily limit, and the amount above which an \
                item needs a receipt, set in one currency; a report in another is checked at the exchange rate of the \
                day when there is one, and not at all rather than at a guess. A lodging bill given --nights N is held to \
                the daily limit once a night, on its own (900.00 for 3 nights is 300.00 a night; its key ends in its \
                item's id); a mileage item, computed from its distance, needs no receipt. A likely duplicate is the same date, amount \
                and currency with the same category or merchant, in the report or across your reports; its message names \
                the first ten items of the group and its JSON itemIds every one.
                """),
            .heading("Severities"),
            .terms([
                HelpTerm(
                    "warning",
                    """
                    Reported; it can be accepted with 'expenses report acknowledge ID KEY --reason TEXT', which is written \
                    to the report's audit log.
                    """),
                HelpTerm("blocking", "Refuses 'report submit'; it cannot be acknowledged, only fixed."),
                HelpTerm("off", "Not checked."),
            ]),
            .paragraph("'expenses policy list' shows each rule's severity; 'expenses policy set RULE warning|blocking|off' changes it."),
            .example(
                """
                expenses report check 1
                expenses report acknowledge 1 duplicate:4:9 --reason "two colleagues, two lunches"
                expenses policy set missing-receipt warning
                """),
        ])
}
