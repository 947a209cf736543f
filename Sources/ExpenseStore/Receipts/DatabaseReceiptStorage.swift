import ExpenseSupport

/// The receipt storage of a team database: the bytes in the table receipt_contents, by their
/// SHA-256, in numbered chunks, stored once whoever captured them. Row security decides who
/// reads them: whoever sees a receipt of those bytes (its owner, and an approver or finance with
/// the report it belongs to). The owner sends them before the receipt's row; the server makes
/// them content only once they hash to their name (`PostgresSchema.receiptFunctions`), and a
/// receipt's row names only such content.
///
/// A file goes and comes a chunk per statement, so that the client never holds more than a chunk
/// of it at once (plus libpq's text form of that chunk, twice its size); the server holds it
/// whole once, to hash it.
/// No role may change or delete stored bytes: a damaged chunk stays damaged (`receipt verify`
/// says so) until the administrator restores it, and bytes no receipt refers to any more are the
/// administrator's to remove — only a role that bypasses row security sees them at all.
public final class DatabaseReceiptStorage: ReceiptStorage {
    let db: Database

    /// The bytes of one row. Large enough that a 20 MiB photo is 80 statements, small enough
    /// that a chunk, its hex text and the server's copy are a few MiB.
    public static let chunkSize = 256 << 10

    public init(_ db: Database) { self.db = db }

    public var place: ReceiptStoragePlace { .database(name: db.path) }

    /// Before: the server names in a receipt's row only bytes it has checked whole.
    public var writesAfterRow: Bool { false }

    public func localPath(of hash: String) -> String? { nil }

    public func contains(_ hash: String) throws -> Bool {
        try db.scalar("SELECT count(*) FROM receipt_contents WHERE sha256 = \(hash) AND chunk = 0" as SQL) > 0
    }

    /// Writes the chunks, unless bytes are stored under `hash` already: then they are re-read
    /// and must hash to it. A receipt's row may claim any hash, so stored bytes are trusted only
    /// once checked; damaged ones cannot be replaced by anyone but the administrator, so they are
    /// refused rather than attached to another receipt.
    @discardableResult
    public func store(_ bytes: [UInt8], hash: String) throws -> Bool {
        precondition(ReceiptVault.isHash(hash), "not a SHA-256: \(hash)")
        guard !bytes.isEmpty else { throw ExpenseError(.invalidData, "an empty file cannot be stored as a receipt") }
        if try contains(hash) {
            let health = try check(hash)
            guard health == .ok else { throw damaged(hash, health) }
            return false
        }
        // The chunks go to the sender's uploads; the server makes them content once they hash to
        // `hash`, in the same transaction, or refuses them all.
        return try db.inTransaction {
            var chunk: Int64 = 0
            var start = 0
            while start < bytes.count {
                try Cancellation.check()
                let end = min(start + Self.chunkSize, bytes.count)
                try ServerWrites.receiptChunk.call(on: db, hash, chunk, Array(bytes[start..<end]))
                chunk += 1
                start = end
            }
            return try ServerWrites.receiptContentFinish.call(on: db, hash)
        }
    }

    /// Chunk 0, 1, 2... each by its own query (one row, found by the primary key), until a number
    /// has none: a gap ends the bytes early, which their hash then tells.
    public func forEachPiece(of hash: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        var chunk: Int64 = 0
        while true {
            try Cancellation.check()
            let bytes = try db.queryFirst("SELECT bytes FROM receipt_contents WHERE sha256 = \(hash) AND chunk = \(chunk)" as SQL) {
                $0.blob(0)
            }
            guard let bytes else { break }
            try bytes.withUnsafeBufferPointer(body)
            chunk += 1
        }
        guard chunk > 0 else {
            throw ExpenseError(
                .noInput, .receiptFileMissing,
                "the bytes of receipt \(hash.prefix(12)) are missing from the database \(db.path)")
        }
    }

