/// `expenses help booking`: what `journal` posts for a report, to which accounts, and in which files.
extension HelpTopics {
    public static let booking = HelpTopic(
        "booking", abstract: "Booking: the postings 'journal' writes for finance's books, and the accounts they go to.",
        blocks: [
            .paragraph(
                """
                'expenses journal --from D --to D --format datev|hledger|beancount|csv' writes the double-entry postings \
                of the approved and reimbursed reports of a period. A report's costs are booked on the day it was last \
                approved; its payment on the day it was last reimbursed, so a report paid a month later has its payment \
                in that month's journal. Every transaction balances to the cent, and its payable is what 'report show' \
                says is due to the traveller.
                """),
            .heading("Postings"),
            .terms([
                HelpTerm(
                    "items",
                    """
                    Each item to its category's account, in the report's currency. An item with VAT at 7 % or 19 % on a \
                    bill in euros posts its net there and each rate's tax to that rate's input VAT account. A bill in \
                    another currency, or at a rate no German return knows, posts its gross: its VAT is not reclaimable \
                    in a German return.
                    """),
                HelpTerm("per diems, mileage", "Their amount, without VAT, to the per-diem and mileage accounts."),
                HelpTerm("company-paid items", "Credited to the card clearing account, which the card statement is booked against."),
                HelpTerm("advances", "Credited to the advance account: the report clears what was paid out before the trip."),
                HelpTerm(
                    "payable",
                    """
                    The traveller's: credited with what is due, debited when the advances were more than that and the \
                    traveller owes money back. The payment debits it against the bank (or the other way round).
                    """),
            ]),
            .heading("Accounts"),
            .paragraph(
                """
                The charts are data: DATEV's SKR03 (the default) and SKR04 travel accounts, 'accounts list' shows them, \
                'accounts chart skr04' chooses the other chart, and 'accounts set KEY ACCOUNT' books a category or a role \
                (payable, advance, bank, card, per-diem, vat-7, vat-19) to another account. On a team database only \
                finance changes them, and only finance exports journals.
                """),
            .heading("Files"),
            .terms([
                HelpTerm(
                    "datev",
                    """
                    DATEV's EXTF Buchungsstapel (700, category 21, version 13): Windows-1252 (a character it lacks is \
                    written without its marks, else as ?), CRLF, ';', a decimal comma with S/H, Belegdatum DDMM, \
                    Belegfeld 1 the report and item, Buchungstext cut to 60. Input VAT is posted to its own account with \
                    no BU-Schlüssel; KOST1 is left empty. EUR only, one fiscal year; the consultant and client numbers \
                    are the settings datev.consultant and datev.client.
                    """),
                HelpTerm("hledger", "An hledger journal with its accounts and commodity declared: 'hledger check' accepts it."),
                HelpTerm("beancount", "A beancount ledger with an open for every account: 'bean-check' accepts it."),
                HelpTerm("csv", "One posting a line: transaction, date, account, debit or credit, currency, document, text."),
                HelpTerm(
                    "again",
                    """
                    Each export is recorded (when, who, the period, the format, its entries): the next export leaves \
                    out, and names, what an earlier one booked, unless --again.
                    """),
            ]),
            .example("expenses journal --from 2026-03-01 --to 2026-03-31 --format datev -o EXTF_Reisekosten_2026-03.csv"),
        ])
}
