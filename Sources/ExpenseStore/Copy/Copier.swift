import ExpenseCore
import ExpenseSupport

/// One copy under way: the two connections and what it found so far.
final class Copier {
    let source: Store
    let target: Store
    let place: CopyTarget
    /// File to server: the owner of the rows of no report. Server to file: whose personal rows.
    let owner: String?
    var from: Database { source.db }
    var to: Database { target.db }
    var plans: [TablePlan] = []
    var sourceDigests: [String: TableDigest] = [:]
    var sourceHead: AuditChain.Head?
    private var droppedTriggers: [(name: String, sql: String)] = []
    private var readsInOwnTransaction = false
    /// The role a team database target let the copy in as, for messages.
    private var targetRole = ""

    init(source: Store, target: Store, place: CopyTarget, owner: String?) throws {
        self.source = source
        self.target = target
        self.place = place
        var owner = owner
        if source.db.dialect == .sqlite, target.db.dialect == .postgresql, owner == nil {
            throw ExpenseError(.usage, "a copy into a team database needs an owner for the rows that belong to no report")
        }
        if source.db.dialect == .postgresql, target.db.dialect == .sqlite, owner == nil {
            let people = try DatabaseCopy.personalOwners(of: source)
            guard people.count <= 1 else {
                throw ExpenseError(
                    .usage,
                    "the team database holds quick actions or inbox records of \(people.joined(separator: ", ")); "
                        + "a file keeps one person's: name whose")
            }
            owner = people.first
        }
        self.owner = owner
        plans = CopiedTable.all.map { TablePlan($0, from: source.db.dialect, to: target.db.dialect, owner: owner) }
    }

    func run() throws -> DatabaseCopy.Outcome {
        try target.requireWritable()
        if to.dialect == .postgresql { try requireSeesEverything(to, writing: true) }
        if from.dialect == .postgresql { try requireSeesEverything(from, writing: false) }
        if from.dialect == .postgresql, to.dialect == .postgresql { try refuseSameServer() }

        try beginReading()
        defer { endReading() }
        try requireSourceChain()
        if from.dialect == .sqlite, to.dialect == .postgresql { try requireOneOwnerPerReceipt() }

        var outcome = DatabaseCopy.Outcome(
            source: from.path, target: place.name, createdTarget: place.createdFile,
            owner: ownerShown)
        try to.begin(.immediate)
        do {
            try switchOffTriggers()
            for plan in plans {
                outcome.tables.append(try copy(plan))
                if plan.table.name == "report_events" { outcome.tables.append(try copyAuditHead()) }
            }
            (outcome.receiptFiles, outcome.receiptBytesCopied) = try copyReceiptFiles()
            try switchOnTriggers()
            try verify(&outcome.tables)
            try moveCounters()
            try to.commit()
        } catch let error as DatabaseError where error.kind == .permission {
            // A role that bypasses row security but lacks a table's or a sequence's privileges.
            to.rollback()
            throw ExpenseError(
                .permissionDenied, "the server refused the copy: \(error.message); nothing was copied",
                hint: to.dialect == .postgresql ? Self.writerHint : nil)
        } catch {
            to.rollback()
            throw error
        }
        return outcome
    }

    /// The owner the outcome names: the one that was used.
    private var ownerShown: DatabaseCopy.Owner? {
        switch (from.dialect, to.dialect, owner) {
        case (.sqlite, .postgresql, let owner?): .ofRowsWithoutReport(owner)
        case (.postgresql, .sqlite, let owner?): .ofPersonalRows(owner)
        default: nil
        }
    }

    // MARK: - Who may, and what

