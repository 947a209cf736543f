/// `expenses help payments`: from an approved report to money in the traveller's account: who is
/// paid where, the SEPA credit transfer file, and the payment run it records (issue 41).
extension HelpTopics {
    public static let payments = HelpTopic(
        "payments", abstract: "Paying approved reports: payees, the company's account, SEPA files and payment runs.",
        blocks: [
            .paragraph(
                """
                Each traveller says where she is paid ('payee set --iban IBAN [--name NAME] [--bic BIC]'); finance \
                sets the company's own account once ('company set --name NAME --iban IBAN'). 'pay' then writes one \
                SEPA credit transfer file (ISO 20022 pain.001, which every bank in the euro area takes, uploaded in \
                its online banking) for the approved reports, and records the payment run. Once the bank executed \
                it, 'pay confirm RUN' marks its reports reimbursed; 'pay cancel RUN' frees them when it never went out.
                """),
            .heading("What is checked"),
            .terms([
                HelpTerm(
                    "IBAN",
                    """
                    Its country is one of the IBAN registry's (ISO 13616), its length that country's, and its check \
                    digits make it 1 modulo 97; a wrong one is refused (65) saying which check failed. A BIC is only \
                    asked where a bank needs it (not within SEPA).
                    """),
                HelpTerm(
                    "amount",
                    """
                    Exactly what 'report show' says is due to the traveller: the items paid personally, plus per diems \
                    and mileage, less advances. A report whose advances were more is owed by the traveller and is \
                    listed, not paid.
                    """),
                HelpTerm(
                    "not paid",
                    """
                    Said, never dropped: owed by the traveller, nothing due, not in euros (SEPA pays euros only), a \
                    traveller with no account, a report in a run already, your own report (someone else pays it).
                    """),
                HelpTerm(
                    "text",
                    """
                    Names and the remittance text are written in the characters every SEPA bank carries (letters a-z, \
                    A-Z, digits, / - ? : ( ) . , ' + and space): Ä as Ae, ß as ss, other scripts transliterated. The \
                    end-to-end id names the report, the remittance text (140 characters) the trip.
                    """),
                HelpTerm(
                    "run",
                    """
                    Recorded with its file's SHA-256, the account each report was written to and the version of each \
                    report read. A report is in one run that was not cancelled, so it is paid once. 'pay confirm' takes \
                    the workflow's reimburse step for each, logged as 'payment run N'; a report changed since the run \
                    was written is refused.
                    """),
                HelpTerm(
                    "team database",
                    """
                    A traveller sets her own account and reads only hers; finance sets anyone's and the company's, and \
                    makes, confirms and cancels runs. The server checks each IBAN again, logs every change of one \
                    (who, when, old and new), and refuses a run of one's own report.
                    """),
            ]),
            .heading("Example"),
            .example(
                """
                expenses payee set --iban "DE89 3704 0044 0532 0130 00" --name "Alice Meier"
                expenses company set --name "Example GmbH" --iban DE02120300000000202051
                expenses pay --approved -o pay-2026-03.xml
                expenses pay list
                expenses pay confirm 1
                """),
        ])
}
