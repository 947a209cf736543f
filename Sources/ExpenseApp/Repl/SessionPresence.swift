import ExpenseShortcuts
import ExpenseStore
import ExpenseSupport

#if canImport(Glibc)
import Glibc
#endif

/// This REPL in the database's registry of open sessions: there while it runs, marked active
/// when its person enters a line, gone when it ends. A launcher's quick action is handed to the
/// open session used last (LaunchHandover), and this is how that session learns of it.
final class SessionPresence {
    let session: Session
    /// Its id in the registry; nil until the database exists.
    private(set) var id: Int64?
    private var seenVersion: Int64?
    /// On a team database, the connection's socket, readable when a launch was queued for this
    /// person: the line reader watches it beside the terminal.
    private(set) var descriptor: Int32?

    init(session: Session) { self.session = session }

    /// Registers the session once its database exists (a new one is made by the first command
    /// that writes). Failing to register only means launches start sessions of their own.
    func join() {
        guard id == nil, let store = session.existingStore() else { return }
        let terminal = ttyname(Console.streams.input).map { String(cString: $0) } ?? ""
        id = try? store.openSession(Claimant.current(), terminal: terminal)
        if id != nil { descriptor = try? store.listenForLaunches() }
    }

    func markActive() {
        guard let id, let store = session.existingStore() else { return }
        try? store.touchSession(id)
    }

    /// Whether a launch waits for this session. Asked a few times a second at the prompt, and at
    /// once when `descriptor` is readable, so it reads no table unless another process has
    /// committed something (SQLite's data_version) or queued a launch (a team database's notice)
    /// since the last time.
    func launchWaiting() -> Bool {
        join()
        guard let id, let store = session.existingStore() else { return false }
        if descriptor != nil {
            guard store.takeLaunchNotices() else { return false }
        } else {
            guard let version = try? store.dataVersion(), version != seenVersion else { return false }
            seenVersion = version
        }
        return (try? store.hasLaunchWaiting(for: id)) ?? false
    }

    func leave() {
        guard let id, let store = session.existingStore() else { return }
        try? store.closeSessions([id])
        self.id = nil
    }
}