    /// A copy reads and writes every person's rows: on a server only a role that bypasses row
    /// security sees them all (a superuser, or one made with BYPASSRLS).
    private func requireSeesEverything(_ db: Database, writing: Bool) throws {
        let role = try db.queryFirst("SELECT session_user" as SQL) { $0.string(0) } ?? ""
        if writing { targetRole = role }
        let sees = try db.scalar("SELECT count(*) FROM pg_roles WHERE rolname = session_user AND (rolsuper OR rolbypassrls)" as SQL) > 0
        guard !sees else { return }
        let what =
            writing
            ? "copying into the team database \(db.path) writes every person's rows"
            : "copying the team database \(db.path) reads every person's rows and the whole audit log"
        throw ExpenseError(
            .permissionDenied, "\(what), and the role \(TerminalText.visible(role)) sees only what row security lets it",
            hint: writing ? Self.writerHint : "connect as the database's administrator: a superuser, or a role made with BYPASSRLS")
    }

    /// Who may write past row security and the triggers: a superuser; or the tables' owner (its
    /// sequences are its own) made BYPASSRLS and allowed to set session_replication_role.
    static let writerHint =
        "connect as a superuser, or as the tables' owner with BYPASSRLS and "
        + "'GRANT SET ON PARAMETER session_replication_role'"

    /// Two connection strings may name one database: told by the target's own connection, which
    /// the source's server lists among its sessions of the same database only if it is the same.
    private func refuseSameServer() throws {
        guard
            let me = try to.queryFirst(
                "SELECT pid, backend_start::text FROM pg_stat_activity WHERE pid = pg_backend_pid()" as SQL,
                { ($0.int64(0), $0.string(1)) })
        else { return }
        let same = try from.scalar(
            """
            SELECT count(*) FROM pg_stat_activity WHERE pid = \(me.0) AND backend_start::text = \(me.1) AND datname = current_database()
            """ as SQL)
        if same > 0 {
            throw ExpenseError(
                .usage, "cannot copy the database \(from.path) onto itself (\(to.path))",
                hint: "name another database, or a file")
        }
    }

    /// A broken chain is the source's problem, said as such: the copy would carry the break.
    private func requireSourceChain() throws {
        let (found, _) = try auditLogBreak(source, head: try head(of: from))
        if let found {
            throw ExpenseError(
                .invalidData, .auditLogAltered(event: found.eventID),
                "the audit log of \(from.path) is broken: \(found.message); nothing was copied")
        }
    }

    /// On a server a receipt is its owner's, attached only to their items: one that a file has
    /// attached to several people's items has no owner to take.
    private func requireOneOwnerPerReceipt() throws {
        let shared = try from.queryFirst(
            """
            SELECT l.receipt_id FROM expense_receipts l JOIN expenses e ON e.id = l.expense_id
            LEFT JOIN reports r ON r.id = e.report_id
            GROUP BY l.receipt_id HAVING count(DISTINCT coalesce(r.owner, \(owner ?? ""))) > 1 ORDER BY l.receipt_id LIMIT 1
            """ as SQL
        ) { $0.int64(0) }
        if let shared {
            throw ExpenseError(
                .invalidData,
                "receipt \(shared) is attached to items of more than one person; on a team database "
                    + "a receipt is its owner's and goes only with their items: nothing was copied",
                hint: "detach it from the other person's items, or capture it again for them")
        }
    }

    // MARK: - Transactions

    /// One snapshot of the source for the whole copy; inside a transaction already (a script's),
    /// that one's.
    private func beginReading() throws {
        guard !from.isInsideTransaction else { return }
        if from.dialect == .postgresql {
            try from.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY" as SQL)
        } else {
            try from.begin(.deferred)
        }
        readsInOwnTransaction = true
    }

    private func endReading() {
        if readsInOwnTransaction { from.rollback() }
        readsInOwnTransaction = false
    }

