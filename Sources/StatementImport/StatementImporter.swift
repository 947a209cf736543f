import ExpenseCore
import ExpenseStore
import ExpenseSupport
import StatementReading

/// Runs `expenses import`: reads statements through a rules file into one batch per file, all
/// in one IMMEDIATE transaction, so that a crash or an invalid row leaves the database as it
/// was. Rows are streamed: a second thread reads, maps and fingerprints them while this one
/// converts and inserts the rows before (SQLite's share of the work is the larger one); nothing
/// grows with the size of the file except what the database itself stores.
public final class StatementImporter {
    public struct Request {
        /// The statements as the person named them: what messages and the batches show.
        public var files: [String]
        /// Where a file named as given is: the app makes a relative name absolute against its
        /// session's working directory, so that the import never depends on the process's.
        public var locate: (String) -> String = { $0 }
        /// The rules file; nil when none was given, which only camt, OFX, MT940 and QIF statements allow.
        public var rules: ImportRules?
        public var reportID: Int64?
        public var dryRun = false
        public var skipInvalid = false
        public var rejectsPath: String?
        /// Whether an existing file at `rejectsPath` may be replaced (`--force`).
        public var replaceRejects = false
        /// The currency of a QIF statement's entries (which QIF does not name) when neither its
        /// rules ('default currency') nor the report give one: the settings' `default-currency`.
        public var defaultCurrency: Currency?
        /// Files the import reads besides its statements and the database (the rules file): the
        /// rejects file must not replace one of them.
        public var otherInputs: [OutputFile.Input] = []
        /// Said after a row's "no exchange rate" problem: how to load rates (the app words it).
        public var missingRateNote: String?
        /// How many invalid rows are told one by one (on stderr; a dry run tells every row).
        public var rowErrors = RowErrorLimit()
        /// The line after the rows told, given how many were not: "and 2,980 more ..." (the app
        /// words it, naming where to see them).
        public var moreRowErrorsNote: (Int) -> String = { "and \($0) more invalid rows" }

        public init(
            files: [String], rules: ImportRules?, reportID: Int64?, dryRun: Bool = false, skipInvalid: Bool = false,
            rejectsPath: String? = nil
        ) {
            (self.files, self.rules, self.reportID) = (files, rules, reportID)
            (self.dryRun, self.skipInvalid, self.rejectsPath) = (dryRun, skipInvalid, rejectsPath)
        }
    }

    public struct FileOutcome: Sendable {
        public let file: String
        public let batchID: Int64
        public var counts = ImportCounts()
        /// Entries of a camt.053 statement that are not booked yet (`PDNG`): not imported.
        public var pending = 0
        /// Credits to a bank account, which are no refunds unless the rules say so: not
        /// imported (`ImportRules.importedEntries`).
        public var bankCreditsSkipped = 0
    }

    public struct Outcome: Sendable {
        public var files: [FileOutcome] = []
        public var seconds = 0.0
        public var rejectsPath: String?
        public var total: ImportCounts { files.reduce(ImportCounts()) { $0 + $1.counts } }
        public var pending: Int { files.reduce(0) { $0 + $1.pending } }
        public var bankCreditsSkipped: Int { files.reduce(0) { $0 + $1.bankCreditsSkipped } }
    }

    /// Ends the transaction of a dry run, which must write nothing whatever happened.
    private struct DryRunDone: Error {
        public let outcome: Outcome
    }

    private let store: Store
    private let request: Request
    private let makeLog: ((ImportConsole) -> ImportLog)?
    private let rules: ImportRules
    private var console = ImportConsole(meter: ProgressMeter(enabled: false, totalBytes: 0))
    private var log: ImportLog?
    private var report: Report?
    private var rejects: RejectsFile?
    private var rowsRead = 0
    private var bytesBefore = 0
    private var rowErrors: RowErrorLimit
    /// Whether the import has warned that a statement looks like UTF-8 read in another encoding.
    private var warnedOfEncoding = false

