import ExpenseCore
import ExpenseStore
import ExpenseSupport
import Rendering
import StatementImport
import StatementReading

/// `import FILE... --rules RULES`, `import list`, `import undo BATCH`: card and bank statements.
enum ImportCommands {
    static let all: [CommandSpec] = [statements, list, undo]

    enum Options {
        static let rules = Option.text(
            "rules", "file", "The rules file: how to read CSV statements (optional for camt.052/053/054, OFX, MT940 and QIF).",
            completion: .file)
        static let report = CommonOptions.report.described("Add the expenses to this draft report, converted into its currency.")
        static let dryRun = Option.flag(
            "dry-run", "Show each row as new, duplicate, invalid or skipped (and why); write nothing, and fail as the import would.")
        static let skipInvalid = Option.flag("skip-invalid", "Import the valid rows and write the invalid ones to --rejects.")
        static let rejects = Option.text(
            "rejects", "file", "With --skip-invalid: the CSV file for the invalid rows (readable by you only).",
            completion: .file)
        static let force = CommonOptions.force.described("With --rejects: replace the file if it exists.")
    }

    static let statements = CommandSpec(
        ["import"], abstract: "Import card or bank statements: CSV through a rules file, camt.052/053/054, OFX, MT940 and QIF as they are.",
        discussion: """
            Each file becomes a batch of expenses. A row imported before (the same statement id, or the same date, \
            amount, currency and merchant) is a duplicate and is left out, so importing a statement twice, or \
            overlapping statements, adds each transaction once. The import is one transaction: an invalid row is \
            reported as FILE:LINE: field: reason and nothing is written (exit 65), unless --skip-invalid imports \
            the other rows and writes the invalid ones, with a reason, to --rejects, to be fixed and imported again \
            (a file that exists is replaced only with --force; never one the import reads). \
            'expenses import list' shows the batches, 'expenses import undo BATCH' removes one. The rules file's \
            syntax, with an example: 'expenses help rules' (man 5 expenses-rules). \
            A file's format is told by its content, not its name: an ISO 20022 camt.053 bank statement, camt.052 \
            account report or camt.054 debit or credit notification (XML, .001.02 to .001.13: its booked entries; \
            pending ones are counted, not imported) or an OFX file (1.x SGML or 2.x XML, bank or card; declared \
            US-ASCII, its bytes beyond ASCII are read as UTF-8 when they are, else as Windows-1252) names its own \
            fields, so it needs no rules file; one given for it may say only \
            'credits', 'default category', 'default paid-by' and 'if ... then ...' (an entry no rule gives a category \
            is 'other'). So do a SWIFT MT940 statement (German banks' .sta; the structured :86: gives merchant and \
            purpose; the bank's reference identifies an entry) and a QIF file (Bank, CCard, Cash, Oth A and Oth L \
            accounts; investment ones are passed over, a file of nothing else refused). QIF writes no currency: its rules may say 'default currency USD', \
            else the report's is taken, else the default-currency setting. A QIF date such as 01/02/2024 is read in the \
            order the file's own dates show (13/02/2024 is day first, dots too), else in the order of its rules' \
            'date-format %d/%m/%Y', else month first as Quicken writes in the US. A bank account's credits (camt, OFX BANKMSGSRSV1, MT940, QIF Bank and Cash: salary, a \
            reimbursement, an advance) are skipped and counted unless its rules say 'credits refund'; a card's are \
            refunds. Its rejects file lists each rejected entry's fields (date, amount, currency, merchant, description, \
            external-id, type) and the reason. \
            An OFX FITID that repeats in a file with another amount, date or payee is another transaction: it is \
            imported as FITID#2 (#3 ...) with a warning at its line; with the same content it is the same one. \
            One import reads either CSV statements or those of the other formats. \
            A file of a format known but not read (an Excel workbook, a PDF, a web page, JSON, a gzip or ZIP file, an \
            MT942 interim report, an ISO 20022 message other than a statement) is named as such (exit 65).
            """,
        arguments: [
            ArgumentSpec(
                "file", "Statement files: CSV, camt.052, camt.053, camt.054, OFX, MT940 or QIF (- reads standard input).",
                variadic: true, completion: .file)
        ],
        options: [Options.rules, Options.report, Options.dryRun, Options.skipInvalid, Options.rejects, Options.force],
        examples: [
            "expenses import amex-2026-03.csv --rules amex.rules --report 12",
            "expenses import jan.csv feb.csv --rules bank.rules --dry-run",
            "expenses import statement.csv --rules bank.rules --skip-invalid --rejects rejects.csv",
            "expenses import rejects.csv --rules bank.rules",
            "expenses import camt053-2026-03.xml --report 12",
            "expenses import card-2026-03.ofx --rules card.rules",
            "expenses import umsaetze-2026-03.sta --report 12",
            "expenses import card-2026-03.qif --rules card.rules",
        ],
        validate: { invocation in
            if invocation[Options.skipInvalid] != invocation.gave(Options.rejects) {
                throw UsageError(
                    invocation[Options.skipInvalid]
                        ? "'--skip-invalid' needs '--rejects <file>', so that the rows it leaves out can be fixed and imported again"
                        : "'--rejects <file>' goes with '--skip-invalid'", path: invocation.spec.path)
            }
            if invocation[Options.force], !invocation.gave(Options.rejects) {
                throw UsageError("'--force' goes with '--rejects <file>'", path: invocation.spec.path)
            }
        }
    ) { invocation, session in
        let rulesPath = try invocation[Options.rules]
        // Complete for a CSV is checked per file: a camt.053 or OFX statement's rules map no columns.
        let rules = try rulesPath.map { path throws(ExpenseError) in
            try ImportRules.parse(
                try InputFile(path, role: "rules file", at: session.environment.path(path)).text(), path: path, complete: false)
        }
        let store = try session.store()
        var request = StatementImporter.Request(
            files: invocation.arguments, rules: rules, reportID: try invocation[Options.report] ?? session.currentReportID,
            dryRun: invocation[Options.dryRun], skipInvalid: invocation[Options.skipInvalid],
            rejectsPath: try invocation[Options.rejects].map(session.environment.path))
        request.locate = session.environment.path
        request.missingRateNote = ErrorPresenter.missingRateNote
        request.defaultCurrency = CurrencyTable.standard.currency(try session.defaultCurrency)
        request.replaceRejects = invocation[Options.force]
        request.otherInputs = rulesPath.map { [OutputFile.Input(session.environment.path($0), role: "the rules file")] } ?? []
        let rejects = try invocation[Options.rejects]
        request.moreRowErrorsNote = { ErrorPresenter.moreInvalidRows($0, rejects: rejects) }
        let format = session.format
        let files = request.files
        let categories = request.dryRun && format == .table ? try store.categories().map(\.code) : []
        var outcome = try session.environment.namingAsGiven(rejects ?? "") {
            try StatementImporter(store: store, request: request) { console in
                DryRunLog(format: format, console: console, files: files, rules: rulesPath ?? "", categories: categories)
            }.run()
        }
        guard !request.dryRun else { return .none }
        // The rejects file as the person named it.
        if outcome.rejectsPath != nil { outcome.rejectsPath = rejects }
        let batches = Set(outcome.files.filter { $0.counts.new > 0 }.map(\.batchID))
        let matches = try ReceiptMatching.afterImport(batches: batches, reportID: request.reportID, session: session)
        return ImportResult(outcome: outcome, matches: matches).output
    }