    /// Lets the rows in as they are (see `DatabaseCopy`). On a server also keeps every other
    /// writer out until the commit: what was verified is what commits.
    private func switchOffTriggers() throws {
        if to.dialect == .postgresql {
            do {
                try to.execute("SET LOCAL session_replication_role = replica" as SQL)
            } catch let error as DatabaseError where error.kind == .permission {
                throw ExpenseError(
                    .permissionDenied,
                    "copying into the team database \(to.path) writes rows past its triggers, "
                        + "which the role \(TerminalText.visible(targetRole)) may not do (session_replication_role)",
                    hint: Self.writerHint)
            }
            let tables = plans.map(\.table.name) + [CopiedTable.auditHead, "receipt_contents"]
            try to.execute(SQL(verbatim: "LOCK TABLE \(tables.joined(separator: ", ")) IN EXCLUSIVE MODE"))
            return
        }
        droppedTriggers = try to.query(
            "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND sql IS NOT NULL ORDER BY name" as SQL
        ) {
            (name: $0.string(0), sql: $0.string(1))
        }
        for trigger in droppedTriggers { try to.execute(SQL(verbatim: "DROP TRIGGER \(Self.quoted(trigger.name))")) }
    }

    /// The file's triggers again, each from its own text, in the same transaction.
    private func switchOnTriggers() throws {
        for trigger in droppedTriggers { try to.execute(SQL(verbatim: trigger.sql)) }
        droppedTriggers = []
    }

    static func quoted(_ name: String) -> String {
        "\"" + name.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }

    // MARK: - Tables

    private func copy(_ plan: TablePlan) throws -> DatabaseCopy.Tally {
        var tally = DatabaseCopy.Tally(plan.table.name)
        var digest = TableDigest(totals: plan.table.totals.count)
        var after: [DatabaseValue]?
        while true {
            try Cancellation.check()
            let page = try readPage(
                plan, from: from, select: plan.sourceSelect, arguments: plan.sourceArguments,
                filter: plan.filter, filterArguments: plan.filterArguments, key: plan.pagingKey, after: after)
            for row in page { digest.add(row, totalIndexes: plan.totalIndexes) }
            let existing = try lookUp(page.map(plan.lookupKey(of:)), plan)
            var missing: [[DatabaseValue]] = []
            for row in page {
                let key = plan.lookupKey(of: row)
                guard let there = existing[CopiedRows.keyBytes(key)] else {
                    missing.append(row)
                    continue
                }
                guard there == row else { throw conflict(plan, key: key, there: there, here: row) }
                tally.present += 1
            }
            try insert(missing, plan)
            tally.copied += missing.count
            guard page.count == DatabaseCopy.pageSize, let last = page.last else { break }
            after = plan.pagingKey(of: last)
        }
        sourceDigests[plan.table.name] = digest
        return tally
    }

