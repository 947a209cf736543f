import ExpenseCore
import ExpenseShortcuts
import ExpenseSupport
import PropertyList
import Rendering

/// How quick actions, their icons and the launch inbox look in each output format.
enum ShortcutView {
    static func listing(_ entries: [ShortcutSet.Entry], includingDisabled: Bool) -> Listing {
        var columns: [Listing.Column] = [
            // The type is what `--shortcut TYPE` is given: whole. On a narrow terminal the icon, the
            // rank, the kind and then the subtitle give way before the title is cut.
            .init("position", "#"), .init("type", "type", fit: .whole), .init("title", "title"),
            .init("subtitle", "subtitle", drop: 1), .init("icon", "icon", drop: 4), .init("kind", "kind", drop: 2),
            .init("rank", "rank", drop: 3), .init("visible", "shown"),
        ]
        // Why one is disabled is read to its end.
        if includingDisabled { columns.append(.init("state", "state", fit: .wrap)) }
        let rows: [[Listing.Cell]] = entries.map { entry in
            var row: [Listing.Cell] = [
                entry.position.map { .int(Int64($0)) } ?? .null, .text(entry.item.type), .text(entry.item.title),
                .text(entry.item.subtitle ?? ""), .text(entry.item.icon.summary), .text(entry.kind.rawValue),
                entry.rank.map { .int(Int64($0)) } ?? .null, .text(entry.isVisible ? "yes" : ""),
            ]
            if includingDisabled {
                row.append(.text(entry.isEnabled ? "enabled" : "disabled" + (entry.disabledMessage.map { ": \($0)" } ?? "")))
            }
            return row
        }
        return Listing(columns: columns, rows: rows)
    }

    /// - Parameter launch: the program and options before `--shortcut TYPE`; `suffix` follows the type.
    static func json(_ entry: ShortcutSet.Entry, launch: [String], suffix: [String] = []) -> JSONValue {
        .object([
            ("type", .string(entry.item.type)), ("title", .string(entry.item.title)), ("subtitle", .string(entry.item.subtitle)),
            ("icon", json(entry.item.icon)), ("kind", .string(entry.kind.rawValue)),
            ("rank", entry.rank.map { .int(Int64($0)) } ?? .null), ("position", entry.position.map { .int(Int64($0)) } ?? .null),
            ("visible", .bool(entry.isVisible)), ("enabled", .bool(entry.isEnabled)),
            ("disabledMessage", .string(entry.disabledMessage)), ("userInfo", json(.dictionary(entry.item.userInfo))),
            ("exec", .array((launch + ["--shortcut", entry.item.type] + suffix).map { .string($0) })),
        ])
    }

    static func json(_ icon: ShortcutIcon) -> JSONValue {
        .object([
            ("type", .string(icon.type?.rawValue)), ("plistType", .string(icon.type?.plistName)), ("file", .string(icon.file)),
            ("symbolName", .string(icon.symbolName)), ("shown", .string(icon.summary.isEmpty ? nil : icon.summary)),
            ("freedesktopName", .string(icon.type?.freedesktopName)),
        ])
    }

    /// A plist value as JSON: dates as their ISO 8601 text, reals as decimal strings (as money
    /// is), data as base64.
    static func json(_ value: PropertyListValue) -> JSONValue {
        switch value {
        case .string(let text), .date(let text): return .string(text)
        case .integer(let number): return .int(number)
        case .real(let number): return .string(String(number))
        case .boolean(let flag): return .bool(flag)
        case .data(let bytes): return .string(Base64.encode(bytes))
        case .array(let values): return .array(values.map(json))
        case .dictionary(let dictionary): return .object(dictionary.entries.map { ($0.key, json($0.value)) })
        }
    }

    // MARK: - Launch inbox

    static func inboxListing(_ records: [LaunchRecord]) -> Listing {
        Listing(
            columns: [
                .init("id", "id"), .init("type", "type", fit: .whole), .init("status", "status", fit: .wrap),
                .init("queuedAt", "queued", fit: .whole), .init("attempts", "tries", drop: 1), .init("arguments", "arguments", fit: .wrap),
            ],
            rows: records.map { record in
                [
                    .int(record.id), .text(record.type), .text(record.status), .time(record.queuedAt),
                    .int(Int64(record.attempts)), .text(record.arguments.map(quoted).joined(separator: " ")),
                ]
            })
    }

