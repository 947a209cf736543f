import ExpenseCore
import ExpenseSupport

/// A laptop's file moved into a team database (`db copy` from a file to a server): what was not yet
/// decided there comes in as the work of the people it is mapped to, and what was decided elsewhere
/// comes in only on request, recorded as imported.
///
/// - **Drafts** (and their items, receipts with their bytes, receipt links and acknowledgements),
///   and the items and receipts of no report, become the mapped person's (`owners`): a name for
///   every owner, or one name for all. Ids are the target's, so a second laptop goes into a
///   database that has rows already.
/// - **History** (reports past draft) stays out, and is said to, unless `importHistory`: then the
///   reports come in with their status, and each entry of their audit log is logged again by the
///   server (`log_event`) as imported by the administrator who copied ("import approve by bob at
///   ..."), never as a decision made on the team database.
/// - A file's import batches, quick actions, inbox records, rates and policy settings are its own
///   machine's or person's, and stay in the file.
///
/// It runs as the database's administrator (a member of the functions' role, or a superuser),
/// which writes the tables as that role in one transaction, past no trigger: the rows it writes
/// keep every rule of the schema.
final class TeamImport {
    let source: Store
    let target: Store
    let place: CopyTarget
    let owners: OwnerMapping
    let importHistory: Bool
    var from: Database { source.db }
    var to: Database { target.db }
    /// The file's drafts (by the file's ids), whose rows the server recomputes
    /// (`TeamImport+Recomputation`), and each copied report's owner in the file.
    private(set) var drafts: Set<Int64> = []
    private(set) var fileOwners: [Int64: String] = [:]
    /// The copied reports past draft: each one's id on the target, with its id in the file.
    private(set) var decided: [Int64: Int64] = [:]
    /// What an earlier copy of the file brought (`TeamImport+Markers`), skipped: the file's
    /// reports, and its items (of those reports, and of no report).
    private(set) var copiedBefore: Set<Int64> = []
    private(set) var itemsCopiedBefore: Set<Int64> = []
    /// The rows the server computes otherwise, refused together once everything was tried.
    var mismatches: [Mismatch] = []
    /// The copied rows still to be asked of the server.
    var pending: [PendingCheck] = []

    init(source: Store, target: Store, place: CopyTarget, owners: OwnerMapping, importHistory: Bool) {
        self.source = source
        self.target = target
        self.place = place
        self.owners = owners
        self.importHistory = importHistory
    }

    func run() throws -> DatabaseCopy.Outcome {
        try requireAdministrator()
        let (chainBreak, _) = try source.auditLogBreak()
        if let chainBreak {
            throw ExpenseError(
                .invalidData, .auditLogAltered(event: chainBreak.eventID),
                "the audit log of \(from.path) is broken: \(chainBreak.message); nothing was copied")
        }
        let reports = try from.query(SQL(verbatim: "SELECT \(Store.reportColumns) FROM reports ORDER BY id"), Store.report)
        let moving = reports.filter { $0.status == .draft || importHistory }
        let withoutReport =
            try from.scalar(
                """
                SELECT (SELECT count(*) FROM expenses WHERE report_id IS NULL)
                     + (SELECT count(*) FROM receipts WHERE NOT EXISTS (SELECT 1 FROM expense_receipts WHERE receipt_id = receipts.id))
                """ as SQL) > 0
        try owners.requireKnown(reports.filter { $0.status == .draft || importHistory }.map(\.owner), withoutReport: withoutReport, in: to)

        var outcome = DatabaseCopy.Outcome(
            source: from.path, target: place.name, createdTarget: false,
            owner: owners.single.map { .ofEverythingCopied($0) })
        outcome.historyLeftOut = reports.filter { !moving.contains($0) }.map(\.id)
        drafts = Set(moving.filter { $0.status == .draft }.map(\.id))
        fileOwners = Dictionary(uniqueKeysWithValues: moving.map { ($0.id, UserName(normalizing: $0.owner).value) })
        let identity = try sourceIdentity()
        try to.begin(.immediate)
        do {
            try to.execute(SQL(verbatim: "SET LOCAL ROLE \(PostgresSchema.definerRole)"))
            let earlier = try markers(of: identity)
            var reportIDs: [Int64: Int64] = [:]
            var tally = DatabaseCopy.Tally("reports")
            for report in moving {
                if let copied = earlier.reports[report.id] {
                    copiedBefore.insert(report.id)
                    outcome.alreadyCopied.append(
                        .init(report: report.id, title: report.title, copiedAs: copied.id, on: String(copied.at.prefix(10))))
                    tally.present += 1
                    continue
                }
                let id = try insert(report)
                try mark("reports", report.id, as: id, identity: identity)
                reportIDs[report.id] = id
                if report.status != .draft { decided[id] = report.id }
                tally.copied += 1
            }
            outcome.tables.append(tally)
            let (expenseIDs, expenseOwners, items) = try copyItems(reportIDs, earlier: earlier, identity: identity)
            outcome.itemsAlreadyCopied = itemsCopiedBefore.count { earlier.items[$0] != nil }
            outcome.tables.append(items)
            outcome.tables.append(try copyItemVAT(expenseIDs))
            let (receipts, links, files, bytes) = try copyReceipts(expenseIDs, expenseOwners)
            outcome.tables += [receipts, links]
            outcome.receiptFiles = files
            outcome.receiptBytesCopied = bytes
            outcome.tables.append(try copyAcknowledgements(reportIDs))
            // While every report is still a draft: its trip's rows, and the per diems frozen with it.
            outcome.tables += try copyTrips(reportIDs)
            outcome.tables.append(try copyAdvances(reportIDs))
            outcome.tables.append(try copyHistory(of: moving, reportIDs))
            // What the target holds is the file's first (a trigger of someone else's is told as such), then the server's.
            try verify(moving, reportIDs)
            try refuseMismatches()
            outcome.missingAllowanceRates = try missingAllowanceRates(moving, reportIDs)
            try countRowsNow(&outcome)
            try to.execute("RESET ROLE" as SQL)
            try to.commit()
        } catch {
            to.rollback()
            throw error
        }
        return outcome
    }