    /// - Parameter makeLog: for a dry run, what tells each row, writing through the import's
    ///   console (so that its lines and the progress line do not garble each other).
    public init(store: Store, request: Request, makeLog: ((ImportConsole) -> ImportLog)? = nil) {
        self.store = store
        self.request = request
        self.makeLog = makeLog
        rules = request.rules ?? ImportRules(path: "")
        rowErrors = request.rowErrors
    }

    public func run() throws -> Outcome {
        let stopwatch = Stopwatch()
        let categories = try store.categories().map(\.code)
        try rules.checkCategories(categories)
        // Every file is opened before anything is written: a typo in the last name must not
        // cost a long import of the first ones.
        let inputs = try request.files.map { path throws(ExpenseError) in
            try InputFile(path, role: "statement", at: request.locate(path))
        }
        // A CSV needs rules that map its columns; a camt, OFX, MT940 or QIF statement refuses them.
        let kinds = try inputs.map { input throws(ExpenseError) in try input.statementFormat() }
        if let csv = zip(inputs, kinds).first(where: { $0.1 == .csv }),
            let other = zip(inputs, kinds).first(where: { if case .entries = $0.1 { true } else { false } })
        {
            throw ExpenseError(
                .usage,
                "\(csv.0.path) is a CSV statement and \(other.0.path) is not: one import reads CSV statements or camt, OFX, MT940 and QIF ones, not both",
                hint:
                    "import the CSV statements through their rules, and the camt.052, camt.053, camt.054, OFX, MT940 and QIF ones on their own"
            )
        }
        let formats = try zip(inputs, kinds).map { pair throws(ExpenseError) in try format(of: pair.0, pair.1) }
        console = ImportConsole(meter: ProgressMeter(totalBytes: inputs.reduce(0) { $0 + $1.size }))
        defer { console.finish() }
        if request.dryRun { log = makeLog?(console) }
        if let path = request.rejectsPath {
            // The statements as opened (standard input too, when it is a file), the database, the rules.
            let read =
                inputs.map {
                    OutputFile.Input(
                        $0.path, role: "a statement",
                        identity: FileIdentity(descriptor: $0.descriptor))
                }
                + store.location.files + request.otherInputs
            if request.dryRun {
                // A dry run refuses the rejects file the import would refuse, and writes none.
                try OutputFile.check(path, replacing: request.replaceRejects, inputs: read)
            } else {
                // Entries' rejects are CSV lines of their fields, in UTF-8.
                let csv = formats.contains(nil)
                rejects = try RejectsFile(
                    path: path, separator: csv ? rules.separator : UInt8(ascii: ","), encoding: csv ? rules.encoding : .utf8,
                    replacing: request.replaceRejects, inputs: read)
            }
        }
        var outcome = Outcome(rejectsPath: request.dryRun ? nil : request.rejectsPath)
        do {
            try store.withBulkInsertSettings {
                try store.write {
                    // Checked under the write lock, before any row is read: the report cannot be
                    // submitted half-way. Each batch the store begins checks it again.
                    report = try request.reportID.map { id in try store.report(id, for: .importItems) }
                    console.progress(rows: 0, bytes: 0)
                    let rates = store.rateSource()
                    _ = try store.withInsertTriggersInBulk {
                        for (input, format) in zip(inputs, formats) {
                            outcome.files.append(try importFile(input, format, categories: categories, rates: rates))
                            bytesBefore += input.size
                        }
                    }
                    let invalid = outcome.total.invalid
                    if rowErrors.untold > 0 { console.err(request.moreRowErrorsNote(rowErrors.untold) + "\n") }
                    if request.dryRun {
                        outcome.seconds = stopwatch.seconds
                        throw DryRunDone(outcome: outcome)
                    }
                    if let refusal = refusal(invalid: invalid) {
                        console.flush()
                        throw refusal
                    }
                    try rejects?.prepare()
                }
            }
        } catch let done as DryRunDone {
            log?.end(done.outcome)
            // A dry run fails as the import would, after showing every row.
            if let refusal = refusal(invalid: done.outcome.total.invalid) { throw refusal }
            return done.outcome
        }
        try rejects?.commit()
        outcome.seconds = stopwatch.seconds
        return outcome
    }

