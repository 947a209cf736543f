import ExpenseCore
import ExpenseShortcuts
import ExpenseSupport
import PropertyList

/// The store keeps the dynamic quick actions and the launch inbox for ExpenseShortcuts, which
/// defines what it needs as `ShortcutStorage` and knows no SQL.
extension Store: ShortcutStorage {
    public func dynamicShortcuts() throws -> [DynamicShortcut] {
        try db.query(
            "SELECT \(Self.dynamicShortcutColumns) FROM dynamic_shortcuts ORDER BY enabled DESC, rank, type", [],
            Self.dynamicShortcut)
    }

    static let dynamicShortcutColumns =
        "type, title, subtitle, icon_type, icon_file, icon_symbol, user_info, rank, enabled, disabled_message, origin"

    /// A dynamic quick action of its row (`dynamicShortcutColumns`). An icon type this build does
    /// not name reads as none: the desktop's icon names change, the item stays usable.
    static func dynamicShortcut(_ row: Row) throws -> DynamicShortcut {
        let stored = StoredRow(row, table: "dynamic_shortcuts", id: "type")
        let userInfo =
            try stored.optionalDecoded(row.index("user_info"), as: "a property list's dictionary") {
                text -> PropertyListDictionary? in
                guard case .dictionary(let dictionary) = try PropertyList.parse(Array(text.utf8)) else { return nil }
                return dictionary
            } ?? PropertyListDictionary()
        let icon = ShortcutIcon(
            symbolName: row.optionalString("icon_symbol"), file: row.optionalString("icon_file"),
            type: row.optionalString("icon_type").flatMap(SystemIcon.init(plistName:)))
        let item = ShortcutItem(
            type: row.string("type"), title: row.string("title"), subtitle: row.optionalString("subtitle"),
            icon: icon, userInfo: userInfo)
        return DynamicShortcut(
            item: item, rank: try stored.integer("rank", as: Int.self, in: 0...Int.max),
            isEnabled: try stored.integer("enabled", as: Int64.self, in: 0...1) != 0,
            disabledMessage: row.optionalString("disabled_message"),
            origin: try stored.value("origin", as: DynamicShortcut.Origin.self))
    }

