import ExpenseCore
import ExpenseStore
import ExpenseSupport

/// The database file itself: `db check`.
enum DatabaseCommands {
    static let all: [CommandSpec] = [check]

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
        let triggers = store.protectiveTriggerNames.count
        let inPlace = store.triggerRepair.map { $0.restored ? "were re-created" : "are missing (read-only file)" } ?? "are in place"
        return .message("""
            \(session.databasePath): the file is sound; the audit log's \(events) event\(events == 1 ? " is" : "s are") \
            chained without a break; every report's status is the one its log ends with; \
            the \(triggers) protective triggers \(inPlace).
            """)
    }
}
