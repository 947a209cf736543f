import ExpenseCore
import ExpenseStore
import ExpenseSupport
import Rendering

#if canImport(Glibc)
import Glibc
#endif

/// `report export`: a report as CSV, JSON, or a printable HTML or PDF file with its receipts.
enum ExportCommands {
    static let all: [CommandSpec] = [export]

    enum Options {
        static let format: Option<ExportFormat?> = .value("format", "What to write (default: told by the --output file's extension).")
        static let output = Option.text(
            "output", "file", "Write to this file instead of stdout (readable by you only; - is stdout).",
            short: "o", completion: .file)
        static let force = CommonOptions.force.described("With --output: replace the file if it exists.")
    }

    static let export = CommandSpec(
        ["report", "export"], abstract: "Export a report: CSV items, JSON, or a printable HTML or PDF file with its receipts.",
        discussion: """
            The HTML is one file (styles and receipt images inside) that prints on A4, each receipt on its own page: an \
            image as it is, a PDF as pictures of its first 10 pages (drawn by pdftoppm, poppler-utils), an e-mail as its \
            text. The report names the traveller (the name setting; on a team database the owner's payee), the stops, each \
            journey's distance, vehicle, places and rate per km, each hotel bill's nights, the decisions with the draft's \
            edits folded, and a reimbursed report's reference (its payment run, to finance). \
            PDF is that page printed by headless Chromium (chromium, chromium-browser or google-chrome on PATH; exit 69 \
            without one). The format is --format, else the --output file's extension: .csv, .json, .html or .htm, .pdf. \
            A PDF goes to a file or a pipe, never to a terminal.
            """,
        arguments: [.report],
        options: [Options.format, Options.output, Options.force],
        examples: [
            "expenses report export 1 -o walldorf.html", "expenses report export 1 -o walldorf.pdf",
            "expenses report export 1 --format csv > items.csv", "expenses report export 1 --format pdf | lp",
            "expenses report export 1 -o walldorf.html --force",
        ],
        validate: { invocation in
            if invocation[Options.force], !invocation.gave(Options.output) {
                throw UsageError("'--force' goes with '--output <file>'", path: invocation.spec.path)
            }
            _ = try format(of: invocation)
        }
    ) { invocation, session in
        let format = try format(of: invocation)
        let shownOutput = try invocation[Options.output].flatMap { $0 == "-" ? nil : $0 }
        let output = shownOutput.map(session.environment.path)
        if format == .pdf, output == nil, isatty(Console.shownOutput) != 0 {
            throw UsageError("a PDF is not for a terminal: give '--output <file>', or pipe it", path: invocation.spec.path)
        }
        // Found before the work, so that a machine without it says so at once.
        var printer = format == .pdf ? try ChromiumPrinter.find(searchPath: session.environment["PATH"] ?? "/usr/bin:/bin") : nil
        printer?.directory = session.environment.workingDirectory
        let store = try session.store()
        let report = try store.report(try session.reportID(invocation))
        // The database and the report's receipt files are read; refused before the work, and again when written.
        let inputs = session.location.files + (try receiptFiles(of: report, in: store))
        func asGiven<T>(_ body: () throws -> T) throws -> T { try session.environment.namingAsGiven(shownOutput ?? "", body) }
        if let output { try asGiven { try OutputFile.check(output, replacing: invocation[Options.force], inputs: inputs) } }
        let items = try store.expenses(.report(report.id))
        let perDiems = try store.perDiems(of: report)
        let text: String
        switch format {
        case .html, .pdf:
            // Paper is read by people: times where they are, not UTC.
            let events = try store.events(report.id).map { event in
                var local = event
                local.at = LocalTime.forPeople(event.at)
                return local
            }
            var html = ReportHTML(
                report: report, items: items, violations: try PolicyCommands.violations(of: report, in: store),
                events: events,
                receipts: try receipts(
                    of: report, items: items, in: store, pages: PDFReceiptPages(directory: session.environment.workingDirectory)),
                generatedAt: LocalTime.forPeople(session.environment.now()), generator: "expenses \(Runner.version)",
                advances: try store.advances(report.id))
            html.perDiems = perDiems.perDiems
            html.cuts = try store.cuts(of: report.id)
            html.travellerName = try travellerName(of: report, in: store, session: session)
            html.trip = try store.tripSchedule(of: report)
            html.mileageRates = try mileageRates(of: items, in: store)
            html.payment = try payment(of: report, in: store)
            html.signatures = try signatures(of: report, in: store)
            if case .none(let reason) = perDiems { html.perDiemNote = PerDiemView.words(reason, report: report) }
            html.missingPerDiems = perDiems.missing
            text = try html.render()
        case .json:
            text =
                try ReportDetail(
                    report: report, items: items, receipts: try ReportReceipts.of(report, items: items, in: store), perDiems: perDiems,
                    advances: try store.advances(report.id), decision: try store.lastDecision(report.id),
                    cuts: try store.cuts(of: report.id)
                ).json.serialized() + "\n"
        case .csv:
            text = ExpenseView.listing(items, inReport: false).csv
        }
        guard let printer else {
            guard let path = output else { return .content(text) }
            try asGiven { try OutputFile.write(text, to: path, mode: 0o600, replacing: invocation[Options.force], inputs: inputs) }
            return .message("Exported report \(report.id) to \(shownOutput ?? path)")
        }
        let pdf = try printer.print(html: text)
        guard let path = output else {
            try OutputFile.writeToStandardOutput(pdf)
            return .none
        }
        try asGiven { try OutputFile.write(bytes: pdf, to: path, mode: 0o600, replacing: invocation[Options.force], inputs: inputs) }
        return .message("Exported report \(report.id) to \(shownOutput ?? path)")
    }

