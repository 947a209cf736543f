import ExpenseCore
import ExpenseStore
import ExpenseSupport

#if canImport(Glibc)
import Glibc
#endif

/// The database itself: `db check`, `db copy`, and `setup` of a team's server.
enum DatabaseCommands {
    static let all: [CommandSpec] = [check, copy, setup]

    static let setup = CommandSpec(
        ["setup"], abstract: "Create or update a team database on PostgreSQL: its schema, roles, grants and policies.",
        discussion: """
            Run by the database's owner (the role that created it), once, and again after upgrading \
            expenses: it applies the schema's migrations and (re)creates the group roles \
            expenses_traveller, expenses_approver and expenses_finance, their grants and the row-level \
            security policies; running it twice changes nothing. People then log in as their own roles, \
            made members of those groups ('GRANT expenses_traveller TO alice'). A SQLite file needs no \
            setup: it is created and migrated when first used.
            """,
        examples: ["expenses setup --db postgresql://admin@db.example.com/expenses", "expenses setup --db service=team"]
    ) { _, session in
        guard session.isServer else {
            _ = try session.store()
            return .message(
                "\(session.databaseName): a SQLite file is set up when it is first used; "
                    + "roles and grants are a team database's (--db postgresql://...)")
        }
        let setup = try Store.setUpServer(session.location, now: session.environment.now())
        let schema: String
        switch setup.applied {
        case 0: schema = "the schema was already up to date (version \(setup.version))"
        case setup.version: schema = "created the database schema (version \(setup.version))"
        default:
            schema = "updated the schema to version \(setup.version) (\(setup.applied) migration\(setup.applied == 1 ? "" : "s") applied)"
        }
        return .message(
            "\(setup.name): \(schema); the roles expenses_traveller, expenses_approver and "
                + "expenses_finance, their grants and policies are in place")
    }

    static let check = CommandSpec(
        ["db", "check"], abstract: "Check the database: the file, the audit log's hash chain, statuses and triggers.",
        discussion: """
            Runs SQLite's integrity check on the file, reads every stored row as the commands read it \
            (each value that is no value of its column's type, written outside expenses, is listed by \
            table, column and row), verifies that each entry of the audit log is chained to the one \
            before it (so that an entry changed, added or removed outside expenses is found and named), \
            and that each report's status is the one its audit log ends with; on a team database also \
            the server's rate log, every change of the per-diem, mileage and exchange-rate tables. Exit 65 \
            names the first problem. The protective triggers are re-created whenever expenses opens a database that \
            lacks them. This guards against accidents and other programs, not against the file's owner, \
            who can rewrite the file and recompute the chain.
            """,
        examples: ["expenses db check", "expenses --db team-copy.sqlite db check"]
    ) { _, session in
        let store = try session.store()
        try store.requireWholeAuditLog()
        let integrity = try store.integrityCheck()
        guard integrity == ["ok"] else {
            throw ExpenseError(
                .invalidData, "the database file is damaged: " + integrity.prefix(3).joined(separator: "; "),
                hint: "restore it from a backup; 'sqlite3 FILE .recover' may save what is left")
        }
        let bad = try store.badStoredValues()
        guard bad.isEmpty else { throw badStoredValues(bad) }
        let events = try store.verifyAuditLog()
        if let forged = try store.unloggedStatuses().first {
            throw ExpenseError(
                .invalidData,
                "report \(forged.report) is \(forged.status), but its audit log ends with "
                    + "\(forged.logged): its status was changed outside expenses",
                hint: "restore the database from a backup")
        }
        let chained =
            "the audit log's \(events) event\(events == 1 ? " is" : "s are") chained without a break; "
            + "every report's status is the one its log ends with"
        if session.isServer {
            let rates = try store.verifyRateLog().map {
                "; the rate log's \($0) change\($0 == 1 ? " is" : "s are") chained without a break"
            }
            return .message("\(session.databaseName): \(chained)\(rates ?? ""); the server holds the workflow's rules.")
        }
        let triggers = store.protectiveTriggerNames.count
        let inPlace = store.triggerRepair.map { $0.restored ? "were re-created" : "are missing (read-only file)" } ?? "are in place"
        return .message(
            """
            \(session.databaseName): the file is sound; the audit log's \(events) event\(events == 1 ? " is" : "s are") \
            chained without a break; every report's status is the one its log ends with; \
            the \(triggers) protective triggers \(inPlace).
            """)
    }

