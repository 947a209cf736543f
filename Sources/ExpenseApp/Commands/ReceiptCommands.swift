import ExpenseCore
import ExpenseStore
import ExpenseSupport

/// `receipt capture|list|show|export|attach|detach|verify|gc|delete`: photos and PDFs of
/// receipts, kept once each in a content-addressed vault beside the database, read by OCR.
enum ReceiptCommands {
    static let all: [CommandSpec] = [capture, match, list, show, export, attach, detach, verify, gc, delete]

    static let idArgument = Argument<Int64>.value("id", "The receipt (see 'expenses receipt list').")

    /// The options of the receipt commands.
    enum Options {
        static let expense = CommonOptions.expense
        static let report = CommonOptions.report
        static let create = Option.flag("create", "Make a draft expense from what the receipt says, with the receipt attached.")
        static let yes = Option.flag("yes", "With --create: accept the suggestion without asking (not a doubted total: give --amount).")
        /// What makes the expense of `--create`, named as `expense add` names it; read as text, as
        /// the receipt's own reading is, and checked when the expense is made.
        static let draft: [Option<String?>] = [
            .text("date", "date", "With --create: the day of the expense, YYYY-MM-DD (default: the receipt's)."),
            .text("amount", "amount", "With --create: the amount (default: the receipt's total)."),
            .text("currency", "code", "With --create: the currency (default: the receipt's, else the report's).", completion: .currency),
            .text("merchant", "name", "With --create: who was paid (default: the receipt's first line)."),
            .text("category", "code", "With --create: the category (default: guessed from the receipt).", completion: .category),
            .text("description", "text", "With --create: what it was for."),
            .text(
                "vat", "rate|splits",
                "With --create: the VAT in the amount, 19 or 7:110.00,19:15.00 (default: the receipt's, when its VAT lines add up; none: none)."
            ),
            .text("rate", "rate", "With --create: exchange rate into the report's currency (default: the ECB's of the date)."),
        ]
        static let noMatch = Option.flag("no-match", "Keep it alone: do not look for the expense it belongs to.")
        static let new = Option.flag("new", "With --create: make a new expense even when one already there looks like it.")
        static let camera = Option.flag("camera", "Take the picture with the camera command (config camera.command).")
        static let inbox = Option.flag("inbox", "Take the newest new photo from the inbox folder (config receipts.inbox).")
        static let maildir = Option.text(
            "maildir", "dir", "Take every new message of this Maildir (new/ into cur/, as mail readers do).", completion: .file)
        static let noOCR = Option.flag("no-ocr", "Do not read the receipt's text.")
        static let ocr = Option.flag("ocr", "Require its text to be read: fail (exit 69) when tesseract is missing or fails.")
        static let unattached = Option.flag("unattached", "Only receipts attached to no expense.")
        static let output = Option.text(
            "output", "file", "Where to write it: a file, a directory (receipt-ID.EXT in it), or '-' for stdout.",
            short: "o", completion: .file
        ).required()
        static let force = CommonOptions.force
        static let dryRun = Option.flag("dry-run", "Only list what would be removed.")
    }