    /// The error that ends an atomic import with `invalid` rows; nil when it goes ahead.
    private func refusal(invalid: Int) -> ExpenseError? {
        guard invalid > 0, !request.skipInvalid else { return nil }
        let files = request.files.count == 1 ? request.files[0] : "\(request.files.count) files"
        return ExpenseError(
            .invalidData, .invalidImportRows(count: invalid),
            "\(Money.format(Int64(invalid), digits: 0, grouping: true)) invalid row\(invalid == 1 ? "" : "s") in \(files); "
                + (request.dryRun ? "nothing would be imported" : "nothing was imported"))
    }

    /// The format of a statement, checked against the rules: nil for CSV, which needs rules that
    /// read its columns; a camt.053 or OFX statement's rules say only what to do with its entries.
    private func format(of input: InputFile, _ kind: StatementFormat) throws(ExpenseError) -> StatementEntries.Format? {
        switch kind {
        case .csv:
            guard request.rules != nil else {
                throw ExpenseError(
                    .usage, "\(input.path) is a CSV statement: reading it needs a rules file",
                    hint: "give one with '--rules FILE' ('expenses help rules'); camt.052/053/054, OFX, MT940 and QIF statements need none")
            }
            try rules.checkComplete()
            return nil
        case .entries(let format):
            _ = try rules.forEntries(of: format)
            return format
        case .otherMarkup:
            throw ExpenseError(
                .invalidData, "the file is markup, but neither a camt.052, camt.053 or camt.054 message nor OFX",
                hint: "expenses reads " + StatementFormat.formatsRead, location: "\(input.path):1")
        case .unread(let what, let instead):
            throw ExpenseError(.invalidData, "this is \(what), not a statement the importer reads", hint: instead, location: input.path)
        }
    }

    private func importFile(
        _ input: InputFile, _ format: StatementEntries.Format?, categories: [String],
        rates: RateSource
    ) throws -> FileOutcome {
        let file = input.path
        guard let format else {
            let reader = input.csvReader(separator: rules.separator)
            let start = try CSVStatementStart.read(reader, rules: rules, file: file) { text, line in
                warnOfEncoding(text, at: "\(file):\(line)")
            }
            let mapper = try RowMapper(rules: rules, header: start.names, file: file, categories: categories)
            rejects?.start(preamble: start.preamble, header: start.headerBytes, crlf: reader.recordEndsWithCRLF)
            return try importRows(reader, mapper, rules: rules, file: file, rates: rates)
        }
        let statement: StatementEntries
        do {
            statement = try StatementFormat.read(format, try input.wholeStatement(format), dayFirst: rules.dayFirst)
        } catch let failure as StatementFailure {
            throw ExpenseError(
                .invalidData, failure.message,
                hint: failure.hint ?? "this is not \(format.withArticle) statement as a bank writes it; is it the file as downloaded?",
                location: "\(file):\(failure.line)")
        }
        for warning in statement.warnings {
            console.err(
                TerminalText.visible("expenses: warning: \(file):\(warning.line): \(warning.message)", keepingLineBreaks: false) + "\n")
        }
        var entryRules = try rules.forEntries(of: format)
        if format == .qif, entryRules.defaultCurrency == nil {
            // QIF names no currency: the rules', else the report's, else the traveller's.
            entryRules.defaultCurrency = report?.currency ?? request.defaultCurrency
        }
        let imported = entryRules.importedEntries(of: statement)
        let records = StatementEntryRecords(imported.entries, fileBytes: input.size)
        let mapper = try RowMapper(rules: entryRules, header: StatementEntryRecords.columns, file: file, categories: categories)
        rejects?.start(preamble: [], header: StatementEntryRecords.header, crlf: false)
        var outcome = try importRows(records, mapper, rules: entryRules, file: file, rates: rates, referenceName: format.referenceName)
        outcome.pending = statement.pending.count
        outcome.bankCreditsSkipped = imported.bankCreditsSkipped
        return outcome
    }

