import ExpenseCore
import ExpenseStore
import ExpenseSupport
import Rendering

/// `pay`, `pay confirm|cancel|list|show`: SEPA credit transfers of what is approved (issue 41).
/// One run is one pain.001 file finance gives the bank; it is recorded with the reports it pays,
/// the account each was written to and the version of each report read, and stays open until
/// the bank executed it (`pay confirm`: each report reimbursed through the workflow's step) or
/// finance takes it back (`pay cancel`).
enum PayCommands {
    enum Options {
        static let reports: Option<[Int64]> = .values("report", "An approved report to pay; give it once per report.")
        static let approved = Option.flag("approved", "Pay every approved report that is in no run yet.")
        static let output = Option<String?>.value(
            "output", "The pain.001 file to write (readable by you only), written whole or not at all.", short: "o",
            completion: .file
        ).required()
        static let executionDate: Option<CalendarDate?> = .date(
            "execution-date", "The day the bank is to execute the transfers, YYYY-MM-DD (default: the next bank day).")
        static let format: Option<PaymentFormat?> = .value(
            "format", "The ISO 20022 version: pain.001.001.09 (default, the EPC's current one) or pain.001.001.03.")
        static let force = CommonOptions.force.described("Replace the output file if it exists.")
    }

    static let run = Argument<Int64>.value("run", "The payment run, as 'pay list' shows it.")

    static let all: [CommandSpec] = [pay, confirm, cancel, list, show]

    static let pay = CommandSpec(
        ["pay"], abstract: "Write a SEPA credit transfer file (pain.001) for approved reports, and record the payment run.",
        discussion: """
            One transfer per report whose amount due to the traveller is above zero: exactly what 'report show' \
            says is due (items paid personally, plus per diems and mileage, less advances), from the company's \
            account ('company set') to the traveller's ('payee set'). The end-to-end id names the report; the \
            remittance text says the trip. Names and texts are written in the character set every SEPA bank \
            carries (Ä as Ae, ß as ss, other scripts transliterated). What is not paid is said, not dropped: a \
            report whose advances were more than is due (owed by the traveller), one not in euros, one whose \
            traveller has no account, one in an open run already, your own. The run is recorded with the file's \
            SHA-256; its reports go into no other run until it is cancelled. Finance's on a team database.
            """,
        options: [Options.reports, Options.approved, Options.output, Options.executionDate, Options.format, Options.force],
        examples: [
            "expenses pay --approved -o pay-2026-03.xml",
            "expenses pay --report 12 --report 14 -o pay.xml --execution-date 2026-03-16",
            "expenses pay --approved -o pay.xml --format pain.001.001.03",
        ],
        validate: { invocation in
            let given = try invocation[Options.reports]
            if given.isEmpty == !invocation[Options.approved] {
                throw UsageError("give '--report <id>' (once per report) or '--approved', one of the two", path: invocation.spec.path)
            }
        }
    ) { invocation, session in
        let store = try session.store()
        let shownOutput = try invocation[Options.output]
        let output = session.environment.path(shownOutput)
        let format = try invocation[Options.format] ?? .standard
        let today = try CalendarDate.parse(String(session.environment.now().prefix(10)))
        let executionDate = try invocation[Options.executionDate] ?? nextBankDay(after: today)
        guard executionDate >= today else {
            throw ExpenseError(
                .invalidData, "the execution date \(executionDate) is past: a bank executes a transfer today at the earliest",
                hint: "leave --execution-date out for the next bank day")
        }
        guard let company = try store.companyAccount() else {
            throw ExpenseError(
                .refused, "the company's bank account is not set: a transfer needs the account it is paid from",
                hint: "expenses company set --name NAME --iban IBAN")
        }
        let replacing = invocation[Options.force]
        try session.environment.namingAsGiven(shownOutput) {
            try OutputFile.check(output, replacing: replacing, inputs: session.location.files)
        }
        let ids = invocation[Options.approved] ? try store.approvedReportIDs() : try invocation[Options.reports]
        let (transfers, unpaid) = try payable(ids, in: store, by: try session.user)
        guard !transfers.isEmpty else {
            throw ExpenseError(
                .refused,
                "nothing to pay: no report given has an amount due to a traveller with an account"
                    + unpaid.map { "\n  report \($0.report): \($0.words)" }.joined(),
                hint: "'expenses report list' shows the reports; 'expenses pay list' the runs")
        }
        let createdAt = session.environment.now()
        let (run, _) = try store.write {
            let recorded = try store.recordPaymentRun(
                format: format, executionDate: executionDate, transfers: transfers, by: try session.user
            ) { run in
                Array(
                    CreditTransferFile(
                        format: format, messageID: run.messageID, createdAt: createdAt, executionDate: executionDate,
                        debtor: company, transfers: transfers
                    ).xml().utf8)
            }
            // Inside the transaction: a file that cannot be written leaves no run behind.
            try session.environment.namingAsGiven(shownOutput) {
                try OutputFile.write(bytes: recorded.bytes, to: output, mode: 0o600, replacing: replacing, inputs: session.location.files)
            }
            return recorded
        }
        return PaymentRunResult(run: run, transfers: transfers, unpaid: unpaid, file: shownOutput).output
    }

