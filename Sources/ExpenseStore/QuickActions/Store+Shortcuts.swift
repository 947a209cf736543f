import ExpenseCore
import ExpenseShortcuts
import ExpenseSupport
import PropertyList

/// The store keeps the dynamic quick actions and the launch inbox for ExpenseShortcuts, which
/// defines what it needs as `ShortcutStorage` and knows no SQL.
extension Store: ShortcutStorage {
    public func dynamicShortcuts() throws -> [DynamicShortcut] {
        try db.query(
            "SELECT \(Self.dynamicShortcutColumns) FROM dynamic_shortcuts ORDER BY enabled DESC, rank, type", Self.dynamicShortcut)
    }

    static let dynamicShortcutColumns: SQL =
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
            try writes.quickActions.clearDynamicShortcuts()
            for shortcut in shortcuts {
                try writes.quickActions.addDynamicShortcut(shortcut, at: stamp)
            }
        }
    }

    /// An item's user info as stored: a property list's XML, or NULL when it has none.
    static func storedUserInfo(_ item: ShortcutItem) -> String? {
        item.userInfo.isEmpty ? nil : PropertyListWriter.xml(.dictionary(item.userInfo))
    }

    public func appShortcutRecords() throws -> [AppShortcutRecord] {
        try db.query("SELECT plist_type, state, rank, disabled_message FROM app_shortcuts ORDER BY plist_type" as SQL) { row in
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
                try writes.quickActions.recordAppShortcut(
                    type: record.key, state: state, rank: rank, disabledMessage: message, at: stamp)
            }
        }
    }

    // MARK: - Launch inbox

    static let launchColumns: SQL = """
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
        try write { try requireLaunch(try writes.quickActions.enqueueLaunch(request)) }
    }

    /// A launch's arguments as stored: a property list's array of strings.
    static func storedArguments(_ request: LaunchRequest) -> String {
        PropertyListWriter.xml(.array(request.arguments.map { .string($0) }))
    }

    /// On a team database: LISTENs for launches queued by this role, and returns the connection's
    /// socket, readable when one comes (`takeLaunchNotices`), so an open session learns of it at
    /// once instead of asking. Nil on SQLite, whose sessions ask `dataVersion` instead.
    public func listenForLaunches() throws -> Int32? {
        try writes.quickActions.listenForLaunches()
    }

    /// True when a launch was queued for this role since the last call (a team database's
    /// notification); on SQLite, always true: whoever asks must look.
    public func takeLaunchNotices() -> Bool {
        writes.quickActions.takeLaunchNotices()
    }

    public func claimNextLaunch(_ claimant: Claimant, for session: Int64? = nil) throws -> LaunchRecord? {
        // One IMMEDIATE transaction: of two processes claiming at once the second sees the first's claim.
        try write {
            try writes.quickActions.claimNextLaunch(claimant, for: session).map { try requireLaunch($0) }
        }
    }

    @discardableResult
    public func finishLaunch(_ id: Int64, token: String, exitStatus: Int32) throws -> Bool {
        try write { try writes.quickActions.finishLaunch(id, token: token, exitStatus: exitStatus) }
    }

    public func launches(includingFinished: Bool) throws -> [LaunchRecord] {
        try db.query(
            """
            SELECT \(Self.launchColumns) FROM shortcut_launches
            WHERE \(includingFinished ? 1 : 0) = 1 OR state IN ('queued', 'claimed', 'failed') ORDER BY id
            """, Self.launch)
    }

    public func launch(_ id: Int64) throws -> LaunchRecord? {
        try db.queryFirst("SELECT \(Self.launchColumns) FROM shortcut_launches WHERE id = \(id)", Self.launch)
    }

    public func requeueLaunch(_ id: Int64, expectedState: LaunchRecord.State, token: String?) throws -> Bool {
        try write { try writes.quickActions.requeueLaunch(id, expectedState: expectedState, token: token) }
    }

    public func discardLaunch(_ id: Int64, expectedState: LaunchRecord.State) throws -> Bool {
        try write { try writes.quickActions.discardLaunch(id, expectedState: expectedState) }
    }

    private func requireLaunch(_ id: Int64) throws -> LaunchRecord {
        guard let record = try launch(id) else { throw ExpenseError(.notFound, "unknown launch \(id)") }
        return record
    }
}