    /// Imports the records of one statement into a batch of its own.
    /// - Parameter referenceName: for a statement of entries (held whole in memory already), what
    ///   its format calls a transaction's id: its rows with one are compared with what an earlier
    ///   import stored under it (`warnOfChangedTransactions`). Nil for a CSV, read in constant memory.
    private func importRows<Records: StatementRecords>(
        _ reader: Records, _ mapper: RowMapper, rules: ImportRules,
        file: String, rates: RateSource, referenceName: String? = nil
    ) throws -> FileOutcome {
        // The report's id and currency, not the report: bound per row, a copy would retain its texts.
        let reportID = report?.id
        let reportCurrency = report?.currency
        let batchID = try store.beginImportBatch(file: file, rules: rules.path, reportID: reportID)
        let writer = try store.importWriter(batch: batchID, rowsPerStatement: request.dryRun ? 1 : 100)
        var outcome = FileOutcome(file: file, batchID: batchID)
        // Once an atomic import has an invalid row it will roll back: only validate the rest.
        var writing = true
        let rows = StatementReadAhead.start(
            reader, mapper, rules: rules, file: file, keepText: rejects != nil, reportCurrency: report?.currency)
        defer { rows.stop() }
        var footer: [(record: [UInt8], crlf: Bool)] = []
        var identified: [IdentifiedRow] = []
        while var item = try rows.next() {
            rowsRead += 1
            // Ctrl-C in the REPL: sqlite3_interrupt only stops a statement that is running, and
            // this thread spends part of its time between statements.
            if rowsRead & 1023 == 0 { try Cancellation.check() }
            console.progress(rows: rowsRead, bytes: bytesBefore + item.bytesConsumed)
            if let misread = item.misread { warnOfEncoding(misread.text, at: "\(file):\(misread.line)") }
            if item.row.skipped {
                outcome.counts.skipped += 1
                log?.row(file: file, line: item.line, status: .skipped, item.row)
                if item.isFooter, rejects != nil { footer.append((item.text, item.crlf)) }
                continue
            }
            if item.row.problems.isEmpty, item.row.category == Journey.category {
                // Its amount is the distance times the rate, which a statement does not have.
                item.row.problems.append(.init("category", "a mileage item is computed from its distance, not imported"))
            }
            var conversion: Expense.Conversion?
            if item.row.problems.isEmpty, let reportCurrency, let date = item.row.date, let amount = item.row.amount {
                do {
                    conversion = try Expense.Conversion.of(amount, on: date, into: reportCurrency, manualRate: nil, rates: rates)
                } catch let error as ExpenseError {
                    var note = ""
                    switch error.code {
                    case .noExchangeRate, .staleExchangeRate:
                        if let missingRateNote = request.missingRateNote { note = " (\(missingRateNote))" }
                    default: break
                    }
                    item.row.problems.append(.init("currency", error.message + note))
                }
            }
            let row = item.row
            guard row.problems.isEmpty, let date = row.date, let amount = row.amount, let fingerprint = item.fingerprint else {
                outcome.counts.invalid += 1
                try reject(file: file, item, encoding: rules.encoding)
                if !request.skipInvalid { writing = request.dryRun }
                continue
            }
            guard writing else { continue }
            let expense = Expense(
                reportID: reportID, date: date, category: row.category, merchant: row.merchant,
                description: row.description, amount: amount, conversion: conversion, paidBy: row.paidBy)
            if referenceName != nil, case .externalID(let id) = fingerprint {
                identified.append(IdentifiedRow(line: item.line, id: id, date: date, amount: amount))
            }
            if let log {
                let new = try writer.insert(expense, line: item.line, fingerprint: fingerprint)
                log.row(file: file, line: item.line, status: new ? .new : .duplicate, row)
            } else {
                try writer.append(expense, line: item.line, fingerprint: fingerprint)
            }
        }
        rejects?.end(footer: footer)
        let expenseIDs = try writer.insertedIDs()
        if let referenceName {
            try warnOfChangedTransactions(identified, batchID: batchID, file: file, referenceName: referenceName)
        }
        outcome.counts.new = writer.newRows
        outcome.counts.duplicate = writer.duplicateRows
        try store.finishImportBatch(batchID, counts: outcome.counts, expenseIDs: expenseIDs)
        return outcome
    }

