import ExpenseCore
import ExpenseStore
import ExpenseSupport

/// The database itself: `db check`, and `setup` of a team's server.
enum DatabaseCommands {
    static let all: [CommandSpec] = [check, setup]

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
            return .message("\(session.databaseName): a SQLite file is set up when it is first used; "
                            + "roles and grants are a team database's (--db postgresql://...)")
        }
        let name = try Store.setUpServer(session.databasePath, now: session.environment.now())
        return .message("\(name): the schema is current; the roles expenses_traveller, expenses_approver and "
                        + "expenses_finance, their grants and policies are in place")
    }

    static let check = CommandSpec(
        ["db", "check"], abstract: "Check the database: the file, the audit log's hash chain, statuses and triggers.",
        discussion: """
            Runs SQLite's integrity check on the file, verifies that each entry of the audit log is chained \
            to the one before it (so that an entry changed, added or removed outside expenses is found and \
            named), and that each report's status is the one its audit log ends with. Exit 65 names the \
            first problem. The protective triggers are re-created whenever expenses opens a database that \
            lacks them. This guards against accidents and other programs, not against the file's owner, \
            who can rewrite the file and recompute the chain.
            """,
        examples: ["expenses db check", "expenses --db team-copy.sqlite db check"]
    ) { _, session in
        let store = try session.store()
        try store.requireWholeAuditLog()
        let integrity = try store.integrityCheck()
        guard integrity == ["ok"] else {
            throw ExpenseError(.invalidData, "the database file is damaged: " + integrity.prefix(3).joined(separator: "; "),
                               hint: "restore it from a backup; 'sqlite3 FILE .recover' may save what is left")
        }
        let events = try store.verifyAuditLog()
        if let forged = try store.unloggedStatuses().first {
            throw ExpenseError(.invalidData, "report \(forged.report) is \(forged.status), but its audit log ends with "
                               + "\(forged.logged): its status was changed outside expenses",
                               hint: "restore the database from a backup")
        }
        let chained = "the audit log's \(events) event\(events == 1 ? " is" : "s are") chained without a break; "
            + "every report's status is the one its log ends with"
        if session.isServer {
            return .message("\(session.databaseName): \(chained); the server holds the workflow's rules.")
        }
        let triggers = store.protectiveTriggerNames.count
        let inPlace = store.triggerRepair.map { $0.restored ? "were re-created" : "are missing (read-only file)" } ?? "are in place"
        return .message("""
            \(session.databasePath): the file is sound; the audit log's \(events) event\(events == 1 ? " is" : "s are") \
            chained without a break; every report's status is the one its log ends with; \
            the \(triggers) protective triggers \(inPlace).
            """)
    }
}