    /// Each copied report holds on the target what it holds in the file: as many items, the same
    /// total, the same status. Anything else (a trigger of someone else's that changed a row) is
    /// refused, and the whole copy rolled back.
    private func verify(_ reports: [Report], _ reportIDs: [Int64: Int64]) throws {
        for report in reports {
            guard let id = reportIDs[report.id],
                let copied = try to.queryFirst(
                    SQL(verbatim: "SELECT \(Store.reportColumns) FROM reports WHERE id = ?", arguments: [.integer(id)]), Store.report)
            else { continue }
            let amounts = "SELECT count(*), coalesce(sum(amount_minor), 0) FROM expenses WHERE report_id = ?"
            let here = try from.queryFirst(SQL(verbatim: amounts, arguments: [.integer(report.id)])) {
                "\($0.int64(0)) item(s), amounts \($0.int64(1))"
            }
            let there = try to.queryFirst(SQL(verbatim: amounts, arguments: [.integer(id)])) {
                "\($0.int64(0)) item(s), amounts \($0.int64(1))"
            }
            guard copied.itemCount == report.itemCount, copied.total == report.total, copied.status == report.status, here == there else {
                throw ExpenseError(
                    .invalidData,
                    "the copy of expenses does not match: report \(report.id) of \(from.path) has "
                        + "\(here ?? "") and a total of \(report.total), its copy \(there ?? "") and \(copied.total); "
                        + "nothing was copied", hint: "something on the team database changes the rows it is given (a trigger?)")
            }
        }
    }

    /// The administrator: a member of the functions' role, which writes the tables for them.
    private func requireAdministrator() throws {
        let allowed = try to.scalar(
            SQL(
                verbatim: """
                    SELECT count(*) FROM pg_roles WHERE rolname = session_user
                       AND (rolsuper OR pg_has_role(session_user, '\(PostgresSchema.definerRole)', 'MEMBER'))
                    """))
        guard allowed > 0 else {
            let role = try to.queryFirst("SELECT session_user" as SQL) { $0.string(0) } ?? ""
            throw ExpenseError(
                .permissionDenied,
                "copying into the team database \(to.path) writes other people's rows, "
                    + "which the role \(TerminalText.visible(role)) may not do",
                hint: "connect as the database's administrator (the role that ran 'expenses setup')")
        }
    }

    private func insert(_ report: Report) throws -> Int64 {
        let owner = try owners.owner(of: report.owner)
        return try to.insert(
            """
            INSERT INTO reports (title, purpose, destination, start_date, end_date, currency, status, owner, created_at, updated_at,
                                 start_time, end_time, country, place, overnight)
            VALUES (\(report.title), \(report.purpose), \(report.destination), \(report.startDate), \(report.endDate), \
            \(report.currency), \(ReportStatus.draft), \(owner), \(report.createdAt), \(report.updatedAt), \
            \(Store.tripValues(report)))
            """ as SQL)
    }