    /// A row of a statement of entries with the bank's id for its transaction, as imported.
    private struct IdentifiedRow {
        let line: Int
        let id: String
        let date: CalendarDate
        let amount: Money
    }

    /// Warns of each row whose id an earlier import stored with another amount or date: the
    /// bank means one transaction by its id, so the row stays out as a duplicate (most often it
    /// is the bank's correction, and a second expense would count the payment twice), but never
    /// silently: the person sees both and corrects the expense, or adds another one. The same id
    /// with the same amount and date is the same transaction, a duplicate said nothing of. Call
    /// once the batch's rows are written (`insertedIDs`), when what is stored can be read.
    private func warnOfChangedTransactions(_ rows: [IdentifiedRow], batchID: Int64, file: String, referenceName: String) throws {
        guard !rows.isEmpty else { return }
        let stored = try store.importedTransactions(externalIDs: rows.map(\.id), besides: batchID)
        for row in rows {
            guard let before = stored[row.id], before.amount != row.amount || before.date != row.date else { continue }
            let origin = before.file.map { file in before.line.map { "\(file):\($0)" } ?? file }.map { ", \($0)" } ?? ""
            console.err(
                TerminalText.visible(
                    "expenses: warning: \(file):\(row.line): \(referenceName) '\(row.id)' was imported before with \(before.amount) on "
                        + "\(before.date) (expense \(before.expenseID)\(origin)); here it has \(row.amount) on \(row.date): "
                        + "not imported again, as the bank means one transaction by it", keepingLineBreaks: false)
                    + "\nhint: if the bank corrected it, correct expense \(before.expenseID); if it is another transaction, add it by hand\n"
            )
        }
    }

    /// Warns, once, that `text` looks like UTF-8 read in the rules' single-byte encoding
    /// ('GaststÃ¤tte'): columns mapped by position import such text quietly as what it reads.
    /// A warning, not an error: the text may be meant, and the exit code stays the import's.
    private func warnOfEncoding(_ text: [UInt8], at location: String) {
        guard !warnedOfEncoding else { return }
        warnedOfEncoding = true
        func quoted(_ text: String) -> String { "'" + TerminalText.visible(text, keepingLineBreaks: false) + "'" }
        let directive = rules.lines["encoding"].map { "\(rules.path):\($0)" } ?? rules.path
        console.err(
            "expenses: warning: \(location): \(quoted(rules.encoding.show(text))) looks like UTF-8 read as "
                + "\(rules.encoding.rawValue); in UTF-8 it reads \(quoted(TextEncoding.utf8.show(text)))\n"
                + "hint: if the statement is UTF-8, write 'encoding utf-8' at \(directive)\n")
    }

    /// Reports an invalid row as `FILE:LINE: field: reason` and keeps it for the rejects file.
    private func reject(file: String, _ item: ReadRow, encoding: TextEncoding) throws {
        if let log {
            log.row(file: file, line: item.line, status: .invalid, item.row)
        } else if rowErrors.admit() {
            // One line each, whatever line breaks a quoted value holds.
            for message in item.row.messages {
                console.err(TerminalText.visible("\(file):\(item.line): \(message)", keepingLineBreaks: false) + "\n")
            }
        }
        guard let rejects else { return }
        try item.text.withUnsafeBytes { text in
            try rejects.append(
                record: text, reason: encoding.encode("\(file):\(item.line): ") + item.row.encodedReason,
                crlf: item.crlf)
        }
    }
}
