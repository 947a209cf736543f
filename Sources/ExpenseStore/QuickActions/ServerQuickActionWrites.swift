import ExpenseCore
import ExpenseShortcuts
import ExpenseSupport

/// QuickAction writes on a team database: each a call of the server's declared function
/// (`ServerWrites`), which checks who may write and logs it itself.
struct ServerQuickActionWrites: QuickActionWrites {
    unowned let store: Store

    private var db: Database { store.db }

    /// The server's connection, for its socket and notifications.
    let connection: PostgresDatabase

    func clearDynamicShortcuts() throws {
        try ServerWrites.shortcutsClear.call(on: db)
    }

    func addDynamicShortcut(_ shortcut: DynamicShortcut, at stamp: String) throws {
        let item = shortcut.item
        try ServerWrites.shortcutAdd.call(
            on: db, item.type, item.title, item.subtitle, item.icon.type?.plistName, item.icon.file,
            item.icon.symbolName, Store.storedUserInfo(item), Int64(shortcut.rank), shortcut.isEnabled ? 1 : 0,
            shortcut.disabledMessage, shortcut.origin.rawValue, stamp)
    }

    func recordAppShortcut(type: String, state: String, rank: Int?, disabledMessage: String?, at stamp: String) throws {
        try ServerWrites.appShortcutRecord.call(on: db, type, state, rank.map(Int64.init), disabledMessage, stamp)
    }

    /// The server's function also tells this role's open sessions at once, when this commits.
    func enqueueLaunch(_ request: LaunchRequest) throws -> Int64 {
        try ServerWrites.launchEnqueue.call(
            on: db, request.type, Store.storedArguments(request), request.catalog, store.now(), request.target)
    }

    func claimNextLaunch(_ claimant: Claimant, for session: Int64?) throws -> Int64? {
        let id = try ServerWrites.launchClaim.call(
            on: db, session, claimant.token, Int64(claimant.pid), claimant.host, Int64(bitPattern: claimant.startTicks),
            store.now())
        return id == 0 ? nil : id
    }

    func finishLaunch(_ id: Int64, token: String, exitStatus: Int32) throws -> Bool {
        try ServerWrites.launchFinish.call(on: db, id, token, Int64(exitStatus), store.now())
    }

    func requeueLaunch(_ id: Int64, expectedState: LaunchRecord.State, token: String?) throws -> Bool {
        try ServerWrites.launchRequeue.call(on: db, id, expectedState.rawValue, token)
    }

    func discardLaunch(_ id: Int64, expectedState: LaunchRecord.State) throws -> Bool {
        try ServerWrites.launchDiscard.call(on: db, id, expectedState.rawValue, store.now())
    }

    /// LISTENs on this role's channel, so an open session learns of a launch at once instead of asking.
    func listenForLaunches() throws -> Int32? {
        let channel = try connection.queryFirst("SELECT \(Self.launchChannel)" as SQL) { $0.string(0) } ?? ""
        // The channel is our own word and a role's number: nothing to quote.
        try connection.execute(SQL(verbatim: "LISTEN \(channel)"))
        return connection.socket
    }

    func takeLaunchNotices() -> Bool {
        return connection.takeNotifications() > 0
    }

    /// A team database has no count of other connections' commits: a new value each time, so
    /// the session always looks.
    func dataVersion() throws -> Int64 {
        return connection.nextLook()
    }

    /// Each role's channel: its own, so one person's launches wake no one else's session. Named
    /// by the role's number, which needs no quoting, whatever the role's name.
    static let launchChannel: SQL = "'expenses_launches_' || (SELECT oid FROM pg_roles WHERE rolname = session_user)::text"

    func openSession(_ process: Claimant, terminal: String) throws -> Int64 {
        try ServerWrites.sessionOpen.call(
            on: db, Int64(process.pid), process.host, Int64(bitPattern: process.startTicks), terminal, store.now())
    }

    func touchSession(_ session: Int64) throws {
        try ServerWrites.sessionTouch.call(on: db, session)
    }

    func closeSession(_ session: Int64) throws {
        try ServerWrites.sessionClose.call(on: db, session)
    }
}