    /// The items of the moving reports and of no report; their new ids and owners by the old ids.
    private func copyItems(_ reportIDs: [Int64: Int64], earlier: Markers, identity: String) throws -> (
        [Int64: Int64], [Int64: String], DatabaseCopy.Tally
    ) {
        var ids: [Int64: Int64] = [:]
        var itemOwners: [Int64: String] = [:]
        var tally = DatabaseCopy.Tally("expenses")
        let rows = try from.query(
            """
            SELECT e.id, e.report_id, r.owner, e.date, e.category, e.merchant, e.description, e.amount_minor, e.currency, e.rate,
                   e.rate_date, e.rate_source, e.converted_minor, e.paid_by, e.created_at, e.updated_at, e.import_key, e.external_id,
                   e.distance_tenths, e.vehicle, e.from_place, e.to_place, e.nights
            FROM expenses e LEFT JOIN reports r ON r.id = e.report_id ORDER BY e.id
            """ as SQL
        ) { row -> (id: Int64, report: Int64?, owner: String?, values: [DatabaseValue]) in
            (
                row.int64(0), row.optionalInt64(1), row.optionalString(2),
                [
                    .text(row.string(3)), .text(row.string(4)), .text(row.string(5)), .text(row.string(6)), .integer(row.int64(7)),
                    .text(row.string(8)), DatabaseValue(row.optionalString(9)), DatabaseValue(row.optionalString(10)),
                    DatabaseValue(row.optionalString(11)), DatabaseValue(row.optionalInt64(12)), .text(row.string(13)),
                    .text(row.string(14)), .text(row.string(15)), DatabaseValue(row.optionalInt64(16)),
                    DatabaseValue(row.optionalString(17)), DatabaseValue(row.optionalInt64(18)), DatabaseValue(row.optionalString(19)),
                    DatabaseValue(row.optionalString(20)), DatabaseValue(row.optionalString(21)), DatabaseValue(row.optionalInt64(22)),
                ]
            )
        }
        for row in rows {
            if row.report.map(copiedBefore.contains) ?? (earlier.items[row.id] != nil) {
                itemsCopiedBefore.insert(row.id)
                tally.present += 1
                continue
            }
            let newReport = row.report.flatMap { reportIDs[$0] }
            guard row.report == nil || newReport != nil else { continue }
            let owner = try row.owner.map { try owners.owner(of: $0) } ?? owners.ownerOfRowsWithoutReport()
            guard
                let id = try to.queryFirst(
                    SQL(
                        verbatim: """
                            INSERT INTO expenses (report_id, date, category, merchant, description, amount_minor, currency, rate, rate_date,
                                                  rate_source, converted_minor, paid_by, created_at, updated_at, import_key, external_id,
                                                  distance_tenths, vehicle, from_place, to_place, nights, owner)
                            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                            ON CONFLICT DO NOTHING RETURNING id
                            """, arguments: [DatabaseValue(newReport)] + row.values + [.text(owner)]), { $0.int64(0) })
            else {
                tally.present += 1  // the same imported row (its fingerprint) is this person's already
                continue
            }
            checkItem(row.id, id, report: row.report)
            if row.report == nil { try mark("expenses", row.id, as: id, identity: identity) }
            ids[row.id] = id
            itemOwners[row.id] = owner
            tally.copied += 1
        }
        return (ids, itemOwners, tally)
    }

    /// The VAT parts of the copied items, while their reports are drafts; the server holds them to
    /// each item's amount when the copy commits (`expense_vat_within_amount`).
    private func copyItemVAT(_ expenseIDs: [Int64: Int64]) throws -> DatabaseCopy.Tally {
        var tally = DatabaseCopy.Tally("expense_vat")
        let rows = try from.query("SELECT \(Store.vatColumns) FROM expense_vat ORDER BY expense_id, rate_hundredths" as SQL) {
            try Store.vatPart($0)
        }
        for row in rows {
            guard let expense = expenseIDs[row.expense] else {
                if itemsCopiedBefore.contains(row.expense) { tally.present += 1 }
                continue
            }
            try to.execute(
                """
                INSERT INTO expense_vat (expense_id, rate_hundredths, gross_minor)
                VALUES (\(expense), \(Int64(row.rate.hundredths)), \(row.gross))
                """ as SQL)
            tally.copied += 1
        }
        return tally
    }