    /// `db check`'s finding of rows the app cannot read: each on its line (the first 20), table,
    /// column, row and what is wrong.
    static func badStoredValues(_ bad: [BadStoredValue]) -> ExpenseError {
        let shown = 20
        let more = bad.count > shown ? "\n  and \(bad.count - shown) more" : ""
        return ExpenseError(
            .invalidData,
            "the database holds \(bad.count) value\(bad.count == 1 ? "" : "s") the app cannot read:\n"
                + bad.prefix(shown).map { "  " + $0.message }.joined(separator: "\n") + more,
            hint: "they were written outside expenses: restore the database from a backup, or correct those rows")
    }

    enum Options {
        static let to = Option.text(
            "to", "database", "Where to copy: a new SQLite file, or a team database's URI (postgresql://...).",
            completion: .file
        ).required()
        static let owner = Option.text(
            "owner", "name",
            """
            Into a team database: whose the file's drafts and items become, one name for all, or OLD=NEW,... \
            for each of the file's people (what belongs to no report is the file's user's, --user or \
            EXPENSES_USER). Into a file: whose quick actions come along (default: the only person's there are).
            """)
        static let importHistory = Option.flag(
            "import-history",
            """
            Into a team database: also the reports past draft, each step of their audit log logged again as \
            imported by you (the administrator), not as a decision made there.
            """)
    }

