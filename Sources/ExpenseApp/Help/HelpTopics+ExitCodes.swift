/// `expenses help exit-codes` and the EXIT STATUS section of expenses(1): what each exit status
/// means (sysexits.h), for scripts that branch on it.
extension HelpTopics {
    public static let exitCodes = HelpTopic(
        "exit-codes", abstract: "What each exit status means, for scripts.",
        blocks: [
            .paragraph(
                """
                expenses exits with one of these statuses (those of sysexits.h beyond 1). An error is one line on \
                stderr, 'expenses: error: ...', often followed by a 'hint:' line; a script line's error starts with \
                FILE:LINE.
                """),
            .terms([
                HelpTerm("0", "Done."),
                HelpTerm(
                    "1",
                    """
                    Refused: the workflow or a rule forbids it now. A status transition that is not allowed (editing a \
                    submitted report), blocking findings of 'report check', a conflict such as adding over a static quick \
                    action; also a failed line of a script, and a form cancelled with Ctrl-C.
                    """),
                HelpTerm("64", "Usage: the command line is wrong (an unknown command or option, a missing or extra value)."),
                HelpTerm(
                    "65", "Bad data: a value or an input file's content is malformed (an amount, a date, a statement's row, a rules file)."),
                HelpTerm(
                    "66",
                    """
                    Not found: a file, report, expense, receipt, quick action or import batch named that does not exist.
                    """),
                HelpTerm("69", "Unavailable: something needed is not there now (a disabled quick action, Chromium for a PDF, a camera)."),
                HelpTerm("70", "Internal error: a bug; please report it."),
                HelpTerm(
                    "73",
                    """
                    Cannot create output: the database or an output file cannot be created, or exists and --force was not \
                    given, or is a file the command reads.
                    """),
                HelpTerm("74", "I/O error: reading or writing failed underneath (a full disk); nothing half-written is left behind."),
                HelpTerm(
                    "75",
                    "Busy: the database stayed locked by another expenses; try again. Or changed: the report a step is on "
                        + "changed since it was shown (--seen); show it again and decide on what it holds now."),
                HelpTerm("77", "Permission denied: not your report, or the approval of your own report (nobody approves their own)."),
            ]),
        ])
}
