import ExpenseCore
import ExpenseStore
import ExpenseSupport
import StatementImport
import StatementReading

/// `import FILE... --rules RULES`, `import list`, `import undo BATCH`: card and bank statements.
enum ImportCommands {
    static let all: [CommandSpec] = [statements, list, undo]

    static let statements = CommandSpec(
        ["import"], abstract: "Import card or bank statements (CSV) through a rules file.",
        discussion: """
            Each file becomes a batch of expenses. A row imported before (the same statement id, or the same date, \
            amount, currency and merchant) is a duplicate and is left out, so importing a statement twice, or \
            overlapping statements, adds each transaction once. The import is one transaction: an invalid row is \
            reported as FILE:LINE: field: reason and nothing is written (exit 65), unless --skip-invalid imports \
            the other rows and writes the invalid ones, with a reason, to --rejects, to be fixed and imported again. \
            'expenses import list' shows the batches, 'expenses import undo BATCH' removes one. Rules files are \
            described in README.md.
            """,
        arguments: [ArgumentSpec("file", "Statement CSV files (- reads standard input).", variadic: true, completion: .file)],
        options: [
            .value("rules", "file", "The rules file: how to read the statements.", required: true, completion: .file),
            .value("report", "id", "Add the expenses to this draft report, converted into its currency.", completion: .reportID),
            .flag("dry-run", "Show each row as new, duplicate, invalid or skipped; write nothing."),
            .flag("skip-invalid", "Import the valid rows and write the invalid ones to --rejects."),
            .value("rejects", "file", "With --skip-invalid: the CSV file for the invalid rows.", completion: .file),
        ],
        examples: [
            "expenses import amex-2026-03.csv --rules amex.rules --report 12",
            "expenses import jan.csv feb.csv --rules bank.rules --dry-run",
            "expenses import statement.csv --rules bank.rules --skip-invalid --rejects rejects.csv",
            "expenses import rejects.csv --rules bank.rules",
        ]
    ) { invocation, session in
        let path = invocation.spec.path
        if invocation.flag("skip-invalid") != invocation.has("rejects") {
            throw UsageError(invocation.flag("skip-invalid")
                                 ? "'--skip-invalid' needs '--rejects <file>', so that the rows it leaves out can be fixed and imported again"
                                 : "'--rejects <file>' goes with '--skip-invalid'", path: path)
        }
        let rulesPath = invocation.value("rules") ?? ""
        let rules = try ImportRules.parse(try InputFile(rulesPath, role: "rules file").text(), path: rulesPath)
        let store = try session.store()
        var request = StatementImporter.Request(
            files: invocation.arguments, rules: rules, reportID: try invocation.id("report") ?? session.currentReportID,
            dryRun: invocation.flag("dry-run"), skipInvalid: invocation.flag("skip-invalid"), rejectsPath: invocation.value("rejects"))
        request.missingRateNote = ErrorPresenter.missingRateNote
        let rejects = request.rejectsPath
        request.moreRowErrorsNote = { ErrorPresenter.moreInvalidRows($0, rejects: rejects) }
        let format = session.format, files = request.files
        let outcome = try StatementImporter(store: store, request: request) { console in
            DryRunLog(format: format, console: console, files: files)
        }.run()
        return request.dryRun ? .none : ImportSummary.output(outcome)
    }

    static let list = CommandSpec(
        ["import", "list"], abstract: "List the import batches: file, time, rows new, duplicate and invalid.",
        examples: ["expenses import list", "expenses import list --format json"]
    ) { _, session in
        let batches = try session.store().importBatches()
        let rows: [[Listing.Cell]] = batches.map { batch in
            [.int(batch.id), .text(batch.file), .text(batch.importedAt), batch.reportID.map { .int($0) } ?? .null,
             .int(Int64(batch.counts.new)), .int(Int64(batch.counts.duplicate)), .int(Int64(batch.counts.invalid)),
             .int(Int64(batch.counts.skipped)), batch.undoneAt.map { .text($0) } ?? .null]
        }
        return .listing(Listing(
            columns: [.init("batch", "batch"), .init("file", "file"), .init("importedAt", "imported"), .init("reportId", "report"),
                      .init("new", "new"), .init("duplicate", "duplicate"), .init("invalid", "invalid"),
                      .init("skipped", "skipped"), .init("undoneAt", "undone")],
            rows: rows))
    }

    static let undo = CommandSpec(
        ["import", "undo"], abstract: "Delete the expenses an import batch added (refused once they are in a submitted report).",
        arguments: [ArgumentSpec("batch", "The batch, as 'expenses import list' shows it.")],
        examples: ["expenses import undo 3"]
    ) { invocation, session in
        let store = try session.store()
        let id = try invocation.id("batch", argument: 0) ?? 0
        let (batch, deleted) = try store.write { (try store.importBatch(id), try store.undoImportBatch(id)) }
        return .document(text: "Undid import batch \(id) (\(batch.file)): deleted \(ImportSummary.number(deleted)) expense\(deleted == 1 ? "" : "s")",
                         json: .object([("batch", .int(id)), ("file", .string(batch.file)), ("deleted", .int(Int64(deleted)))]),
                         csv: nil)
    }
}
