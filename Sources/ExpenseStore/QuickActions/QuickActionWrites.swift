import ExpenseCore
import ExpenseShortcuts
import ExpenseSupport

/// The writes of quick actions: dynamic items, the launch inbox, open sessions, as each engine makes them: a file's SQL
/// (`FileQuickActionWrites`) or the team server's declared functions (`ServerQuickActionWrites`). The store
/// picks one set when it opens a database (`Writes`); nothing else asks which engine it is.
///
/// How an open session learns that a launch was queued is the engine's too: a team database
/// notifies it (LISTEN), a file's sessions look at SQLite's count of commits.
protocol QuickActionWrites {
    /// Removes every dynamic quick action, before the new set is written.
    func clearDynamicShortcuts() throws

    /// Adds one dynamic quick action; `stamp` is when.
    func addDynamicShortcut(_ shortcut: DynamicShortcut, at stamp: String) throws

    /// Records the state of one of the app's default items; `stamp` is its first publication.
    func recordAppShortcut(type: String, state: String, rank: Int?, disabledMessage: String?, at stamp: String) throws

    /// Queues a launch and returns its id (on a team database, telling this role's open sessions).
    func enqueueLaunch(_ request: LaunchRequest) throws -> Int64

    /// Claims the oldest queued launch meant for `session` (or any session) for `claimant`; its
    /// id, nil when none waits or another claimed it first.
    func claimNextLaunch(_ claimant: Claimant, for session: Int64?) throws -> Int64?

    /// Marks a launch claimed with `token` done or failed; false when it is not so claimed.
    func finishLaunch(_ id: Int64, token: String, exitStatus: Int32) throws -> Bool

    /// Queues a launch again, if it is still in `expectedState` under `token`.
    func requeueLaunch(_ id: Int64, expectedState: LaunchRecord.State, token: String?) throws -> Bool

    /// Discards a launch, if it is still in `expectedState`.
    func discardLaunch(_ id: Int64, expectedState: LaunchRecord.State) throws -> Bool

    /// Starts listening for launches queued by this role; the socket that becomes readable when
    /// one comes, nil when the engine does not tell (a file: sessions ask `dataVersion`).
    func listenForLaunches() throws -> Int32?

    /// Whether a launch was queued since the last call; always true when the engine cannot tell.
    func takeLaunchNotices() -> Bool

    /// A number that stays the same while nothing another process could have queued has changed.
    func dataVersion() throws -> Int64

    /// Registers an open session and returns its id.
    func openSession(_ process: Claimant, terminal: String) throws -> Int64

    /// Marks `session` as the one used last.
    func touchSession(_ session: Int64) throws

    /// Removes one session from the registry.
    func closeSession(_ session: Int64) throws
}
