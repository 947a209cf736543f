import ExpenseCore
import ExpenseSupport

extension Schema {
    /// Names are stored normalised (`UserName`) since this version: owners of reports and actors of
    /// acknowledged warnings written before are normalised here, so that `Alice` and `alice`, or
    /// `alice` with a zero-width space, are one owner for every query (`report summary`).
    ///
    /// The audit log is left as it was written: it is the record of what happened, and rewriting it
    /// would be the very thing it guards against. Its actors are compared normalised when read.
    static func normaliseUserNames(_ db: Database) throws {
        for (table, column) in [("reports", "owner"), ("policy_acknowledgements", "actor")] {
            let names = try db.query("SELECT DISTINCT \(column) FROM \(table)") { $0.string(0) }
            for name in names {
                let normalised = UserName(normalizing: name).value
                // A name of nothing but what is now refused stays as it was: better unreadable than lost.
                guard normalised != name, !normalised.isEmpty else { continue }
                try db.execute("UPDATE \(table) SET \(column) = ? WHERE \(column) = ?", [.text(normalised), .text(name)])
            }
        }
    }
}
