import ExpenseCore
import ExpenseStore
import ExpenseSupport
import Rendering

/// `journal`: the postings of approved and reimbursed reports for finance's books.
enum JournalCommands {
    static let all: [CommandSpec] = [journal]

    enum Options {
        static let from = Option.date("from", "First day of the period, YYYY-MM-DD.").required()
        static let to = Option.date("to", "Last day of the period, YYYY-MM-DD.").required()
        static let format: Option<JournalFormat?> = .value("format", "datev, hledger, beancount or csv.")
        static let output = Option.text(
            "output", "file", "Write to this file instead of stdout (readable by you only).", short: "o", completion: .file)
        static let force = CommonOptions.force.described("With --output: replace the file if it exists.")
        static let again = Option.flag("again", "Book again what an earlier export of an overlapping period held.")
    }

    static let journal = CommandSpec(
        ["journal"],
        abstract: "Write the period's postings of approved and reimbursed reports for the books (DATEV, hledger, beancount, CSV).",
        discussion: """
            A report's costs are booked on the day it was last approved, its payment on the day it was last \
            reimbursed: a report approved in March and paid in April is in March's journal with its costs and in \
            April's with its payment. Each item posts to its category's account (net, its German input VAT at 7 % \
            or 19 % to its own account); per diems and mileage carry no VAT; advances clear the advance account; \
            the traveller's payable balances the report with what 'report show' says is due; the payment clears it \
            against the bank. Accounts are the chart's ('accounts list'). Each export is recorded: what an earlier \
            one held is left out, and named, unless --again. DATEV files are EUR only; the DATEV consultant and \
            client numbers come from the settings datev.consultant and datev.client. On a team database this is \
            finance's.
            """,
        options: [Options.from, Options.to, Options.format, Options.output, Options.force, Options.again],
        examples: [
            "expenses journal --from 2026-03-01 --to 2026-03-31 --format datev -o EXTF_Reisekosten_2026-03.csv",
            "expenses journal --from 2026-03-01 --to 2026-03-31 --format hledger -o travel.journal",
            "expenses journal --from 2026-03-01 --to 2026-03-31 --format beancount -o travel.beancount",
            "expenses journal --from 2026-03-01 --to 2026-03-31 --format csv --again",
        ],
        validate: { invocation in
            if try invocation[Options.to] < invocation[Options.from] {
                throw ExpenseError(.invalidData, "--to \(try invocation[Options.to]) is before --from \(try invocation[Options.from])")
            }
            if invocation[Options.force], !invocation.gave(Options.output) {
                throw UsageError("'--force' goes with '--output <file>'", path: invocation.spec.path)
            }
            if try invocation[Options.format] == nil {
                throw UsageError(
                    "missing argument '--format <format>': give one of \(CommandParser.list(JournalFormat.allCases.map(\.rawValue)))",
                    path: invocation.spec.path)
            }
        }
    ) { invocation, session in
        let from = try invocation[Options.from]
        let to = try invocation[Options.to]
        let format = try invocation[Options.format] ?? .csv
        let shownOutput = try invocation[Options.output].flatMap { $0 == "-" ? nil : $0 }
        let output = shownOutput.map(session.environment.path)
        func asGiven<T>(_ body: () throws -> T) throws -> T { try session.environment.namingAsGiven(shownOutput ?? "", body) }
        let inputs = session.location.files
        if let output { try asGiven { try OutputFile.check(output, replacing: invocation[Options.force], inputs: inputs) } }
        let settings = try session.settings()
        let user = try session.user
        let store = try session.store()
        var datev: DATEVBuchungsstapel?
        if format == .datev {
            guard let consultant = settings.datevConsultant, let client = settings.datevClient else {
                throw ExpenseError(
                    .invalidData, "a DATEV Buchungsstapel names the consultant and the client, and they are not set",
                    hint: "expenses config set datev.consultant 1234567; expenses config set datev.client 12345")
            }
            guard from.year == to.year else {
                throw ExpenseError(
                    .invalidData, "a DATEV Buchungsstapel lies in one fiscal year: \(from) to \(to) spans two",
                    hint: "export each year on its own")
            }
            let now = session.environment.now()
            let digits = now.filter(\.isNumber)
            datev = DATEVBuchungsstapel(
                consultant: consultant, client: client, chart: try store.bookingChart(), from: from, to: to,
                fiscalYearStart: CalendarDate(year: from.year, month: 1, day: 1) ?? from,
                created: String((digits + "000000000").prefix(17)), exportedBy: user.value)
        }
        return try store.write {
            let export = try JournalExport(store: store, from: from, to: to, again: invocation[Options.again])
            let bytes: [UInt8]
            switch format {
            case .datev: bytes = try datev?.bytes(export.entries) ?? []
            case .hledger: bytes = Array(HledgerJournal.text(export.entries, from: from, to: to).utf8)
            case .beancount: bytes = Array(BeancountJournal.text(export.entries, from: from, to: to).utf8)
            case .csv: bytes = Array(JournalCSV.text(export.entries).utf8)
            }
            if !export.entries.isEmpty {
                try store.recordJournalExport(
                    from: from, to: to, format: format.rawValue,
                    entries: export.entries.map { BookedEntry(reportID: $0.reportID, kind: $0.kind) }, by: user)
            }
            let skipped = invocation[Options.again] ? [] : export.alreadyBooked
            if !skipped.isEmpty {
                Console.error(
                    "expenses: note: left out \(skipped.count) \(skipped.count == 1 ? "entry" : "entries") an earlier export booked: "
                        + skipped.map(\.id).joined(separator: ", ") + " (give --again to book them again)\n")
            }
            guard let output else {
                try OutputFile.writeToStandardOutput(bytes)
                return .none
            }
            try asGiven {
                try OutputFile.write(bytes: bytes, to: output, mode: 0o600, replacing: invocation[Options.force], inputs: inputs)
            }
            let reports = Set(export.entries.map(\.reportID)).count
            return .message(
                "Booked \(export.entries.count) \(export.entries.count == 1 ? "entry" : "entries") of \(reports) "
                    + "\(reports == 1 ? "report" : "reports") from \(from) to \(to) to \(shownOutput ?? output)")
        }
    }
}