    public func replaceDynamicShortcuts(_ shortcuts: [DynamicShortcut]) throws {
        let stamp = now()
        try write {
            if writesThroughFunctions {
                try ServerWrites.shortcutsClear.call(on: db)
            } else {
                try db.execute("DELETE FROM dynamic_shortcuts")
            }
            for shortcut in shortcuts {
                let item = shortcut.item
                let row: [DatabaseValue] = [
                    .text(item.type), .text(item.title), DatabaseValue(item.subtitle), DatabaseValue(item.icon.type?.plistName),
                    DatabaseValue(item.icon.file), DatabaseValue(item.icon.symbolName),
                    item.userInfo.isEmpty ? .null : .text(PropertyListWriter.xml(.dictionary(item.userInfo))),
                    DatabaseValue(shortcut.rank), DatabaseValue(shortcut.isEnabled ? 1 : 0),
                    DatabaseValue(shortcut.disabledMessage), .text(shortcut.origin.rawValue), .text(stamp),
                ]
                if writesThroughFunctions {
                    try ServerWrites.shortcutAdd.call(
                        on: db, item.type, item.title, item.subtitle, item.icon.type?.plistName, item.icon.file,
                        item.icon.symbolName, item.userInfo.isEmpty ? nil : PropertyListWriter.xml(.dictionary(item.userInfo)),
                        Int64(shortcut.rank), shortcut.isEnabled ? 1 : 0, shortcut.disabledMessage, shortcut.origin.rawValue,
                        stamp)
                    continue
                }
                try db.execute(
                    """
                    INSERT INTO dynamic_shortcuts (type, title, subtitle, icon_type, icon_file, icon_symbol, user_info, rank,
                                                   enabled, disabled_message, origin, updated_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, row)
            }
        }
    }

    public func appShortcutRecords() throws -> [AppShortcutRecord] {
        try db.query("SELECT plist_type, state, rank, disabled_message FROM app_shortcuts ORDER BY plist_type") { row in
            let stored = StoredRow(row, table: "app_shortcuts", key: .column(0))
            let state: AppShortcutRecord.State
            switch try stored.decoded(
                1, as: "one of enabled, disabled, removed", { ["enabled", "disabled", "removed"].contains($0) ? $0 : nil })
            {
            case "enabled": state = .enabled(rank: try stored.integer(2, as: Int.self, in: 0...Int.max))
            case "disabled": state = .disabled(message: row.optionalString(3))
            default: state = .removed
            }
            return AppShortcutRecord(key: row.string(0), state: state)
        }
    }

    public func recordAppShortcuts(_ records: [AppShortcutRecord]) throws {
        let stamp = now()
        try write {
            for record in records {
                let (state, rank, message): (String, Int?, String?)
                switch record.state {
                case .enabled(let place): (state, rank, message) = ("enabled", place, nil)
                case .disabled(let text): (state, rank, message) = ("disabled", nil, text)
                case .removed: (state, rank, message) = ("removed", nil, nil)
                }
                let row: [DatabaseValue] = [
                    .text(record.key), .text(state), DatabaseValue(rank.map(Int64.init)), DatabaseValue(message),
                    .text(stamp),
                ]
                if writesThroughFunctions {
                    try ServerWrites.appShortcutRecord.call(on: db, record.key, state, rank.map(Int64.init), message, stamp)
                    continue
                }
                // published_at stays the first publication's.
                try db.execute(
                    """
                    INSERT INTO app_shortcuts (plist_type, state, rank, disabled_message, published_at) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (\(db.dialect.personalKey("plist_type"))) DO UPDATE
                    SET state = excluded.state, rank = excluded.rank, disabled_message = excluded.disabled_message
                    """, row)
            }
        }
    }

    // MARK: - Launch inbox

    static let launchColumns = """
        id, type, arguments, catalog, state, queued_at, claim_token, claim_pid, claim_host, claim_start_ticks,
        claimed_at, finished_at, exit_status, attempts
        """

    static func launch(_ row: Row) throws -> LaunchRecord {
        let stored = StoredRow(row, table: "shortcut_launches", id: "id")
        let arguments = try stored.decoded(row.index("arguments"), as: "a property list's array of strings") { text -> [String]? in
            guard case .array(let values) = try PropertyList.parse(Array(text.utf8)) else { return nil }
            return values.compactMap(\.stringValue)
        }
        var claim: Claimant?
        if let pid = try stored.optionalInteger("claim_pid", as: Int32.self) {
            claim = Claimant(
                token: row.optionalString("claim_token") ?? "", pid: pid,
                host: row.optionalString("claim_host") ?? "",
                startTicks: UInt64(bitPattern: row.int64("claim_start_ticks")))
        }
        return LaunchRecord(
            id: row.int64("id"), type: row.string("type"), arguments: arguments, catalog: row.optionalString("catalog"),
            state: try stored.value("state", as: LaunchRecord.State.self), queuedAt: row.string("queued_at"),
            claim: claim, claimedAt: row.optionalString("claimed_at"), finishedAt: row.optionalString("finished_at"),
            exitStatus: try stored.optionalInteger("exit_status", as: Int32.self),
            attempts: try stored.integer("attempts", as: Int.self, in: 0...Int.max))
    }

    public func enqueueLaunch(_ request: LaunchRequest) throws -> LaunchRecord {
        try write {
            let row: [DatabaseValue] = [
                .text(request.type), .text(PropertyListWriter.xml(.array(request.arguments.map { .string($0) }))),
                DatabaseValue(request.catalog), .text(now()), DatabaseValue(request.target),
            ]
            // A team database's function also tells this role's open sessions at once, when this commits.
            if writesThroughFunctions {
                let id = try ServerWrites.launchEnqueue.call(
                    on: db, request.type, PropertyListWriter.xml(.array(request.arguments.map { .string($0) })),
                    request.catalog, now(), request.target)
                return try requireLaunch(id)
            }
            let insertedID = try db.insert(
                "INSERT INTO shortcut_launches (type, arguments, catalog, queued_at, target_session) VALUES (?, ?, ?, ?, ?)", row)
            return try requireLaunch(insertedID)
        }
    }

    /// On a team database: LISTENs for launches queued by this role, and returns the connection's
    /// socket, readable when one comes (`takeLaunchNotices`), so an open session learns of it at
    /// once instead of asking. Nil on SQLite, whose sessions ask `dataVersion` instead.
    public func listenForLaunches() throws -> Int32? {
        guard let server = db as? PostgresDatabase else { return nil }
        let channel = try server.queryFirst("SELECT \(Self.launchChannelSQL)", []) { $0.string(0) } ?? ""
        // The channel is our own word and a role's number: nothing to quote.
        try server.execute("LISTEN \(channel)", [])
        return server.socket
    }

    /// True when a launch was queued for this role since the last call (a team database's
    /// notification); on SQLite, always true: whoever asks must look.
    public func takeLaunchNotices() -> Bool {
        guard let server = db as? PostgresDatabase else { return true }
        return server.takeNotifications() > 0
    }

    /// Each role's channel: its own, so one person's launches wake no one else's session. Named
    /// by the role's number, which needs no quoting, whatever the role's name.
    static let launchChannelSQL = "'expenses_launches_' || (SELECT oid FROM pg_roles WHERE rolname = session_user)::text"

    public func claimNextLaunch(_ claimant: Claimant, for session: Int64? = nil) throws -> LaunchRecord? {
        // One IMMEDIATE transaction: the write lock is taken before the read, so of two processes
        // claiming at once the second sees the first's claim; `AND state = 'queued'` says the same
        // again in the UPDATE itself.
        try write {
            if writesThroughFunctions {
                let id = try ServerWrites.launchClaim.call(
                    on: db, session, claimant.token, Int64(claimant.pid), claimant.host,
                    Int64(bitPattern: claimant.startTicks), now())
                return id == 0 ? nil : try requireLaunch(id)
            }
            guard
                let id = try db.queryFirst(
                    """
                    SELECT id FROM shortcut_launches
                    WHERE state = 'queued' AND (CAST(?1 AS INTEGER) IS NULL OR target_session IS NULL OR target_session = ?1) ORDER BY id LIMIT 1
                    """, [DatabaseValue(session)], { $0.int64(0) })
            else { return nil }
            try db.execute(
                """
                UPDATE shortcut_launches
                SET state = 'claimed', claim_token = ?, claim_pid = ?, claim_host = ?, claim_start_ticks = ?, claimed_at = ?,
                    attempts = attempts + 1
                WHERE id = ? AND state = 'queued'
                """,
                [
                    .text(claimant.token), .integer(Int64(claimant.pid)), .text(claimant.host),
                    .integer(Int64(bitPattern: claimant.startTicks)), .text(now()), .integer(id),
                ])
            guard db.changes == 1 else { return nil }
            return try requireLaunch(id)
        }
    }

    @discardableResult
    public func finishLaunch(_ id: Int64, token: String, exitStatus: Int32) throws -> Bool {
        try write {
            if writesThroughFunctions {
                return try ServerWrites.launchFinish.call(on: db, id, token, Int64(exitStatus), now())
            }
            try db.execute(
                """
                UPDATE shortcut_launches SET state = ?, exit_status = ?, finished_at = ?, claim_token = NULL
                WHERE id = ? AND state = 'claimed' AND claim_token = ?
                """,
                [
                    .text(exitStatus == 0 ? "done" : "failed"), .integer(Int64(exitStatus)), .text(now()), .integer(id),
                    .text(token),
                ])
            return db.changes == 1
        }
    }

    public func launches(includingFinished: Bool) throws -> [LaunchRecord] {
        try db.query(
            """
            SELECT \(Self.launchColumns) FROM shortcut_launches
            WHERE ? = 1 OR state IN ('queued', 'claimed', 'failed') ORDER BY id
            """, [.integer(includingFinished ? 1 : 0)], Self.launch)
    }

    public func launch(_ id: Int64) throws -> LaunchRecord? {
        try db.queryFirst("SELECT \(Self.launchColumns) FROM shortcut_launches WHERE id = ?", [.integer(id)], Self.launch)
    }

    public func requeueLaunch(_ id: Int64, expectedState: LaunchRecord.State, token: String?) throws -> Bool {
        try write {
            if writesThroughFunctions {
                return try ServerWrites.launchRequeue.call(on: db, id, expectedState.rawValue, token)
            }
            try db.execute(
                """
                UPDATE shortcut_launches
                SET state = 'queued', claim_token = NULL, claimed_at = NULL, finished_at = NULL, exit_status = NULL
                WHERE id = ? AND state = ? AND claim_token IS NOT DISTINCT FROM ?
                """, [.integer(id), .text(expectedState.rawValue), DatabaseValue(token)])
            return db.changes == 1
        }
    }

    public func discardLaunch(_ id: Int64, expectedState: LaunchRecord.State) throws -> Bool {
        try write {
            if writesThroughFunctions {
                return try ServerWrites.launchDiscard.call(on: db, id, expectedState.rawValue, now())
            }
            try db.execute(
                """
                UPDATE shortcut_launches SET state = 'discarded', claim_token = NULL, finished_at = ?
                WHERE id = ? AND state = ?
                """, [.text(now()), .integer(id), .text(expectedState.rawValue)])
            return db.changes == 1
        }
    }

    private func requireLaunch(_ id: Int64) throws -> LaunchRecord {
        guard let record = try launch(id) else { throw ExpenseError(.notFound, "unknown launch \(id)") }
        return record
    }
}