    /// Up to `pageSize` rows of `db`'s table after the key `after`, in key order, each as the
    /// target's columns' values.
    func readPage(
        _ plan: TablePlan, from db: Database, select: String, arguments: [DatabaseValue],
        filter: String?, filterArguments: [DatabaseValue], key: [String],
        after: [DatabaseValue]?
    ) throws -> [[DatabaseValue]] {
        var conditions: [String] = filter.map { [$0] } ?? []
        var all = arguments + filterArguments
        if let after {
            conditions.append("\(Self.tuple(key)) > \(Self.placeholders(key.count))")
            all += after
        }
        let sql =
            "SELECT \(select) FROM \(plan.table.name)" + (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "))
            + " ORDER BY \(key.joined(separator: ", ")) LIMIT \(DatabaseCopy.pageSize)"
        return try db.query(SQL(verbatim: sql, arguments: all)) { row in try self.values(of: row, plan, in: db) }
    }

    private func values(of row: Row, _ plan: TablePlan, in db: Database) throws -> [DatabaseValue] {
        var values: [DatabaseValue] = []
        values.reserveCapacity(plan.kinds.count)
        for (index, kind) in plan.kinds.enumerated() {
            guard let value = row.copiedValue(index, kind) else {
                let key = plan.lookupIndexes.compactMap { $0 < index ? values[$0] : nil }
                throw ExpenseError(
                    .invalidData,
                    "\(plan.table.name) \(key.isEmpty ? "" : CopiedRows.describe(key) + " ")in \(db.path) holds "
                        + "a value of another type than \(kind == .integer ? "an integer" : "text") in \(plan.targetColumns[index]): "
                        + "written by another program; nothing was copied",
                    hint: "correct that row with sqlite3, then copy again")
            }
            values.append(value)
        }
        return values
    }

    /// The target's rows with these keys, by key. The list is padded to a page with its last key
    /// (IN does not mind), so that the statement's text, and the engine's prepared statement, is
    /// the same for every page.
    private func lookUp(_ keys: [[DatabaseValue]], _ plan: TablePlan) throws -> [[UInt8]: [DatabaseValue]] {
        guard let last = keys.last else { return [:] }
        let padded = keys + Array(repeating: last, count: DatabaseCopy.pageSize - keys.count)
        let list =
            plan.lookupKey.count == 1
            ? Array(repeating: "?", count: padded.count).joined(separator: ", ")
            : "VALUES " + Array(repeating: Self.placeholders(plan.lookupKey.count), count: padded.count).joined(separator: ", ")
        let sql =
            "SELECT \(plan.targetColumns.joined(separator: ", ")) FROM \(plan.table.name) "
            + "WHERE \(Self.tuple(plan.lookupKey)) IN (\(list))"
        var found: [[UInt8]: [DatabaseValue]] = [:]
        try to.forEachRow(SQL(verbatim: sql, arguments: padded.flatMap { $0 })) { row in
            let values = try self.values(of: row, plan, in: self.to)
            found[CopiedRows.keyBytes(plan.lookupKey(of: values))] = values
        }
        return found
    }

    /// Multi-row INSERTs of 64, 16, 4 and 1 rows: few round trips, and few statement texts.
    private func insert(_ rows: [[DatabaseValue]], _ plan: TablePlan) throws {
        var start = 0
        for size in [64, 16, 4, 1] {
            while rows.count - start >= size {
                let batch = rows[start..<(start + size)]
                let sql =
                    "INSERT INTO \(plan.table.name) (\(plan.targetColumns.joined(separator: ", "))) VALUES "
                    + Array(repeating: Self.placeholders(plan.targetColumns.count), count: size).joined(separator: ", ")
                do {
                    try to.execute(SQL(verbatim: sql, arguments: batch.flatMap { $0 }))
                } catch let error as DatabaseError {
                    let keys = batch.map { CopiedRows.describe(plan.lookupKey(of: $0)) }
                    let which = keys.count == 1 ? keys[0] : "\(keys[0]) to \(keys[keys.count - 1])"
                    throw ExpenseError(
                        .invalidData,
                        "\(place.name) refused \(plan.table.name) \(which): \(error.message); "
                            + "nothing was copied",
                        hint: "a row already there under another key conflicts with it: copy into a new file, "
                            + "or into a team database just set up")
                }
                start += size
            }
        }
    }

    private func conflict(_ plan: TablePlan, key: [DatabaseValue], there: [DatabaseValue], here: [DatabaseValue]) -> ExpenseError {
        let differing = zip(plan.targetColumns, zip(there, here)).filter { $0.1.0 != $0.1.1 }.map(\.0)
        return ExpenseError(
            .invalidData,
            "\(plan.table.name) \(CopiedRows.describe(key)) is already in \(place.name) with other "
                + "content (\(differing.joined(separator: ", "))): it is not a copy of \(from.path); nothing was copied",
            hint: "copy into a new file, or into a team database just set up")
    }

    static func tuple(_ columns: [String]) -> String {
        columns.count == 1 ? columns[0] : "(" + columns.joined(separator: ", ") + ")"
    }

    static func placeholders(_ count: Int) -> String {
        count == 1 ? "?" : "(" + Array(repeating: "?", count: count).joined(separator: ", ") + ")"
    }
}