    /// Receipts of the copied items (as their items' owner's) and those of no item (as the owner of
    /// rows without report), their bytes checked against their hash, and the links.
    private func copyReceipts(_ expenseIDs: [Int64: Int64], _ itemOwners: [Int64: String])
        throws -> (DatabaseCopy.Tally, DatabaseCopy.Tally, DatabaseCopy.Tally, Int64)
    {
        var receipts = DatabaseCopy.Tally("receipts")
        var links = DatabaseCopy.Tally("expense_receipts")
        var files = DatabaseCopy.Tally("receipt files")
        var bytesCopied: Int64 = 0
        let linked = try from.query(
            "SELECT expense_id, receipt_id, attached_at FROM expense_receipts ORDER BY expense_id, receipt_id" as SQL
        ) {
            (expense: $0.int64(0), receipt: $0.int64(1), at: $0.string(2))
        }
        var receiptOwner: [Int64: String] = [:]
        for link in linked {
            guard let owner = itemOwners[link.expense] else { continue }
            if let other = receiptOwner[link.receipt], other != owner {
                throw ExpenseError(
                    .invalidData,
                    "receipt \(link.receipt) is attached to items of \(other) and \(owner); on a team "
                        + "database a receipt is its owner's and goes only with their items: nothing was copied",
                    hint: "detach it from the other person's items, or capture it again for them")
            }
            receiptOwner[link.receipt] = owner
        }
        let storage = try source.requireReceiptStorage()
        var receiptIDs: [Int64: Int64] = [:]
        for receipt in try source.receipts() {
            let unattached = receipt.expenseIDs.isEmpty
            guard let owner = try receiptOwner[receipt.id] ?? (unattached ? owners.ownerOfRowsWithoutReport() : nil) else {
                if receipt.expenseIDs.contains(where: itemsCopiedBefore.contains) { receipts.present += 1 }
                continue
            }
            try Cancellation.check()
            if try to.scalar("SELECT count(*) FROM receipt_contents WHERE sha256 = \(receipt.sha256)" as SQL)
                == 0
            {
                let bytes = try storage.read(receipt.sha256)
                guard SHA256.hex(bytes) == receipt.sha256 else {
                    throw ExpenseError(.invalidData, "the bytes of receipt \(receipt.id) in \(from.path) are damaged; nothing was copied")
                }
                var chunk: Int64 = 0
                for start in stride(from: 0, to: bytes.count, by: DatabaseReceiptStorage.chunkSize) {
                    let end = min(start + DatabaseReceiptStorage.chunkSize, bytes.count)
                    try to.execute(
                        "INSERT INTO receipt_contents (sha256, chunk, bytes) VALUES (\(receipt.sha256), \(chunk), \(Array(bytes[start..<end])))"
                            as SQL)
                    chunk += 1
                }
                files.copied += 1
                bytesCopied += Int64(bytes.count)
            } else {
                files.present += 1
            }
            if let existing = try to.queryFirst(
                "SELECT id FROM receipts WHERE owner = \(owner) AND sha256 = \(receipt.sha256)" as SQL,
                { $0.int64(0) })
            {
                receiptIDs[receipt.id] = existing
                receipts.present += 1
                continue
            }
            receiptIDs[receipt.id] = try to.insert(
                """
                INSERT INTO receipts (sha256, media_type, size, original_name, source, captured_at, taken_at, width, height, ocr_status,
                                      ocr_note, ocr_text, suggested_merchant, suggested_date, suggested_amount, suggested_currency,
                                      suggested_category, owner)
                VALUES (\(receipt.sha256), \(receipt.mediaType.rawValue), \(receipt.size), \(receipt.originalName), \
                \(receipt.source.rawValue), \(receipt.capturedAt), \(receipt.takenAt), \(receipt.width.map(Int64.init)), \
                \(receipt.height.map(Int64.init)), \(Store.ocrValues(receipt.ocr)), \(owner))
                """ as SQL)
            receipts.copied += 1
        }
        for link in linked {
            guard let expense = expenseIDs[link.expense], let receipt = receiptIDs[link.receipt] else {
                if itemsCopiedBefore.contains(link.expense) { links.present += 1 }
                continue
            }
            try to.execute(
                "INSERT INTO expense_receipts (expense_id, receipt_id, attached_at) VALUES (\(expense), \(receipt), \(link.at))" as SQL)
            links.copied += 1
        }
        return (receipts, links, files, bytesCopied)
    }