    /// --format, else the format the output file's extension names; a usage error (64) when
    /// neither tells.
    static func format(of invocation: Invocation) throws -> ExportFormat {
        if let given = try invocation[Options.format] { return given }
        let formats = CommandParser.list(ExportFormat.names)
        guard let path = try invocation[Options.output], path != "-" else {
            throw UsageError(
                "missing argument '--format <format>': give one of \(formats), or an --output file named for it",
                path: invocation.spec.path)
        }
        guard let format = ExportFormat.of(path: path) else {
            throw UsageError(
                "cannot tell the format from the name '\(path)': give '--format <format>', one of \(formats) "
                    + "(or name the file .csv, .json, .html, .htm or .pdf)", path: invocation.spec.path)
        }
        return format
    }

    /// The vault files of the report's receipts, which an export must not replace (none on a team
    /// database, which holds them itself).
    static func receiptFiles(of report: Report, in store: Store) throws -> [OutputFile.Input] {
        guard let storage = store.receiptStorage else { return [] }
        return try store.receipts(.report(report.id)).compactMap { receipt in
            storage.localPath(of: receipt.sha256).map { OutputFile.Input($0, role: "the file of receipt \(receipt.id)") }
        }
    }

    /// The traveller's full name: on a team database the account holder of the owner's payee
    /// (which the owner and finance see, an approver not), on a file the `name` setting.
    static func travellerName(of report: Report, in store: Store, session: Session) throws -> String? {
        if session.location.isServer { return try store.payee(report.owner)?.account.holder }
        return try session.settings().name
    }

    /// The rate per kilometre of each mileage item: its vehicle's on its day, where that is the
    /// rate its amount was computed at (not one set for that day since).
    static func mileageRates(of items: [Expense], in store: Store) throws -> [Int64: Money] {
        var rates: [Int64: Money] = [:]
        for item in items {
            guard let journey = item.journey, let rate = try? store.mileageRate(journey.vehicle, on: item.date).perKilometre,
                (try? Mileage.amount(journey.distance, ratePerKilometre: rate)) == item.amount
            else { continue }
            rates[item.id] = rate
        }
        return rates
    }

    /// The report's route as its paper signs it: each step, who decided it, for whom, when (in
    /// the reader's time, as the history's).
    /// A route of the one step any approver decides (no manager, no cost centre) signs nothing
    /// the approval history does not: none then, so that a short trip stays one page.
    static func signatures(of report: Report, in store: Store) throws -> [ReportHTML.Signature] {
        let steps = try store.approvalSteps(report.id)
        if steps.count == 1, steps[0].group == .approver { return [] }
        return steps.map { step in
            ReportHTML.Signature(
                position: step.position, why: step.why, decider: step.approver ?? (step.group == .finance ? "finance" : "any approver"),
                decidedBy: step.decidedBy, onBehalfOf: step.onBehalfOf, decidedAt: step.decidedAt.map(LocalTime.forPeople))
        }
    }

    /// The confirmed payment run that reimbursed the report and its transfer, when the reader
    /// may see them (finance on a team database).
    static func payment(of report: Report, in store: Store) throws -> (run: PaymentRun, transfer: PaymentTransfer)? {
        guard report.status == .reimbursed, let held = try store.reportsInRuns()[report.id], held.status == .confirmed else {
            return nil
        }
        let run = try store.paymentRun(held.run)
        guard let transfer = try store.transfers(ofRun: run.id).first(where: { $0.report == report.id }) else { return nil }
        return (run, transfer)
    }

    /// The report's receipts, each once, with the items it belongs to, as they are printed: an
    /// image as it is, a PDF as pictures of its pages (`pages`), an e-mail as the text read from
    /// it when it was captured.
    static func receipts(of report: Report, items: [Expense], in store: Store, pages: PDFReceiptPages) throws
        -> [ReportHTML.Receipt]
    {
        guard let storage = store.receiptStorage else { return [] }
        let itemIDs = Set(items.map(\.id))
        return try store.receipts(.report(report.id)).map { receipt in
            // A damaged file is not printed as if it were the receipt; verify says which. Whole:
            // the page embeds it.
            let bytes = try ReceiptFileExport.bytes(of: receipt, in: storage)
            let name = ReceiptView.name(receipt)
            let content: ReportHTML.Receipt.Content
            switch receipt.mediaType {
            case .pdf:
                content = try pages.content(of: bytes, name: name)
            case .message where receipt.ocr.status == .done && !receipt.ocr.text.isEmpty:
                content = .text(receipt.ocr.text)
            case .message:
                content = .unprintable(
                    "The e-mail \(name) has no text to print (\(receipt.ocr.note)). 'expenses receipt export' writes its .eml file.")
            case .jpeg, .png, .heic, .webp:
                content = .image(mediaType: receipt.mediaType.rawValue, bytes: bytes)
            }
            return ReportHTML.Receipt(expenseIDs: receipt.expenseIDs.filter(itemIDs.contains), content: content, name: name)
        }
    }
}
