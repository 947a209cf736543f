/// Where dynamic quick actions and the launch inbox are kept. Defined here, implemented by the
/// store (ExpenseStore), so that this layer knows nothing of SQL.
public protocol ShortcutStorage: AnyObject {
    /// Runs `body` as one write transaction: everything or nothing.
    func write<T>(_ body: () throws -> T) throws -> T

    /// The stored dynamic items, enabled ones by rank, then the disabled ones: the user's and the
    /// app's trip items, without the app's defaults (`dynamicShortcuts(with:)` has them all).
    func dynamicShortcuts() throws -> [DynamicShortcut]
    /// Replaces every stored dynamic item with `shortcuts` (`replaceDynamicShortcuts(_:with:)`
    /// saves a whole set, the defaults' records included).
    func replaceDynamicShortcuts(_ shortcuts: [DynamicShortcut]) throws
    /// What became of the app's default items it has published here (`AppShortcuts`); none
    /// before it first did. The items themselves are not stored: they are the app's.
    func appShortcutRecords() throws -> [AppShortcutRecord]
    /// Keeps `records`, each replacing the earlier record of its item; those of other items stay.
    func recordAppShortcuts(_ records: [AppShortcutRecord]) throws

    /// Queues a launch and returns it with its id.
    func enqueueLaunch(_ request: LaunchRequest) throws -> LaunchRecord
    /// Atomically takes the oldest queued launch for `claimant`: of two processes asking at once,
    /// exactly one gets it. Nil when nothing is queued. With `session`, only a launch handed to
    /// that open session or to none; without, any.
    func claimNextLaunch(_ claimant: Claimant, for session: Int64?) throws -> LaunchRecord?
    /// Records how a claimed launch ended; only the holder of the claim's token can.
    /// - Returns: false when the claim is no longer `token`'s (re-delivered meanwhile).
    @discardableResult
    func finishLaunch(_ id: Int64, token: String, exitStatus: Int32) throws -> Bool
    /// Launches, oldest first: the unfinished ones (queued, claimed, failed), or all.
    func launches(includingFinished: Bool) throws -> [LaunchRecord]
    func launch(_ id: Int64) throws -> LaunchRecord?
    /// Puts a claimed or failed launch back in the queue, if it is still in `expected` state with
    /// `token` (so that two re-deliveries cannot both happen). Returns whether it did.
    func requeueLaunch(_ id: Int64, expectedState: LaunchRecord.State, token: String?) throws -> Bool
    /// Marks a queued, failed or stale launch discarded: it will never run.
    func discardLaunch(_ id: Int64, expectedState: LaunchRecord.State) throws -> Bool
}
