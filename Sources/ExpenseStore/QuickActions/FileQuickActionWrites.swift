import ExpenseCore
import ExpenseShortcuts
import ExpenseSupport

/// QuickAction writes on a file: the SQL itself, and the audit log's entry beside it.
struct FileQuickActionWrites: QuickActionWrites {
    unowned let store: Store

    private var db: Database { store.db }

    func clearDynamicShortcuts() throws {
        try db.execute("DELETE FROM dynamic_shortcuts" as SQL)
    }

    func addDynamicShortcut(_ shortcut: DynamicShortcut, at stamp: String) throws {
        let item = shortcut.item
        try db.execute(
            """
            INSERT INTO dynamic_shortcuts (type, title, subtitle, icon_type, icon_file, icon_symbol, user_info, rank,
                                           enabled, disabled_message, origin, updated_at)
            VALUES (\(item.type), \(item.title), \(item.subtitle), \(item.icon.type?.plistName), \(item.icon.file), \
            \(item.icon.symbolName), \(Store.storedUserInfo(item)), \(shortcut.rank), \(shortcut.isEnabled), \
            \(shortcut.disabledMessage), \(shortcut.origin.rawValue), \(stamp))
            """ as SQL)
    }

    /// published_at stays the first publication's.
    func recordAppShortcut(type: String, state: String, rank: Int?, disabledMessage: String?, at stamp: String) throws {
        try db.execute(
            """
            INSERT INTO app_shortcuts (plist_type, state, rank, disabled_message, published_at) \
            VALUES (\(type), \(state), \(rank), \(disabledMessage), \(stamp))
            ON CONFLICT (plist_type) DO UPDATE
            SET state = excluded.state, rank = excluded.rank, disabled_message = excluded.disabled_message
            """ as SQL)
    }

    func enqueueLaunch(_ request: LaunchRequest) throws -> Int64 {
        try db.insert(
            """
            INSERT INTO shortcut_launches (type, arguments, catalog, queued_at, target_session) \
            VALUES (\(request.type), \(Store.storedArguments(request)), \(request.catalog), \(store.now()), \(request.target))
            """ as SQL)
    }

    /// Inside the store's IMMEDIATE transaction: the write lock is taken before the read, so of
    /// two processes claiming at once the second sees the first's claim; `AND state = 'queued'`
    /// says the same again in the UPDATE itself.
    func claimNextLaunch(_ claimant: Claimant, for session: Int64?) throws -> Int64? {
        guard
            let id = try db.queryFirst(
                """
                SELECT id FROM shortcut_launches
                WHERE state = 'queued' AND (CAST(\(session) AS INTEGER) IS NULL OR target_session IS NULL OR target_session = \(session)) \
                ORDER BY id LIMIT 1
                """, { $0.int64(0) })
        else { return nil }
        try db.execute(
            """
            UPDATE shortcut_launches
            SET state = 'claimed', claim_token = \(claimant.token), claim_pid = \(Int64(claimant.pid)), \
            claim_host = \(claimant.host), claim_start_ticks = \(Int64(bitPattern: claimant.startTicks)), \
            claimed_at = \(store.now()),
                attempts = attempts + 1
            WHERE id = \(id) AND state = 'queued'
            """ as SQL)
        guard db.changes == 1 else { return nil }
        return id
    }

    func finishLaunch(_ id: Int64, token: String, exitStatus: Int32) throws -> Bool {
        let state: LaunchRecord.State = exitStatus == 0 ? .done : .failed
        try db.execute(
            """
            UPDATE shortcut_launches SET state = \(state.rawValue), exit_status = \(Int64(exitStatus)), \
            finished_at = \(store.now()), claim_token = NULL
            WHERE id = \(id) AND state = 'claimed' AND claim_token = \(token)
            """ as SQL)
        return db.changes == 1
    }

    func requeueLaunch(_ id: Int64, expectedState: LaunchRecord.State, token: String?) throws -> Bool {
        try db.execute(
            """
            UPDATE shortcut_launches
            SET state = 'queued', claim_token = NULL, claimed_at = NULL, finished_at = NULL, exit_status = NULL
            WHERE id = \(id) AND state = \(expectedState.rawValue) AND claim_token IS NOT DISTINCT FROM \(token)
            """ as SQL)
        return db.changes == 1
    }

    func discardLaunch(_ id: Int64, expectedState: LaunchRecord.State) throws -> Bool {
        try db.execute(
            """
            UPDATE shortcut_launches SET state = 'discarded', claim_token = NULL, finished_at = \(store.now())
            WHERE id = \(id) AND state = \(expectedState.rawValue)
            """ as SQL)
        return db.changes == 1
    }

    /// A file's sessions ask `dataVersion` instead.
    func listenForLaunches() throws -> Int32? { nil }

    /// Whoever asks must look.
    func takeLaunchNotices() -> Bool { true }

    /// SQLite's count of commits by other connections (PRAGMA data_version reads no table).
    func dataVersion() throws -> Int64 {
        try db.queryFirst("PRAGMA data_version", { $0.int64(0) }) ?? 0
    }

    func openSession(_ process: Claimant, terminal: String) throws -> Int64 {
        try db.insert(
            """
            INSERT INTO open_sessions (pid, host, start_ticks, terminal, opened_at, active_seq)
            VALUES (\(Int64(process.pid)), \(process.host), \(Int64(bitPattern: process.startTicks)), \(terminal), \(store.now()), \
            (SELECT coalesce(max(active_seq), 0) + 1 FROM open_sessions))
            """ as SQL)
    }

    func touchSession(_ session: Int64) throws {
        try db.execute(
            "UPDATE open_sessions SET active_seq = (SELECT max(active_seq) + 1 FROM open_sessions) WHERE id = \(session)" as SQL)
    }

    func closeSession(_ session: Int64) throws {
        try db.execute("DELETE FROM open_sessions WHERE id = \(session)" as SQL)
    }
}
