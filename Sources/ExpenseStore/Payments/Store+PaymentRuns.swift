import ExpenseCore
import ExpenseSupport

extension Store {
    static let runColumns: SQL = """
        r.id, r.message_id, r.created_by, r.created_at, r.format, r.execution_date, r.sha256, r.status, r.closed_by, r.closed_at,
        (SELECT count(*) FROM payment_run_reports p WHERE p.run_id = r.id),
        (SELECT coalesce(sum(p.amount_minor), 0) FROM payment_run_reports p WHERE p.run_id = r.id)
        """

    static func paymentRun(_ row: Row) throws -> PaymentRun {
        let stored = StoredRow(row, table: "payment_runs", key: .column(0))
        return PaymentRun(
            id: try stored.integer(0), messageID: row.string(1), createdBy: row.string(2), createdAt: row.string(3),
            format: try stored.value(4, as: PaymentFormat.self), executionDate: try stored.date(5), sha256: row.string(6),
            status: try stored.value(7, as: PaymentRun.Status.self), closedBy: row.optionalString(8),
            closedAt: row.optionalString(9), count: Int(try stored.integer(10)), total: try stored.integer(11))
    }

    /// The payment runs the caller sees (finance's on a team database), latest first; runs
    /// begun but never written (a failed `pay`) are none: their transaction rolled back.
    public func paymentRuns() throws -> [PaymentRun] {
        try db.query("SELECT \(Self.runColumns) FROM payment_runs r WHERE r.sha256 <> '' ORDER BY r.id DESC" as SQL, Self.paymentRun)
    }

    /// Run `id`, or an error naming it.
    public func paymentRun(_ id: Int64) throws -> PaymentRun {
        guard
            let run = try db.queryFirst(
                "SELECT \(Self.runColumns) FROM payment_runs r WHERE r.id = \(id) AND r.sha256 <> ''" as SQL, Self.paymentRun)
        else {
            throw ExpenseError(.notFound, "unknown payment run \(id)", hint: "'expenses pay list' shows the runs")
        }
        return run
    }

    /// The transfers of run `id`, as they were written: each report's amount, and the account and
    /// version of the report it was written with.
    public func transfers(ofRun id: Int64) throws -> [PaymentTransfer] {
        try db.query(
            """
            SELECT p.report_id, coalesce(r.owner, ''), p.amount_minor, p.currency, p.holder, p.iban, p.bic, p.seen_version,
                   p.end_to_end_id, coalesce(r.title, '')
            FROM payment_run_reports p LEFT JOIN reports r ON r.id = p.report_id
            WHERE p.run_id = \(id) ORDER BY p.report_id
            """ as SQL
        ) { row in
            let stored = StoredRow(row, table: "payment_run_reports", key: .column(0))
            let currency = try stored.currency(3)
            return PaymentTransfer(
                report: try stored.integer(0), owner: row.string(1), amount: try stored.money(2, in: currency),
                account: BankAccount(
                    holder: row.string(4), iban: try stored.decoded(5, as: "an IBAN") { try IBAN($0) },
                    bic: try stored.optionalDecoded(6, as: "a BIC") { try BIC($0) }),
                seen: ReportVersion(lastEvent: try stored.integer(7)), endToEndID: row.string(8), remittance: row.string(9))
        }
    }

    /// The approved reports the caller sees, by id: what `pay --approved` considers.
    public func approvedReportIDs() throws -> [Int64] {
        try db.query("SELECT id FROM reports WHERE status = 'approved' ORDER BY id" as SQL) { $0.int64(0) }
    }

    /// The run each report is held by (one not cancelled: open, or confirmed), by report.
    public func reportsInRuns() throws -> [Int64: (run: Int64, status: PaymentRun.Status)] {
        var held: [Int64: (run: Int64, status: PaymentRun.Status)] = [:]
        try db.forEachRow(
            """
            SELECT p.report_id, p.run_id, r.status FROM payment_run_reports p JOIN payment_runs r ON r.id = p.run_id
            WHERE p.released = 0
            """ as SQL
        ) { row in
            held[row.int64(0)] = (row.int64(1), PaymentRun.Status(rawValue: row.string(2)) ?? .open)
        }
        return held
    }

    /// A new run of `actor`'s, holding `transfers`, written as `file(run)` makes it: the run, its
    /// reports (each checked: approved, someone else's, in euros, as read, in no other run) and
    /// the file's hash in one transaction; the file's bytes are returned for the caller to
    /// write inside it. Call inside `write`.
    public func recordPaymentRun(
        format: PaymentFormat, executionDate: CalendarDate, transfers: [PaymentTransfer], by actor: UserName,
        file: (PaymentRun) throws -> [UInt8]
    ) throws -> (run: PaymentRun, bytes: [UInt8]) {
        let held = try reportsInRuns()
        for transfer in transfers {
            let report = try self.report(transfer.report)
            try ReportAction.reimburse.check(report, by: actor)
            guard report.currency.code == "EUR" else {
                throw ExpenseError(.refused, "report \(report.id) is in \(report.currency.code): a SEPA credit transfer pays euros only")
            }
            try version(of: report.id).requireSeen(transfer.seen, of: report)
            if let run = held[report.id] {
                throw ExpenseError(
                    .refused, "report \(report.id) is in payment run \(run.run) already: a report is paid once",
                    hint: "cancel that run first if it was never paid: expenses pay cancel \(run.run)")
            }
        }
        let id = try writes.payments.newRun(format: format, executionDate: executionDate, by: actor)
        for transfer in transfers { try writes.payments.add(transfer, to: id) }
        guard
            var run = try db.queryFirst("SELECT \(Self.runColumns) FROM payment_runs r WHERE r.id = \(id)" as SQL, Self.paymentRun)
        else { throw ExpenseError(.internal, "payment run \(id) was not recorded") }
        let bytes = try file(run)
        run.sha256 = SHA256.hex(bytes)
        try writes.payments.seal(id, sha256: run.sha256)
        return (run, bytes)
    }

    /// Confirms open run `id` once the bank executed it: each of its reports moves to reimbursed
    /// through the workflow's step, logged with the run and naming the version read when the
    /// run was written (a report changed since is refused, and so the whole confirmation).
    /// Call inside `write`.
    public func confirmPaymentRun(_ id: Int64, by actor: UserName) throws -> PaymentRun {
        let run = try requireOpen(id, to: "confirmed")
        try writes.payments.confirm(run, transfers: try transfers(ofRun: id), by: actor)
        return try paymentRun(id)
    }

    /// Cancels open run `id`: its reports are free for another run. Call inside `write`.
    public func cancelPaymentRun(_ id: Int64, by actor: UserName) throws -> PaymentRun {
        let run = try requireOpen(id, to: "cancelled")
        try writes.payments.cancel(run, by: actor)
        return try paymentRun(id)
    }

    private func requireOpen(_ id: Int64, to what: String) throws -> PaymentRun {
        let run = try paymentRun(id)
        guard run.status == .open else {
            throw ExpenseError(.refused, "payment run \(id) is \(run.status.rawValue); only an open run can be \(what)")
        }
        return run
    }
}