    private func copyAcknowledgements(_ reportIDs: [Int64: Int64]) throws -> DatabaseCopy.Tally {
        var tally = DatabaseCopy.Tally("policy_acknowledgements")
        let rows = try from.query(
            "SELECT report_id, violation, actor, at, reason FROM policy_acknowledgements ORDER BY report_id, violation" as SQL
        ) {
            (report: $0.int64(0), violation: $0.string(1), actor: $0.string(2), at: $0.string(3), reason: $0.string(4))
        }
        for row in rows {
            guard let report = reportIDs[row.report],
                checkAcknowledgement(report: row.report, violation: row.violation, actor: row.actor)
            else {
                if copiedBefore.contains(row.report) { tally.present += 1 }
                continue
            }
            let actor = try owners.owner(of: row.actor, orKeep: true)
            try to.execute(
                """
                INSERT INTO policy_acknowledgements (report_id, violation, actor, at, reason)
                VALUES (\(report), \(row.violation), \(actor), \(row.at), \(row.reason))
                """ as SQL)
            tally.copied += 1
        }
        return tally
    }

    /// The advances of the copied reports, while they are drafts here (history moves them on after).
    private func copyAdvances(_ reportIDs: [Int64: Int64]) throws -> DatabaseCopy.Tally {
        var tally = DatabaseCopy.Tally("report_advances")
        let columns = "date, amount_minor, currency, rate, rate_date, rate_source, converted_minor, created_at"
        let rows = try from.query(SQL(verbatim: "SELECT id, report_id, \(columns) FROM report_advances ORDER BY id")) { row in
            (
                id: row.int64(0), report: row.int64(1),
                values: [
                    DatabaseValue.text(row.string(2)), .integer(row.int64(3)), .text(row.string(4)), .text(row.string(5)),
                    DatabaseValue(row.optionalString(6)), .text(row.string(7)), .integer(row.int64(8)), .text(row.string(9)),
                ]
            )
        }
        for row in rows {
            guard let report = reportIDs[row.report] else {
                if copiedBefore.contains(row.report) { tally.present += 1 }
                continue
            }
            guard
                let id = try to.queryFirst(
                    SQL(
                        verbatim: "INSERT INTO report_advances (report_id, \(columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                        arguments: [.integer(report)] + row.values), { $0.int64(0) })
            else { continue }
            checkAdvance(row.id, id, report: row.report)
            tally.copied += 1
        }
        return tally
    }

    /// Each audit entry of the copied reports, drafts and those past draft, logged again by the
    /// server as imported by whoever copies (who decided, and when, is in the entry's words, not
    /// in its actor), after the entry that says where the report came from (`copy_marker_add`,
    /// counted here); a report past draft is moved along it a step at a time, as the log says: its
    /// items came in while it was a draft. A draft's log ends at draft, where its copy is.
    private func copyHistory(of reports: [Report], _ reportIDs: [Int64: Int64]) throws -> DatabaseCopy.Tally {
        var tally = DatabaseCopy.Tally("report_events")
        // The status triggers' check of who takes a step is the functions'; this copy is the administrator's.
        try to.execute("SET LOCAL expenses.importing = 'history'" as SQL)
        let copier = try to.queryFirst("SELECT session_user::text" as SQL) { $0.string(0) } ?? ""
        for report in reports {
            guard let id = reportIDs[report.id] else {
                if copiedBefore.contains(report.id) { tally.present += 1 + (try source.events(report.id).count) }
                continue
            }
            tally.copied += 1
            for event in try source.events(report.id) {
                try ServerWrites.logEvent.call(
                    on: to, id, copier, "import \(event.action) by \(event.actor) at \(event.at)", event.from.rawValue,
                    event.to.rawValue, event.reason, target.now())
                if report.status != .draft {
                    try to.execute(
                        "UPDATE reports SET status = \(event.to.rawValue) WHERE id = \(id)" as SQL)
                }
                tally.copied += 1
            }
            try to.execute(
                "UPDATE reports SET updated_at = \(report.updatedAt) WHERE id = \(id)" as SQL)
        }
        try to.execute("SET LOCAL expenses.importing = ''" as SQL)
        return tally
    }

    /// Each table's rows on the team database once the copy is written, everyone's (the
    /// definer's view), and the receipts' files there: the summary's "rows now".
    private func countRowsNow(_ outcome: inout DatabaseCopy.Outcome) throws {
        for index in outcome.tables.indices {
            let name = outcome.tables[index].name
            guard CopiedTable.all.contains(where: { $0.name == name }) else { continue }
            outcome.tables[index].rows = Int(try to.scalar(SQL(verbatim: "SELECT count(*) FROM \(name)")))
        }
        outcome.receiptFiles.rows = Int(try to.scalar("SELECT count(DISTINCT sha256) FROM receipt_contents" as SQL))
    }
}