    public func check(_ hash: String) throws -> ReceiptHealth {
        let actual: String
        do {
            actual = try actualHash(of: hash)
        } catch let error as ExpenseError where error.code == .receiptFileMissing {
            return .missing
        }
        return actual == hash ? .ok : .corrupted(actual: actual)
    }

    /// Removes the bytes of `hash` when no receipt refers to them, which only a role that sees
    /// every receipt can tell (and no other may delete them): false, and nothing done, for others.
    @discardableResult
    public func remove(_ hash: String) throws -> Bool {
        guard try seesEverything() else { return false }
        try db.execute(
            """
            DELETE FROM receipt_contents
            WHERE sha256 = \(hash) AND NOT EXISTS (SELECT 1 FROM receipts r WHERE r.sha256 = receipt_contents.sha256)
            """ as SQL)
        return db.changes > 0
    }

    /// Every hash stored, with its size, that `referenced` lacks. Refused for a role under row
    /// security: it sees the bytes of the receipts it may see, never those of no receipt, and
    /// would take another's receipts for unreferenced bytes if it could see them.
    public func unreferenced(by referenced: Set<String>, now: Int) throws -> [ReceiptStorageEntry] {
        guard try seesEverything() else {
            throw ExpenseError(
                .permissionDenied,
                "only the administrator can tell which receipt bytes on a team database "
                    + "no receipt refers to: your role sees only the receipts it may see, and their bytes",
                hint: "a superuser, or a role made with BYPASSRLS, sees every receipt and may remove the bytes")
        }
        return try db.query(
            """
            SELECT sha256, sum(length(bytes)) FROM receipt_contents GROUP BY sha256 ORDER BY sha256
            """ as SQL
        ) { ReceiptStorageEntry(hash: $0.string(0), size: $0.int64(1), location: "receipt_contents") }
        .filter { !referenced.contains($0.hash ?? "") }
    }

    public func remove(unreferenced entries: [ReceiptStorageEntry]) throws {
        for hash in entries.compactMap(\.hash) {
            try Cancellation.check()
            try remove(hash)
        }
    }

    /// Unfinished uploads older than the server's expiry (`upload_limits`), by their sender and
    /// hash: row security shows a member her own, the administrator everyone's.
    public func expiredUploads() throws -> [ReceiptStorageEntry] {
        try db.query(
            """
            SELECT u.sha256, sum(octet_length(u.bytes)), u.owner FROM receipt_uploads u JOIN upload_limits l ON l.singleton = 1
            WHERE u.started_at < now() - make_interval(secs => l.expiry_seconds)
            GROUP BY u.owner, u.sha256 ORDER BY u.owner, u.sha256
            """ as SQL
        ) { ReceiptStorageEntry(hash: nil, size: $0.int64(1), location: "unfinished upload \($0.string(0).prefix(12)) by \($0.string(2))") }
    }

    /// Through the server's function: members write no table.
    public func removeExpiredUploads() throws {
        try ServerWrites.receiptUploadsGC.call(on: db)
    }

    /// Whether this connection's role bypasses row security (a superuser, or BYPASSRLS): only
    /// then does it see every receipt and every stored byte.
    func seesEverything() throws -> Bool {
        try db.scalar(SQL(verbatim: PostgresSchema.seesEveryRowSQL)) > 0
    }

    private func damaged(_ hash: String, _ health: ReceiptHealth) -> ExpenseError {
        ExpenseError(
            .invalidData,
            "the copy of these bytes in the database \(db.path) is damaged "
                + (health == .missing ? "(its first chunk is gone)" : "(its chunks no longer hash to \(hash.prefix(12)))")
                + "; nothing was captured",
            hint: "no one but the server's administrator may change stored receipt bytes: ask them to restore "
                + "receipt_contents for sha256 \(hash) from a backup, or to delete those rows so that the bytes can be captured anew")
    }
}