    static let capture = CommandSpec(
        ["receipt", "capture"],
        abstract: "Capture a receipt: a picture, PDF or e-mail from a file, stdin, the camera, the inbox or a Maildir.",
        discussion: """
            The file is recognised by its content (JPEG, PNG, HEIC, WebP, PDF, an e-mail; anything else is refused with \
            exit 65), kept once under its SHA-256 in the vault beside the database, and read: a PDF's text layer by \
            pdftotext, a picture or scan by tesseract when it is installed (OCR is skipped, and said so, when it is not). \
            An e-mail (a .eml file, or a message piped in by a mail filter) gives a receipt for each PDF or picture \
            attached; one without attachments is itself the receipt, named by its subject, its text read from its \
            HTML or plain body. \
            --maildir takes every new message of a Maildir, oldest first, and moves each into cur/ once its receipts \
            are in; one that fails stays in new/ with its error on stderr, and one with no amount in its text and no \
            attachment stays there too, listed by its subject. Without a file it takes a picture with camera.command, else \
            the newest photo in receipts.inbox not taken before. The same bytes captured again are the same receipt. \
            --create makes a draft expense from what the receipt says, in the given or current report: at the REPL it \
            asks first; in one-shot commands and scripts it needs --yes, or --date, --amount and --category.

            A currency is read only from a symbol or code at an amount (RM 25, 12,50 €, 1939 Rs); a receipt that \
            prints none is taken to be in the report's (or default-currency), and the output says it is a guess. \
            Where the receipt's own arithmetic (its items, subtotal and tax, cash less change) disagrees with the \
            total it read by a digit OCR misreads, the total read is kept and a doubt shown ("Doubt: the items add \
            up to 31.00 but the total reads 34.00; check the total"); --create then asks, and --yes refuses unless \
            --amount gives the total.

            Unless --expense says where it goes, the receipt is matched to the expense it pays for: one of yours \
            without a receipt, in a draft or in no report, of the same amount (or converted within 3 %) from a day \
            before the receipt's to three after (a card line posts later); a merchant alike wins over a nearer day. \
            One clear match gets the receipt (with --create instead of a second expense; at the REPL it asks); \
            several are listed (at the REPL, asked) and none attached. --no-match keeps it alone; --new makes a new \
            expense anyway. A total in a currency no fresh ECB rate (rates.max-age-days) converts into the items' is \
            compared with none of them, and the output says which rate is missing.
            """,
        arguments: [
            ArgumentSpec("file", "The picture, PDF or e-mail; '-' reads it from standard input.", optional: true, completion: .file)
        ],
        options: [
            Options.expense.described("Attach it to this expense."), Options.create,
            Options.report.described(
                "The report whose items it is matched to first; with --create, the one to add it to (default: the one opened in the REPL)."),
            Options.yes, Options.new,
        ] + Options.draft + [Options.noMatch, Options.camera, Options.inbox, Options.maildir, Options.noOCR, Options.ocr],
        examples: [
            "expenses receipt capture hotel.jpg --expense 1",
            "expenses receipt capture taxi.png --create --report 1 --yes",
            "scanimage --format=png | expenses receipt capture - --create --amount 23.40 --date 2026-03-04 --category taxi",
            "expenses receipt capture --camera",
            "expenses receipt capture --inbox --create",
            "expenses receipt capture invoice.eml",
            "formail -s expenses receipt capture - < receipts.mbox",
            "expenses receipt capture --maildir ~/Maildir/.Receipts",
        ],
        validate: ReceiptCaptureRun.validate
    ) { invocation, session in
        try ReceiptCaptureRun(invocation: invocation, session: session).run()
    }

    static let list = CommandSpec(
        ["receipt", "list"], abstract: "List receipts, with the expenses they belong to and what OCR read.",
        options: [
            Options.expense.described("Only this expense's receipts."),
            Options.report.described("Only the receipts of this report's items."), Options.unattached,
        ],
        examples: ["expenses receipt list", "expenses receipt list --report 1 --format json", "expenses receipt list --unattached"]
    ) { invocation, session in
        let store = try session.store()
        let filter: Store.ReceiptFilter
        if invocation[Options.unattached] {
            filter = .unattached
        } else if let id = try invocation[Options.expense] {
            _ = try store.expense(id)
            filter = .expense(id)
        } else if let id = try invocation[Options.report] {
            _ = try store.report(id)
            filter = .report(id)
        } else {
            filter = .all
        }
        return .listing(ReceiptView.listing(try store.receipts(filter)))
    }

    static let show = CommandSpec(
        ["receipt", "show"], abstract: "Show a receipt: its file, the expenses it belongs to, the OCR text and the suggestion.",
        arguments: [idArgument], examples: ["expenses receipt show 3", "expenses receipt show 3 --format json"]
    ) { invocation, session in
        let store = try session.store()
        let receipt = try store.receipt(try invocation[idArgument])
        return ReceiptDetail(
            receipt: receipt, path: store.receiptStorage?.localPath(of: receipt.sha256), guessedCurrency: try session.defaultCurrency
        ).output
    }
}
