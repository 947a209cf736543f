import ExpenseSupport

/// One entry of the audit log as it is stored: its place in the log, its report, what it says
/// (the columns' text exactly, statuses included), and the hash that chains it to the entry before.
public struct AuditRecord: Sendable, Equatable {
    public var id: Int64
    public var reportID: Int64
    public var at: String
    public var actor: String
    public var action: String
    public var from: String
    public var to: String
    public var reason: String
    /// 64 lowercase hex digits; nil for an entry that was written without one.
    public var hash: String?

    public init(
        id: Int64, reportID: Int64, at: String, actor: String, action: String, from: String, to: String,
        reason: String, hash: String? = nil
    ) {
        self.id = id
        self.reportID = reportID
        self.at = at
        self.actor = actor
        self.action = action
        self.from = from
        self.to = to
        self.reason = reason
        self.hash = hash
    }

    /// `event 7 (report 3: approve by bob at 2026-03-10T09:00:00Z)`, for messages.
    public var described: String { "event \(id) (report \(reportID): \(action) by \(actor) at \(at))" }
}

/// The audit log as a hash chain: each entry's hash is SHA-256 over the hash of the entry before
/// it and its own content (id, report, time, actor, action, statuses, reason), so an entry changed,
/// added or removed by anything but the app breaks the chain at that entry. The app also keeps the
/// chain's end (`Head`: the last entry it wrote, and its hash), which shows an entry removed from
/// the end. This guards against accidents and other programs, not against the file's owner, who
/// can recompute every hash: a database server that holds the log out of the owner's reach can.
public enum AuditChain {
    /// What the first entry is chained to.
    public static let start = String(repeating: "0", count: 64)

    /// The last entry the app wrote and its hash.
    public struct Head: Sendable, Equatable {
        public var lastID: Int64
        public var lastHash: String

        public init(lastID: Int64, lastHash: String) {
            self.lastID = lastID
            self.lastHash = lastHash
        }
    }

    /// The hash of `record` chained after `previous`. Each field is written as its length in bytes,
    /// a colon, its UTF-8 bytes and a newline, so no two different records hash the same text.
    public static func hash(of record: AuditRecord, after previous: String) -> String {
        var hasher = SHA256()
        for field in [
            "expenses audit log v1", previous, String(record.id), String(record.reportID), record.at, record.actor,
            record.action, record.from, record.to, record.reason,
        ] {
            let bytes = Array(field.utf8)
            hasher.update(Array("\(bytes.count):".utf8))
            hasher.update(bytes)
            hasher.update([0x0A])
        }
        return SHA256.hex(digest: hasher.finalize())
    }

    /// Where the chain first breaks.
    public enum Break: Sendable, Equatable {
        /// The entry's content or hash is not what the app wrote.
        case changed(AuditRecord)
        /// The entry was not written by the app: it has no hash, or it lies past the last one the app wrote.
        case added(AuditRecord)
        /// Entries `from...through` are gone; `before` is the entry that follows them, nil at the end.
        case removed(from: Int64, through: Int64, before: AuditRecord?)
        /// The record of the chain's end is gone, so the end of the log cannot be vouched for.
        case endMissing(lastID: Int64)

        /// The event the message names first.
        public var eventID: Int64 {
            switch self {
            case .changed(let record), .added(let record): return record.id
            case .removed(let from, _, _): return from
            case .endMissing(let lastID): return lastID
            }
        }

        public var message: String {
            let prefix = "the audit log was altered outside expenses: "
            switch self {
            case .changed(let record):
                return prefix + "\(record.described) was changed"
            case .added(let record):
                return prefix + "\(record.described) was added" + (record.hash == nil ? " (it has no hash)" : "")
            case .removed(let from, let through, let before):
                let what = from == through ? "event \(from) was removed" : "events \(from) to \(through) were removed"
                return prefix + what + (before.map { " (the log goes on with \($0.described))" } ?? " from its end")
            case .endMissing(let lastID):
                return prefix + "the record of its last event was removed, so event \(lastID) and those before it "
                    + "cannot be told complete"
            }
        }
    }

    /// Checks the log entry by entry, in id order, without holding it: `check` each record, then
    /// `finish`. The first break is the one to report.
    public struct Verifier: Sendable {
        public let head: Head?
        public private(set) var count = 0
        private var last: AuditRecord?
        private var previousHash = AuditChain.start

        public init(head: Head?) { self.head = head }

        public mutating func check(_ record: AuditRecord) -> Break? {
            count += 1
            let previousID = last?.id ?? 0
            let previous = previousHash
            last = record
            previousHash = record.hash ?? ""
            guard let hash = record.hash, AuditChain.isHash(hash) else { return .added(record) }
            if let head, record.id > head.lastID { return .added(record) }
            if AuditChain.hash(of: record, after: previous) == hash {
                return nil
            }
            // Ids come from the database: compared without arithmetic that could overflow.
            if previousID < Int64.max, record.id > previousID + 1 {
                return .removed(from: previousID + 1, through: record.id - 1, before: record)
            }
            return .changed(record)
        }

        /// What the end of the log says, once every record was checked without a break.
        public func finish() -> Break? {
            let lastID = last?.id ?? 0
            guard let head else { return lastID == 0 ? nil : .endMissing(lastID: lastID) }
            if head.lastID > lastID { return .removed(from: lastID + 1, through: head.lastID, before: nil) }
            if let last, head.lastHash != previousHash { return .changed(last) }
            return nil
        }
    }

    static func isHash(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