    static let list = CommandSpec(
        ["import", "list"], abstract: "List the import batches: file, time, rows new, duplicate and invalid.",
        examples: ["expenses import list", "expenses import list --format json"]
    ) { _, session in
        let batches = try session.store().importBatches()
        let rows: [[Listing.Cell]] = batches.map { batch in
            [
                .int(batch.id), .text(batch.file), .time(batch.importedAt), batch.reportID.map { .int($0) } ?? .null,
                .int(Int64(batch.counts.new)), .int(Int64(batch.counts.duplicate)), .int(Int64(batch.counts.invalid)),
                .int(Int64(batch.counts.skipped)), batch.undoneAt.map { .time($0) } ?? .null,
            ]
        }
        // The times are whole and a file's path wraps (its name is at its end); on a narrow
        // terminal the skipped rows, the report, then the duplicate and invalid counts give way.
        return .listing(
            Listing(
                columns: [
                    .init("batch", "batch"), .init("file", "file", fit: .wrap), .init("importedAt", "imported", fit: .whole),
                    .init("reportId", "report", drop: 3), .init("new", "new"), .init("duplicate", "duplicate", drop: 2),
                    .init("invalid", "invalid", drop: 1), .init("skipped", "skipped", drop: 4), .init("undoneAt", "undone", fit: .whole),
                ],
                rows: rows, note: nothingAdded(batches)))
    }

    /// "batches 2 and 3 added nothing (...)": the imports kept as a record that brought no row.
    static func nothingAdded(_ batches: [ImportBatch]) -> String? {
        let empty = batches.filter { $0.counts.new == 0 }.map { String($0.id) }
        guard !empty.isEmpty else { return nil }
        let which = empty.count == 1 ? "batch \(empty[0]) added" : "batches \(WordList.joined(empty, "and")) added"
        return "\(which) nothing: every row was a duplicate, invalid or skipped (kept as a record of the import)"
    }

    static let batch = Argument<Int64>.value("batch", "The batch, as 'expenses import list' shows it.")

    static let undo = CommandSpec(
        ["import", "undo"], abstract: "Delete the expenses an import batch added (refused once they are in a submitted report).",
        arguments: [Self.batch],
        examples: ["expenses import undo 3"]
    ) { invocation, session in
        let store = try session.store()
        let id = try invocation[Self.batch]
        let (batch, deleted) = try store.write { (try store.importBatch(id), try store.undoImportBatch(id)) }
        return ImportUndo(batch: id, file: batch.file, deleted: deleted).output
    }
}
