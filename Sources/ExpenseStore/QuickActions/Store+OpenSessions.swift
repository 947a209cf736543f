import ExpenseCore
import ExpenseShortcuts
import ExpenseSupport
import PropertyList

/// An interactive session open on the database (a REPL), as the launch hand-over sees it.
public struct OpenSession: Equatable, Sendable {
    public let id: Int64
    /// Its process (the token is unused here: a session claims launches with a token of its own).
    public let process: Claimant
    /// Its terminal, e.g. /dev/pts/3, to say where a handed-over launch went.
    public let terminal: String
}

/// The registry of open sessions: a REPL registers when it starts, notes when its person enters
/// a line, and leaves when it ends. One that crashed stays listed until someone sees that its
/// process is gone (`OpenSession.process.isAlive`) and forgets it.
extension Store {
    public func openSession(_ process: Claimant, terminal: String) throws -> Int64 {
        try write { try writes.quickActions.openSession(process, terminal: terminal) }
    }

    /// Marks `session` as the one used last.
    public func touchSession(_ session: Int64) throws {
        try write { try writes.quickActions.touchSession(session) }
    }

    /// Removes sessions from the registry: one that ends, or ones whose process is gone.
    public func closeSessions(_ ids: [Int64]) throws {
        guard !ids.isEmpty else { return }
        try write {
            for id in ids {
                try writes.quickActions.closeSession(id)
            }
        }
    }

    /// The registered sessions, the one used last first.
    public func openSessions() throws -> [OpenSession] {
        try db.query("SELECT id, pid, host, start_ticks, terminal FROM open_sessions ORDER BY active_seq DESC, id DESC" as SQL) { row in
            OpenSession(
                id: row.int64(0),
                process: Claimant(
                    token: "", pid: try StoredRow(row, table: "open_sessions", key: .column(0)).integer(1, as: Int32.self),
                    host: row.string(2),
                    startTicks: UInt64(bitPattern: row.int64(3))),
                terminal: row.string(4))
        }
    }

    /// Whether a queued launch waits for `session`: one handed to it, or one meant for any session.
    public func hasLaunchWaiting(for session: Int64) throws -> Bool {
        try db.queryFirst(
            """
            SELECT 1 FROM shortcut_launches
            WHERE state = 'queued' AND (target_session IS NULL OR target_session = \(session)) LIMIT 1
            """, { _ in true }) ?? false
    }

    /// SQLite's count of commits by other connections: while it stays the same, nothing that
    /// another process could have queued has changed, and a session waiting at its prompt need not
    /// look again (PRAGMA data_version reads no table).
    /// A team database has no such count: a new value each time, so the session always looks.
    public func dataVersion() throws -> Int64 {
        try writes.quickActions.dataVersion()
    }
}