    /// What `report` comes to as it is paid: its items at their approved amounts (`ItemCut`), its
    /// per diems, less its advances.
    static func totals(of report: Report, in store: Store) throws -> ReportTotals {
        try ReportTotals(
            items: try store.expenses(.report(report.id)), reportCurrency: report.currency, reportID: report.id,
            perDiems: try store.perDiems(of: report).total(in: report.currency),
            advances: try AdvanceView.total(try store.advances(report.id), report), cuts: try store.cuts(of: report.id))
    }

    /// The transfers of reports `ids`, each the amount due to its traveller as `report show`
    /// computes it (`ReportTotals`), and the reports not paid with the reason.
    static func payable(_ ids: [Int64], in store: Store, by payer: UserName) throws -> ([PaymentTransfer], [UnpaidReport]) {
        let held = try store.reportsInRuns()
        var transfers: [PaymentTransfer] = []
        var unpaid: [UnpaidReport] = []
        for id in ids {
            // Read before the report, as 'report show' does: a change in between is refused at confirmation.
            let version = try store.version(of: id)
            let report = try store.report(id)
            func skip(_ reason: UnpaidReport.Reason) { unpaid.append(UnpaidReport(report: id, owner: report.owner, reason: reason)) }
            if let run = held[id] {
                skip(.inRun(run.run, run.status))
                continue
            }
            guard report.status == .approved else {
                skip(.notApproved(report.status))
                continue
            }
            guard !payer.isSame(as: report.owner) else {
                skip(.ownReport)
                continue
            }
            guard report.currency.code == "EUR" else {
                skip(.notInEuros(report.currency))
                continue
            }
            let totals = try Self.totals(of: report, in: store)
            guard totals.dueToEmployee.minorUnits > 0 else {
                skip(totals.dueToEmployee.minorUnits < 0 ? .owedByTraveller(totals.dueToCompany) : .nothingDue)
                continue
            }
            guard let payee = try store.payee(report.owner) else {
                skip(.noAccount(report.owner))
                continue
            }
            transfers.append(
                PaymentTransfer(
                    report: id, owner: report.owner, amount: totals.dueToEmployee, account: payee.account, seen: version,
                    endToEndID: PaymentTransfer.endToEndID(report: id),
                    remittance: CreditTransferFile.remittance(report: id, title: report.title, dates: report.dateRange)))
        }
        return (transfers, unpaid)
    }

    static let confirm = CommandSpec(
        ["pay", "confirm"], abstract: "Confirm a payment run the bank executed: its reports become reimbursed.",
        discussion: """
            Each report of the run moves to reimbursed through the workflow's own step, logged in its audit chain \
            as 'payment run N' by you, naming the version of the report read when the run was written: a report \
            changed since is refused, and with it the whole confirmation. Only an open run is confirmed.
            """,
        arguments: [run], examples: ["expenses pay confirm 3"]
    ) { invocation, session in
        let store = try session.store()
        let id = try invocation[run]
        let confirmed = try store.write { try store.confirmPaymentRun(id, by: try session.user) }
        return .message("Confirmed payment run \(confirmed.id): \(confirmed.count) report\(confirmed.count == 1 ? "" : "s") reimbursed")
    }

    static let cancel = CommandSpec(
        ["pay", "cancel"], abstract: "Cancel an open payment run the bank did not execute: its reports are free to pay again.",
        arguments: [run], examples: ["expenses pay cancel 3"]
    ) { invocation, session in
        let store = try session.store()
        let id = try invocation[run]
        let cancelled = try store.write { try store.cancelPaymentRun(id, by: try session.user) }
        return .message(
            "Cancelled payment run \(cancelled.id): its \(cancelled.count) report\(cancelled.count == 1 ? "" : "s") can be paid again")
    }

    static let list = CommandSpec(
        ["pay", "list"], abstract: "List the payment runs, latest first.", examples: ["expenses pay list"]
    ) { _, session in
        .listing(PaymentRunDetail.listing(try session.store().paymentRuns()))
    }

    static let show = CommandSpec(
        ["pay", "show"], abstract: "Show a payment run and its transfers, as written.", arguments: [run],
        examples: ["expenses pay show 3"]
    ) { invocation, session in
        let store = try session.store()
        let id = try invocation[run]
        return PaymentRunDetail(run: try store.paymentRun(id), transfers: try store.transfers(ofRun: id)).output
    }
}
