/// `expenses help rules` and expenses-rules(5): the whole syntax of the rules file that
/// `import` reads statements through (parsed in StatementReading's `ImportRules+Parsing.swift`).
extension HelpTopics {
    public static let rules = HelpTopic(
        "rules", abstract: "The rules file of 'expenses import': how to read a card or bank statement.",
        blocks: [
            .paragraph(
                """
                'expenses import FILE... --rules RULES' reads CSV statements through a rules file (camt.052/053/054, \
                OFX, MT940 and QIF statements need none; see below): where the date, the \
                amount and the merchant are, how dates and amounts are written, which rows to leave out and which \
                category each row gets. One directive a line; a line starting with # is a comment, and blank lines \
                are ignored. A mistake (an unknown directive, a bad value, a directive given twice, a column the \
                statement does not have) is an error RULES:LINE: message, exit 65, and nothing is imported.
                """),
            .paragraph(
                """
                The rules must map a date, an amount (or debit and credit columns) and say where the currency comes \
                from (a column, or 'default currency').
                """),
            .paragraph(
                """
                An amount may carry its currency's symbol or ISO code, before or after it and either side of its \
                sign: -$7,971.39, $-7.50, € 12,50, 12,50 €, EUR 12.50, 12.50 USD, (£12.00); the decimal mark and \
                thousands separator the rules declare still apply. It is the row's currency: over 'default currency', \
                and a currency column that says another makes the row invalid. A $ alone is the default currency or \
                the column's when that is a dollar (USD, CAD, AUD, NZD, SGD, HKD, MXN, TWD), else USD; ¥ likewise JPY \
                or CNY, else JPY; kr needs the default or the column to say SEK, NOK, DKK or ISK.
                """),
            .heading("Directives"),
            .terms([
                HelpTerm(
                    "encoding utf-8|latin-1|windows-1252",
                    """
                    The file's encoding (default utf-8; a UTF-8 byte order mark is skipped). Text that looks like UTF-8 \
                    read as one of the others (GaststÃ¤tte) is warned of on stderr, once, with this line to change.
                    """),
                HelpTerm(
                    "separator , | ; | tab | |",
                    "The field separator (default ,; also written comma, semicolon, \\t). Fields follow RFC 4180 quoting."),
                HelpTerm("skip N", "Physical lines to pass over before the header: a bank's preamble (default 0)."),
                HelpTerm(
                    "skip-end N",
                    """
                    Rows at the end to leave out: a footer such as Kontostand;2.974,30 EUR (default 0, at most 1,000). \
                    Blank lines do not count; a quoted field's line breaks are within its row.
                    """),
                HelpTerm("header yes|no", "Whether the first line after them names the columns (default yes)."),
                HelpTerm(
                    "FIELD = COLUMN",
                    """
                    Where a field comes from: a header name, in double quotes if it is a number or holds ' + ', or a \
                    position from 1. merchant, description and external-id may join columns: description = Text + Purpose.
                    """),
                HelpTerm(
                    "fields date, , merchant, amount",
                    "Fields by position, as hledger writes them; an empty name skips a column."),
                HelpTerm(
                    "date-format FORMAT",
                    """
                    How dates are written: %Y (2026), %y (26), %m (03), %b (Mar), %B (March), %d or %e (the day), %H %M %S \
                    (a time, read and dropped), %% and literal text, e.g. %d.%m.%Y. The whole cell must match, and a day that \
                    does not exist is an error (default %Y-%m-%d).
                    """),
                HelpTerm("decimal-mark . | ,", "The decimal mark (default .)."),
                HelpTerm(
                    "thousands-separator , | . | ' | space | none",
                    """
                    The grouping mark (default none). Any other . or , in an amount makes the row invalid: 1,234 is never guessed.
                    """),
                HelpTerm(
                    "debits positive|negative",
                    """
                    The sign of spending in the amount column: positive on card statements, negative (money out) on bank \
                    statements (default positive).
                    """),
                HelpTerm(
                    "credits refund|skip",
                    """
                    Money coming in: a negative expense, a refund, or left out. The default is refund, except on a bank \
                    account's camt.053 or OFX statement (below).
                    """),
                HelpTerm(
                    "default currency|category|paid-by VALUE",
                    "The value for rows that have none: an ISO 4217 code, a category code, personal or company."),
                HelpTerm(
                    "if FIELD matches REGEX then ACTION",
                    """
                    For rows whose field (or any column, by name or position; or row, the whole line as the file has it, \
                    quotes and separators included; a column named row is "row") matches the POSIX extended regular \
                    expression (no back-references, at most 1,000 characters), ignoring case. ACTION is one of: skip, \
                    category CODE, merchant TEXT, description TEXT, paid-by personal|company. Rules are applied in order; \
                    a later one wins. Rules see every row first, whatever its number of fields: if row matches \
                    ^"?Kontostand then skip leaves a footer out; a rule on a column the row lacks does not apply.
                    """),
            ]),
            .paragraph(
                """
                Case is folded the Unicode way, in the pattern's text and the row's: CAFÉ matches Café, strasse matches \
                Straße (ß is ss), and é matches whether the file writes it as one character or as e and an accent. . and \
                [...] are characters, not bytes; a range beyond ASCII ([à-ö]) may span at most 1,000 characters.
                """),
            .heading("Fields"),
            .terms([
                HelpTerm("date", "The day of the transaction (required)."),
                HelpTerm("amount", "A signed amount (see debits and credits); or instead:"),
                HelpTerm("debit, credit", "Separate columns, spent and refunded, whatever their signs."),
                HelpTerm("currency", "An ISO 4217 code; else 'default currency'."),
                HelpTerm("merchant", "Who was paid, as the statement writes it (conditions may rewrite it)."),
                HelpTerm("description", "Free text."),
                HelpTerm("category", "A category code ('expenses category list'); else a condition's or the default."),
                HelpTerm(
                    "external-id",
                    """
                    The statement's own transaction id: a row with an id imported before is a duplicate. Without one, \
                    the date, amount, currency and merchant tell.
                    """),
            ]),
            .heading("Amounts and rows"),
            .paragraph(
                """
                An amount may have a leading - or +, a trailing - (12,30-) or parentheses ((12.30)). More decimals than \
                the currency has (12.345 EUR) make the row invalid, never rounded; extra zeros do not. A row with fewer \
                fields than the rules read, or more non-empty fields than the header has, is invalid, unless a rule skips \
                it. Invalid rows are \
                reported as FILE:LINE: field: reason; 'import --skip-invalid --rejects FILE' imports the others.
                """),
            .heading("camt, OFX, MT940 and QIF statements"),
            .paragraph(
                """
                An ISO 20022 camt.053 bank statement, camt.052 account report or camt.054 debit or credit notification \
                (XML, .001.02 to .001.13) or an OFX file (1.x SGML or 2.x XML, a bank account's or a card's), recognised \
                by its content, names its own fields: 'expenses import FILE' needs no \
                rules file for it. Each booked entry is a row of the columns date (the booking date as the file gives it), \
                amount (a credit negative), currency, merchant (the creditor of a debit, the debtor of a credit; OFX NAME), \
                description (the remittance text; OFX MEMO), external-id (AcctSvcrRef, FITID) and type (CdtDbtInd, TRNTYPE); \
                pending camt entries are counted, not imported. Rules for it may give only credits, default category \
                (else other), default paid-by and if ... then ... on those fields and columns; any other directive is an \
                error at its line.
                """),
            .paragraph(
                """
                A SWIFT MT940 statement and a QIF file are read the same way, into the same columns: MT940's merchant and \
                description from its :86: (the German structured ?32/?33 name and SVWZ+ purpose), its external-id the \
                bank's reference (//...) and its type the transaction type (NMSC); QIF's merchant its P, description its M, \
                type its N, and no external-id. QIF names no currency, so its rules may also give default currency (else \
                the report's, else the default-currency setting), nor the order of a date's day and month: where its \
                dates leave it open (01/02/2024), its rules' date-format gives it (%d/%m/%Y day first), else month first.
                """),
            .paragraph(
                """
                On a bank account's statement (camt, an OFX BANKMSGSRSV1, MT940, a QIF Bank or Cash account) money in is salary, the employer's \
                reimbursement, an advance or the card's payment more often than a refund: its credits are skipped and \
                counted ("1 bank credit skipped ..."), unless the rules say credits refund (imported as refunds) or \
                credits skip (skipped as rows, which a dry run lists). On a card's statement (an OFX CREDITCARDMSGSRSV1) \
                a credit is a refund. A camt amount with a minus sign (the schema has none: CdtDbtInd gives the \
                direction) is an invalid row at its line.
                """),
            .heading("Example"),
            .paragraph(
                """
                An American Express export (English): comma-separated, a header row \
                (Date,Description,Amount,Currency,Reference), US dates, charges positive, payments to the card negative:
                """),
            .example(amexExample),
            .paragraph(
                """
                A German bank's export would say instead: encoding windows-1252, separator ;, skip 5 (its preamble), \
                date-format %d.%m.%Y, decimal-mark , and thousands-separator . (for -1.234,56), debits negative and \
                credits skip (money out is negative, salary left out), description = Buchungstext + Verwendungszweck.
                """),
        ])

    /// The rules of Tests/Fixtures/import/amex.rules, which the import tests import with.
    static let amexExample = """
        # American Express export (English): a header row, US dates, charges positive
        date-format %m/%d/%Y
        thousands-separator ,
        date = Date
        amount = Amount
        currency = Currency
        merchant = Description
        external-id = Reference
        default category other
        default paid-by company
        if merchant matches ^PAYMENT RECEIVED then skip
        if merchant matches HOTEL|MARRIOTT|HILTON then category lodging
        if merchant matches ^UBER|TAXI then category taxi
        if merchant matches ^UBER then merchant Uber
        if merchant matches BUFFET|STARBUCKS|RESTAURANT then category meals
        if merchant matches ^DB  then category rail

        """
}