    static let copy = CommandSpec(
        ["db", "copy"], abstract: "Copy the whole database into a team database on PostgreSQL, or into a new file.",
        discussion: """
            Copies everything the database (--db) holds into another: reports, items, receipts and their \
            files, the audit log with its hash chain, import batches and fingerprints, exchange rates, policy \
            settings and acknowledgements, categories and quick actions, each row with its id, so that the \
            audit log verifies on the target ('db check'). Not copied: open REPL sessions and the launch \
            inbox, which belong to processes on this machine. The copy is one transaction on the target, \
            verified table by table (rows, totals, a digest of every value, the audit chain) before it \
            commits; if anything does not match, nothing is copied (exit 65). Running it again adds only \
            what is new; a row that is on the target with other content is refused (65) and named: the \
            target is another database, or the row changed since the last copy (a copy is not a sync).

            From a file into a team database it is not a copy of the whole: the file's drafts, with their \
            items, receipts and acknowledgements, and its items and receipts of no report come in as the work \
            of the people --owner names (one name for all, or OLD=NEW,... per person of the file; what \
            belongs to no report is the file's user's), with the team database's own ids, so a second laptop \
            goes in beside the first. Reports past draft stay in the file, and are listed, unless \
            --import-history: then each step of their audit log is logged again by the server as imported by \
            you, not as a decision made there. Import batches, quick actions, rates and policy settings stay \
            in the file. It runs as the database's administrator (the role that ran 'expenses setup', or a \
            superuser; else 77), on a database that was set up (else 69), in one transaction that commits only \
            when every copied report holds what it held in the file (else 65). The file is the traveller's word \
            for what the server cannot compute, nothing more: of its drafts, items of no report and the history \
            --import-history brings, the team database recomputes each conversion into a report's currency (at \
            its own rates of the item's day), each journey's amount (at its own mileage rates), each advance's \
            conversion, and each day's frozen per diem of a report past draft (at its own per-diem table of that \
            day); an acknowledgement comes only in its report owner's own name and never as the acceptance of \
            one of the server's findings, and a draft brings no per diems (the server computes them at \
            submission). A row that is not what the server computes is named (its table, the file's id, its \
            report, what the file says and what the server computes), every one, and nothing is copied (65): \
            history its owner cannot correct is copied without --import-history, or after finance loads the \
            rates of that time. A copy into a team database is once per report: the team database keeps a marker \
            of each report and item of no report it copied (the file's identity, a UUID the file keeps from its \
            first copy, and the row's id there), which no member can read, forge or delete, so that running it \
            again (after a dropped connection) copies nothing of them and says so, "report 1 'Hamburg' already \
            copied as team report 2 on 2026-03-10; skipped", while a report new in the file comes in. Each copied \
            report's audit log there begins with "copied from HOST:FILE (its report 1) by ROLE", followed by the \
            file's own entries of it, logged again as imported ("import submit by alice at ..."). A copied trip \
            that stops in a country the team database has no per-diem rate for on that day is a warning on \
            stderr, naming the report and the country: its per diems wait for finance to load one. The summary \
            lists per table the rows copied, those an earlier copy brought (already there) and the rows the \
            table holds now. Into a file: a new one (or a \
            previous copy), never a symbolic link or another program's file; its receipt vault is filled \
            beside it, and the owner columns are dropped (a file keeps one person's quick actions: --owner's).
            """,
        options: [Options.to, Options.owner, Options.importHistory],
        examples: [
            "expenses --db trips.sqlite db copy --to postgresql://expenses_admin@db.example.com/expenses --owner alice",
            "expenses --db team-laptop.sqlite db copy --to service=team --owner ana=alice,ben=bob --import-history",
            "expenses --db postgresql://admin@db.example.com/expenses db copy --to team-backup.sqlite --owner alice",
            "expenses db copy --to trips-copy.sqlite",
        ]
    ) { invocation, session in
        let location = try session.environment.database(invocation[Options.to])
        if session.location.isMissingFile {
            throw ExpenseError(
                .noInput, "there is no database at \(session.databaseName) to copy",
                hint: "name the database to copy with --db")
        }
        let store = try session.store()
        let owner: String?
        if let name = try invocation[Options.owner] {
            owner = name
        } else if session.isServer {
            let people = try DatabaseCopy.personalOwners(of: store)
            guard people.count <= 1 else {
                throw ExpenseError(
                    .usage,
                    "\(session.databaseName) holds quick actions or inbox records of "
                        + "\(people.joined(separator: ", ")), and a file keeps one person's",
                    hint: "name whose with --owner")
            }
            owner = people.first
        } else {
            owner = location.isServer ? try session.user.value : nil
        }
        let fileUser = session.isServer ? "" : try session.user.value
        let outcome = try session.environment.namingAsGiven(try invocation[Options.to]) {
            try DatabaseCopy.copy(
                from: store, to: location, owner: owner, fileUser: fileUser,
                importHistory: invocation[Options.importHistory], now: session.environment.now)
        }
        for missing in outcome.missingAllowanceRates { warnNoRate(missing) }
        return DatabaseCopyResult(outcome: outcome).output
    }

    /// Says on stderr that a copied trip stops in a country the team database has no per-diem
    /// rate for: the copy stands, but its per diems cannot be computed there until one is loaded.
    static func warnNoRate(_ missing: DatabaseCopy.MissingRate) {
        Console.error(
            "expenses: warning: report \(missing.report) '\(TerminalText.visible(missing.title))' (team report \(missing.copiedAs)) "
                + "stops in \(missing.country) on \(missing.date), and the team database has no per-diem rate for \(missing.country) "
                + "on that day: its per diems cannot be computed there until finance loads one ('expenses allowance rates "
                + "import FILE', a row \(missing.country),VALID_FROM,FULL_DAY,PARTIAL_DAY,CURRENCY valid from \(missing.date) or before)\n")
    }
}