    static func json(_ record: LaunchRecord) -> JSONValue {
        .object([
            ("id", .int(record.id)), ("type", .string(record.type)), ("state", .string(record.state.rawValue)),
            ("status", .string(record.status)), ("arguments", .array(record.arguments.map { .string($0) })),
            ("catalog", .string(record.catalog)), ("queuedAt", .string(record.queuedAt)), ("claimedAt", .string(record.claimedAt)),
            ("claimedBy", record.claim.map { .object([("pid", .int(Int64($0.pid))), ("host", .string($0.host))]) } ?? .null),
            ("finishedAt", .string(record.finishedAt)), ("exitStatus", record.exitStatus.map { .int(Int64($0)) } ?? .null),
            ("attempts", .int(Int64(record.attempts))),
        ])
    }

    /// A word as a shell would need it quoted, for showing a launch's arguments.
    static func quoted(_ word: String) -> String {
        guard word.isEmpty || word.containsScalar(in: [" ", "'", "\""]) else { return word }
        return "'" + word.replacingScalars { $0 == "'" ? "'\\''" : nil } + "'"
    }
}

/// `shortcuts list`: the quick actions in launcher order.
struct QuickActionList: Document {
    let entries: [ShortcutSet.Entry]
    let includingDisabled: Bool
    /// Under the table: how many a launcher shows, and where they come from.
    let note: String?
    /// The program and options before `--shortcut TYPE`, for each action's `exec`.
    let launch: [String]

    var rows: Listing? {
        var listing = ShortcutView.listing(entries, includingDisabled: includingDisabled)
        listing.note = note
        return listing
    }

    var text: String { rows?.table ?? "" }
    func writeText(width: Int?, _ emit: (String) -> Void) { rows?.table(width: width, emit: emit) }
    var json: JSONValue { .array(entries.map { ShortcutView.json($0, launch: launch) }) }
}

/// A change to the dynamic quick actions: what changed for people, every quick action after it
/// for programs.
struct QuickActionChange: Document {
    let message: String
    let entries: [ShortcutSet.Entry]
    let launch: [String]

    var text: String { message }

    var json: JSONValue {
        .object([("message", .string(message)), ("shortcuts", .array(entries.map { ShortcutView.json($0, launch: launch) }))])
    }

    var rows: Listing? { ShortcutView.listing(entries, includingDisabled: true) }
}

/// `shortcuts export` to standard output: a desktop entry, or the actions as JSON.
struct QuickActionExport: Document {
    let entries: [ShortcutSet.Entry]
    let json: JSONValue
    /// The desktop entry's text; nil when JSON was asked for.
    let desktopEntry: String?

    var text: String { desktopEntry ?? json.serialized() }
    var rows: Listing? { desktopEntry == nil ? nil : ShortcutView.listing(entries, includingDisabled: false) }
}

/// `shortcuts inbox`: the queued launches.
struct LaunchInboxList: Document {
    let records: [LaunchRecord]

    var rows: Listing? { ShortcutView.inboxListing(records) }
    var text: String { ShortcutView.inboxListing(records).table }
    func writeText(width: Int?, _ emit: (String) -> Void) { ShortcutView.inboxListing(records).table(width: width, emit: emit) }
    var json: JSONValue { .array(records.map(ShortcutView.json)) }
}

/// A launch queued with `--defer`.
struct QueuedLaunch: Document {
    let item: ShortcutItem
    let record: LaunchRecord

    var text: String {
        "Queued '\(item.title)' (\(item.type)) as launch \(record.id): a running expenses session runs it before its next prompt; "
            + "'expenses shortcuts inbox --deliver' runs it now."
    }

    var json: JSONValue { ShortcutView.json(record) }
    var rows: Listing? { ShortcutView.inboxListing([record]) }
}
